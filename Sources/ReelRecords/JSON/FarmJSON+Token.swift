import Foundation
import ReelQueue

extension FarmJSON {
    /// An API token as stored (`reel token list --json`): never the token or its hash, never the webhook secret.
    public static func token(_ t: TokenRecord) -> [String: Any] {
        ["id": t.id, "user": t.user, "scope": t.scope.rawValue, "created_at": time(t.createdAt),
         "expires_at": nullable(t.expiresAt.map(time)), "revoked_at": nullable(t.revokedAt.map(time)),
         "last_used_at": nullable(t.lastUsedAt.map(time)),
         "requests_per_minute": nullable(t.limits.requestsPerMinute), "max_active_jobs": nullable(t.limits.maxActiveJobs),
         "max_queued_frames": nullable(t.limits.maxQueuedFrames), "media_roots": t.mediaRoots,
         "output_root": nullable(t.outputRoot)]
    }
}
