import Foundation
import ReelQueue

/// What the hub holds between refreshes. Guarded by `FarmHub.cond`.
struct HubState {
    var snapshot = HubSnapshot()
    var watchers: [Int64: Int] = [:]
    /// Jobs whose detail was asked for through the API (each known to exist), held in the snapshot until the
    /// instant given; at most `FarmHub.Options.heldLimit` (`hold`).
    var brief: [Int64: Date] = [:]
    /// The database error last written to the log, so that an outage is logged once, not at every refresh.
    var loggedError: String?
    var streams = 0
    var closed = false
    var kicked = false
    var lastDemand = Date.distantPast
    /// Queued (claimable or backing off) segments over the last hour, one sample per minute at most.
    var depth: [(at: Date, segments: Int)] = []

    /// The next snapshot's data (its encodings are made by `encode`, outside the hub's lock).
    mutating func prepare(_ read: HubRead) -> HubSnapshot {
        var next = snapshot
        next.version += 1
        next.at = read.at
        if read.error != nil {
            next.error = HubSnapshot.unreadable
        } else {
            next.error = nil
            next.statuses = read.statuses
            next.workers = read.workers
            next.metrics = read.metrics
            next.details = read.details
            recordDepth(read)
        }
        next.depth = depth
        return next
    }

    /// Holds job `id` in the snapshot until `until`; past `limit` jobs, the one asked for longest ago is let go.
    mutating func hold(_ id: Int64, until: Date, limit: Int) {
        brief[id] = until
        while brief.count > max(1, limit), let oldest = brief.min(by: { $0.value < $1.value }) { brief[oldest.key] = nil }
    }

    static func encode(_ next: inout HubSnapshot) {
        next.overviewJSON = HubJSON.overview(next)
        next.detailJSON = Dictionary(uniqueKeysWithValues: next.details.map { ($0.key, HubJSON.detail($0.value, at: next.at)) })
    }

    private mutating func recordDepth(_ read: HubRead) {
        let queued = read.metrics?.segmentsByState[.available]
            ?? read.statuses.reduce(0) { $0 + ($1.job.state.isActive ? ($1.segmentsByState[.available] ?? 0) : 0) }
        if let last = depth.last, read.at.timeIntervalSince(last.at) < 60 {
            depth[depth.count - 1].segments = max(last.segments, queued)
        } else {
            depth.append((read.at, queued))
        }
        depth.removeAll { read.at.timeIntervalSince($0.at) > 3600 }
    }
}

/// One published snapshot: the data and its encodings, shared by every client until the next refresh.
public struct HubSnapshot: @unchecked Sendable {
    /// Increases with every refresh; event streams send when it changes.
    public var version = 0
    public var at = Date.distantPast
    /// Set when the last refresh failed (the data is then the previous snapshot's): `unreadable`, and nothing of the
    /// database's own message, which names tables and roles; that goes to the operator's log.
    public var error: String?
    /// What clients are told when the database cannot be read.
    public static let unreadable = "the database cannot be read"
    public var statuses: [JobStatus] = []
    public var workers: [WorkerInfo] = []
    public var metrics: QueueMetrics?
    var details: [Int64: JobDetail] = [:]
    var depth: [(at: Date, segments: Int)] = []
    var overviewJSON = Data("{}".utf8)
    var detailJSON: [Int64: Data] = [:]
}

/// One job with its segments, for the strip.
struct JobDetail {
    var status: JobStatus
    var segments: [Segment]
    /// Its webhook deliveries, oldest first (none on a queue without webhooks).
    var webhooks: [WebhookDelivery] = []
}
