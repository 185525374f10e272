import Foundation

/// Farm-wide numbers for `/metrics`, the jobs page and alerts, read in one snapshot
/// (`QueueMonitoring.metricsSample`). Counts of rows still in the tables: a pruned job takes its segments
/// with it, which Prometheus reads as a counter reset.
public struct QueueMetrics: Sendable, Hashable {
    /// The instant the snapshot was taken (the queue clock).
    public var at: Date
    /// Jobs by state, every state present (zero when none).
    public var jobsByState: [JobState: Int]
    /// Segments by state, every state present (zero when none).
    public var segmentsByState: [SegmentState: Int]
    /// Frames rendered by workers into done segments (reused parts excluded).
    public var framesRendered: Int64
    /// Frames of done segments that reused an earlier job's part.
    public var framesReused: Int64
    /// Render wall time of done, rendered segments.
    public var segmentRenderSeconds: QueueHistogram
    /// Claim latency: from the moment a segment became claimable (`scheduledAt`) to its claim.
    public var claimWaitSeconds: QueueHistogram
    /// Stitch step wall time of done jobs (claim of the stitch to publication).
    public var stitchSeconds: QueueHistogram
    /// The age of the oldest claimable segment (available, `scheduledAt` passed); nil when none waits.
    public var oldestQueuedAge: Duration?
    /// Failures by kind: every recorded attempt error of a segment by `AttemptError.kind` ("input", "render",
    /// "lease_expired", "stall", "part_missing", "unknown" for old rows), plus "stitch": jobs that failed in
    /// their stitch step (a stitch attempt that failed and was retried is not counted).
    public var failuresByKind: [String: Int64]
    /// Frames that reached done segments per minute over the last hour, oldest minute first (60 entries).
    public var framesPerMinute: [Int64]
    /// Registered workers (fps and heartbeat age are derived from these and `at`).
    public var workers: [WorkerInfo]

    public init(at: Date, jobsByState: [JobState: Int] = [:], segmentsByState: [SegmentState: Int] = [:],
                framesRendered: Int64 = 0, framesReused: Int64 = 0,
                segmentRenderSeconds: QueueHistogram = .init(), claimWaitSeconds: QueueHistogram = .init(),
                stitchSeconds: QueueHistogram = .init(), oldestQueuedAge: Duration? = nil,
                failuresByKind: [String: Int64] = [:], framesPerMinute: [Int64] = [], workers: [WorkerInfo] = []) {
        self.at = at; self.jobsByState = jobsByState; self.segmentsByState = segmentsByState
        self.framesRendered = framesRendered; self.framesReused = framesReused
        self.segmentRenderSeconds = segmentRenderSeconds; self.claimWaitSeconds = claimWaitSeconds
        self.stitchSeconds = stitchSeconds; self.oldestQueuedAge = oldestQueuedAge
        self.failuresByKind = failuresByKind; self.framesPerMinute = framesPerMinute; self.workers = workers
    }
}

/// A cumulative histogram in Prometheus' sense: `cumulativeCounts[i]` observations were ≤ `upperBounds[i]`
/// seconds; `count` and `sum` cover all observations (the implicit `+Inf` bucket is `count`).
public struct QueueHistogram: Sendable, Hashable {
    /// Ascending upper bounds, in seconds.
    public var upperBounds: [Double]
    /// Cumulative counts, one per upper bound.
    public var cumulativeCounts: [Int64]
    public var count: Int64
    /// The sum of all observations, in seconds.
    public var sum: Double

    /// Default buckets, 0.05 s to 30 min.
    public static let defaultBounds: [Double] = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800]

    public init(upperBounds: [Double] = QueueHistogram.defaultBounds, cumulativeCounts: [Int64]? = nil,
                count: Int64 = 0, sum: Double = 0) {
        self.upperBounds = upperBounds
        self.cumulativeCounts = cumulativeCounts ?? Array(repeating: 0, count: upperBounds.count)
        self.count = count
        self.sum = sum
    }

    /// The bounds in whole microseconds, as both drivers compare stored durations with them.
    public var upperBoundsMicroseconds: [Int64] { upperBounds.map { Int64(($0 * 1_000_000).rounded()) } }

    /// The bucket an observation of `us` microseconds falls in: the first bound it does not exceed, or
    /// `upperBounds.count` (the `+Inf` bucket).
    func bucket(microseconds us: Int64) -> Int {
        upperBoundsMicroseconds.firstIndex { us <= $0 } ?? upperBounds.count
    }

    /// A histogram from per-bucket counts (`bucket(microseconds:)`, not cumulative; `upperBounds.count + 1`
    /// entries at most, missing ones zero) and the sum of the observations in microseconds.
    init(upperBounds: [Double] = QueueHistogram.defaultBounds, bucketCounts: [Int: Int64], sumMicroseconds: Int64) {
        var cumulative = [Int64](), running: Int64 = 0
        for i in upperBounds.indices {
            running += bucketCounts[i] ?? 0
            cumulative.append(running)
        }
        self.init(upperBounds: upperBounds, cumulativeCounts: cumulative,
                  count: bucketCounts.values.reduce(0, +), sum: Double(sumMicroseconds) / 1_000_000)
    }

    /// A histogram of durations given in microseconds (the in-memory driver's twin of the SQL).
    init(upperBounds: [Double] = QueueHistogram.defaultBounds, microseconds values: [Int64]) {
        var counts = [Int: Int64]()
        let probe = QueueHistogram(upperBounds: upperBounds)
        for v in values { counts[probe.bucket(microseconds: v), default: 0] += 1 }
        self.init(upperBounds: upperBounds, bucketCounts: counts, sumMicroseconds: values.reduce(0, +))
    }

    /// Adds one observation of `seconds`.
    public mutating func observe(_ seconds: Double) {
        for (i, bound) in upperBounds.enumerated() where seconds <= bound { cumulativeCounts[i] += 1 }
        count += 1
        sum += seconds
    }
}
