import Foundation

/// A snapshot of one job for `reel status`, `reel watch` and the monitor's pages.
public struct JobStatus: Sendable, Hashable {
    public var job: Job
    /// Segment counts, every state present (zero when none).
    public var segmentsByState: [SegmentState: Int]
    /// Frames in done segments (rendered or reused).
    public var framesDone: Int64
    /// Frames rendered by this job (reused parts excluded).
    public var framesRendered: Int64
    /// Frames the running segments have rendered so far (their attempts' heartbeats report them).
    public var framesInProgress: Int64
    /// The recent rendering rate, frames per second (`RecentRate`): the frames rendered during the last
    /// 60 s of the job's life (ending now, or when it finished), divided by that window (shorter when the job
    /// started less than 60 s before). Nil when no frame was rendered in the window (all parts reused, a job
    /// that has not started, a stalled one): never 0.0.
    public var framesPerSecond: Double?
    /// Time left at the recent rate: `framesRemaining / framesPerSecond`. Nil for a finished, failed or
    /// canceled job, and when there is no recent rate.
    public var eta: Duration?
    /// From the first claim to the end (finished jobs) or to now; nil before any segment was claimed.
    public var elapsed: Duration?
    /// The job's required tags that no live worker can serve (`JobStatus.unservedTags`); empty when some
    /// live worker carries them all, when the job needs no tags, or when it is no longer active.
    public var tagsNoLiveWorkerHas: [String]
    /// The serial tail: from the moment the last segment was done to the output's publication (waiting for a
    /// stitcher, then stitching). Nil until the job is done.
    public var stitchTail: Duration? = nil
    /// Every failed attempt, oldest first.
    public var failures: [SegmentFailure]
    /// The instant the snapshot was taken.
    public var at: Date

    public init(job: Job, segmentsByState: [SegmentState: Int], framesDone: Int64, framesRendered: Int64,
                framesInProgress: Int64, framesPerSecond: Double?, eta: Duration?, elapsed: Duration?,
                tagsNoLiveWorkerHas: [String], stitchTail: Duration? = nil, failures: [SegmentFailure], at: Date) {
        self.job = job; self.segmentsByState = segmentsByState; self.framesDone = framesDone
        self.framesRendered = framesRendered; self.framesInProgress = framesInProgress
        self.framesPerSecond = framesPerSecond; self.eta = eta; self.elapsed = elapsed
        self.tagsNoLiveWorkerHas = tagsNoLiveWorkerHas; self.stitchTail = stitchTail; self.failures = failures; self.at = at
    }

    /// Done frames plus frames in progress: what the progress bar shows (at most `job.frameCount`).
    public var framesProgress: Int64 { min(job.frameCount, framesDone + framesInProgress) }

    /// Frames still to render (in-progress frames count as rendered).
    public var framesRemaining: Int64 { job.frameCount - framesProgress }
}

/// One failed attempt of one segment, readable as "segment 3, attempt 3: <message>".
public struct SegmentFailure: Sendable, Hashable, CustomStringConvertible {
    public var segmentIndex: Int
    public var attempt: Int
    public var message: String
    public var workerID: String?
    public var at: Date
    /// `AttemptError.kind`.
    public var kind: String = AttemptError.Kind.unknown

    public init(segmentIndex: Int, attempt: Int, message: String, workerID: String?, at: Date,
                kind: String = AttemptError.Kind.unknown) {
        self.segmentIndex = segmentIndex; self.attempt = attempt; self.message = message; self.workerID = workerID
        self.at = at; self.kind = kind
    }

    public var description: String { "segment \(segmentIndex), attempt \(attempt): \(message)" }
}

/// What a driver aggregates over one job's segments for its `JobStatus`.
struct JobSegmentTotals: Sendable, Hashable {
    var counts: [SegmentState: Int] = [:]
    var framesDone: Int64 = 0
    var framesRendered: Int64 = 0
    var framesInProgress: Int64 = 0
    /// `RecentRate.windowFrames` summed over the job's segments.
    var windowFrames: Double = 0
    /// When the last of its done segments finished.
    var lastDoneAt: Date?
}

extension JobStatus {
    /// A worker counts as live for `unservedTags` when it is working or idle (`WorkerInfo.status`):
    /// seen within this long, neither draining nor stopped.
    public static let workerGoneAfter: Duration = .seconds(120)

    /// Builds the derived numbers (fps, ETA, elapsed, unserved tags) from a driver's totals.
    static func make(job: Job, totals t: JobSegmentTotals, failures: [SegmentFailure], workers: [WorkerInfo],
                     now: Date) -> JobStatus {
        var all = [SegmentState: Int]()
        for s in SegmentState.allCases { all[s] = t.counts[s] ?? 0 }
        let end = job.state.isActive ? now : (job.finishedAt ?? now)
        let fps = RecentRate.framesPerSecond(windowFrames: t.windowFrames, startedAt: job.startedAt, end: end)
        let elapsed = job.startedAt.map { Duration.microseconds(max(0, end.microsecondsSince1970 - $0.microsecondsSince1970)) }
        var status = JobStatus(job: job, segmentsByState: all, framesDone: t.framesDone, framesRendered: t.framesRendered,
                               framesInProgress: job.state.isActive ? t.framesInProgress : 0, framesPerSecond: fps,
                               eta: nil, elapsed: elapsed, tagsNoLiveWorkerHas: [], failures: failures, at: now)
        if job.state.isActive, let fps {
            let us = (Double(status.framesRemaining) / fps * 1_000_000).rounded()
            if us.isFinite, us < 1e17 { status.eta = .microseconds(Int64(us)) }   // a crawl has no useful ETA
        }
        if job.state.isActive {
            status.tagsNoLiveWorkerHas = unservedTags(job.requiredTags, workers: workers, now: now)
        }
        if job.state == .done, let published = job.finishedAt, let last = t.lastDoneAt {
            status.stitchTail = .microseconds(max(0, published.microsecondsSince1970 - last.microsecondsSince1970))
        }
        return status
    }

    /// The required tags no live worker can serve. A claim needs one worker carrying every tag: when a live
    /// worker has them all, none (empty); else the tags no live worker has at all, or, when each is carried
    /// by some worker but none has all, every required tag.
    public static func unservedTags(_ required: [String], workers: [WorkerInfo], now: Date) -> [String] {
        guard !required.isEmpty else { return [] }
        let live = workers.filter { ["working", "idle"].contains($0.status(now: now, goneAfter: workerGoneAfter)) }
        let need = Set(required)
        if live.contains(where: { need.isSubset(of: Set($0.tags)) }) { return [] }
        let carried = Set(live.flatMap(\.tags))
        let missing = required.filter { !carried.contains($0) }
        return missing.isEmpty ? required : missing
    }
}
