/// The life of one segment. Raw values equal the `segments.state` labels in the database.
///
/// See docs/queue-states.md for the diagram. Each case names the components that move rows in and out.
public enum SegmentState: String, CaseIterable, Sendable, Codable {
    /// Waiting to be claimed.
    /// In: `jobInsert` (new segments), `segmentFail` (retries left), `segmentRelease` (drain),
    /// `rescueExpired` (lease expired, retries left), `jobRetry` (failed/canceled segments).
    /// Out: `segmentClaim` → running; `jobCancel` or the job failing → canceled.
    case available
    /// Leased to one worker, fenced by its lease token.
    /// In: `segmentClaim`. Out: `segmentComplete` → done; `segmentFail`/`rescueExpired` → available or failed;
    /// `segmentRelease` → available; `jobCancel` or the job failing → canceled.
    case running
    /// Its part is written and recorded. Terminal.
    /// In: `segmentComplete`, or `jobInsert` when an earlier job already holds a valid part with the same content hash.
    case done
    /// Every attempt failed; the job fails with it.
    /// In: `segmentFail`/`rescueExpired` at `maxAttempts`. Out: `jobRetry` → available.
    case failed
    /// Stopped because its job was canceled or failed; finished (done) siblings keep their parts.
    /// In: `jobCancel`, the job failing. Out: `jobRetry` → available.
    case canceled

    /// Whether a segment in this state may move to `next`. Staying in the same state is not a transition.
    public func canTransition(to next: SegmentState) -> Bool {
        switch (self, next) {
        case (.available, .running), (.available, .canceled): return true
        case (.running, .done), (.running, .available), (.running, .failed), (.running, .canceled): return true
        case (.failed, .available), (.canceled, .available): return true
        case (.done, .available): return true   // its part was missing at stitch time: rendered again
        default: return false
        }
    }

    /// States a worker may still hold a lease in (heartbeats see `.canceled` in the second).
    public var holdsLease: Bool { self == .running || self == .canceled }
}
