import Foundation
import ReelQueue

/// What the hub holds between refreshes. Guarded by `FarmHub.cond`.
struct HubState {
    var snapshot = HubSnapshot()
    var watchers: [Int64: Int] = [:]
    /// Jobs whose detail was asked for through the API, held in the snapshot until the instant given.
    var brief: [Int64: Date] = [:]
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
        if let error = read.error {
            next.error = error
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
    /// Why the last refresh failed (the data is then the previous snapshot's).
    public var error: String?
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
}
