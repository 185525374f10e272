import Foundation

/// Parameters of `jobInsert`.
public struct JobInsertParams: Sendable {
    public var spec: JobSpec
    /// Whether to mark segments done at once when an earlier job holds a part with the same content hash.
    public var reuseParts: Bool
    /// Asked for each candidate part (e.g. "is its manifest still valid?"); only valid parts are reused.
    public var partIsValid: @Sendable (PartCandidate) -> Bool
    /// What the spec's owner may hold in the queue with this job (an API token's caps); none by default. A job
    /// over a cap is refused with `QueueError.capReached`, and nothing is inserted.
    public var caps: OwnerCaps

    public init(spec: JobSpec, reuseParts: Bool = true, caps: OwnerCaps = OwnerCaps(),
                partIsValid: @escaping @Sendable (PartCandidate) -> Bool = { _ in true }) {
        self.spec = spec
        self.reuseParts = reuseParts
        self.caps = caps
        self.partIsValid = partIsValid
    }
}

/// A done part an earlier job left, offered for reuse by `jobInsert`.
public struct PartCandidate: Sendable, Hashable {
    /// The content hash the new segment and the old one share.
    public var contentHash: String
    /// Where the earlier job's worker recorded the part.
    public var location: String

    public init(contentHash: String, location: String) {
        self.contentHash = contentHash
        self.location = location
    }
}

/// Parameters of `jobList` and `jobStatusList`.
public struct JobListParams: Sendable, Hashable {
    /// Only jobs in these states; all when empty.
    public var states: [JobState]
    /// At most this many, newest first.
    public var limit: Int
    /// Only jobs whose name contains this text, ignoring case (matched literally: `%` and `_` are plain
    /// characters); all when nil or empty.
    public var search: String?
    /// Skips this many of the matching jobs (newest first), for paging.
    public var offset: Int
    /// Only the jobs of this owner (`Job.owner`); all when nil. `jobList(_:as:)` sets it for a submit-scoped principal.
    public var owner: String?

    public init(states: [JobState] = [], limit: Int = 100, search: String? = nil, offset: Int = 0,
                owner: String? = nil) {
        self.states = states
        self.limit = limit
        self.search = search
        self.offset = offset
        self.owner = owner
    }

    /// Whether `job` passes the state, owner and name filters (the in-memory driver's twin of the SQL).
    func matches(_ job: Job) -> Bool {
        guard states.isEmpty || states.contains(job.state) else { return false }
        guard owner == nil || owner == job.owner else { return false }
        guard let search, !search.isEmpty else { return true }
        return job.name.lowercased().contains(search.lowercased())
    }
}

/// Parameters of `QueueMonitoring.contentHashListActive`.
public struct ContentHashListParams: Sendable, Hashable {
    /// When set, only these hashes are looked up; nil lists every referenced hash.
    public var among: [String]?

    public init(among: [String]? = nil) {
        self.among = among
    }
}

/// Parameters of `segmentClaim`.
public struct SegmentClaimParams: Sendable, Hashable {
    public var workerID: String
    /// At most this many segments.
    public var limit: Int
    /// How long the lease lasts unless extended by a heartbeat.
    public var leaseDuration: Duration
    /// The worker's tags; a segment is claimed only if its job's required tags are all here.
    public var tags: [String]
    /// The lease token, made by the caller: a claim repeated with the same token (a rerun after its reply
    /// was lost) returns the segments it already holds instead of claiming more, so no lease is orphaned
    /// and no attempt burned.
    public var token: UUID

    public init(workerID: String, limit: Int = 1, leaseDuration: Duration = .seconds(60), tags: [String] = [],
                token: UUID = UUID()) {
        self.workerID = workerID
        self.limit = limit
        self.leaseDuration = leaseDuration
        self.tags = tags
        self.token = token
    }
}

/// Parameters of `segmentComplete`.
public struct SegmentCompleteParams: Sendable, Hashable {
    public var lease: Lease
    /// Where the part was written (name it with attempt and token so zombies never overwrite it).
    public var partLocation: String
    public var stats: RenderStats

    public init(lease: Lease, partLocation: String, stats: RenderStats) {
        self.lease = lease
        self.partLocation = partLocation
        self.stats = stats
    }
}

/// Parameters of `segmentFail`.
public struct SegmentFailParams: Sendable, Hashable {
    public var lease: Lease
    /// What went wrong, for people.
    public var message: String
    /// The retry delay is `backoff.delay(afterAttempt: lease.attempt)`.
    public var backoff: Backoff
    /// No retry can help (the input is at fault): the segment fails now, whatever attempts are left.
    public var permanent: Bool
    /// The failure's kind (`AttemptError.Kind`); nil means "input" when permanent, else "render".
    public var kind: String?

    public init(lease: Lease, message: String, backoff: Backoff = Backoff(), permanent: Bool = false,
                kind: String? = nil) {
        self.lease = lease
        self.message = message
        self.backoff = backoff
        self.permanent = permanent
        self.kind = kind
    }

    /// The kind recorded: `kind`, or "input"/"render" by `permanent`.
    public var recordedKind: String { kind ?? (permanent ? AttemptError.Kind.input : AttemptError.Kind.render) }
}

/// Parameters of `rescueExpired`.
public struct RescueParams: Sendable, Hashable {
    /// Retry delay after an expired attempt, as for failures.
    public var backoff: Backoff
    /// At most this many segments per sweep.
    public var limit: Int

    public init(backoff: Backoff = Backoff(), limit: Int = 1000) {
        self.backoff = backoff
        self.limit = limit
    }
}

/// Parameters of `stitchClaim`.
public struct StitchClaimParams: Sendable, Hashable {
    public var workerID: String
    public var leaseDuration: Duration
    public var tags: [String]
    /// Also claim a job still rendering whose first segment is done (a rolling stitcher).
    public var rolling: Bool
    /// With `rolling`, claim a job as soon as its first segment is claimed (running), not only once it is done: the
    /// stitcher then encodes the audio of the first parts while their pictures render
    /// (`RollingStitcher.encodeAudioAhead`).
    /// `reel render` asks for it: its stitcher thread serves one job and would otherwise wait idle, and a job cut into
    /// few segments has most of its audio in the first of them. A farm's stitcher does not: it holds one job at a time,
    /// and should not hold one whose first part may take long while another job's parts are done.
    public var fromFirstClaim: Bool

    public init(workerID: String, leaseDuration: Duration = .seconds(300), tags: [String] = [], rolling: Bool = false,
                fromFirstClaim: Bool = false) {
        self.workerID = workerID
        self.leaseDuration = leaseDuration
        self.tags = tags
        self.rolling = rolling
        self.fromFirstClaim = fromFirstClaim
    }
}

/// Parameters of `workerRegister`.
public struct WorkerRegisterParams: Sendable, Hashable {
    public var workerID: String
    public var host: String
    public var pid: Int
    public var version: String
    public var tags: [String]

    public init(workerID: String, host: String, pid: Int, version: String, tags: [String] = []) {
        self.workerID = workerID; self.host = host; self.pid = pid; self.version = version; self.tags = tags
    }
}

/// Parameters of `workerHeartbeat`.
public struct WorkerHeartbeatParams: Sendable, Hashable {
    public var workerID: String
    public var currentSegmentID: Int64?
    public var recentFramesPerSecond: Double?
    /// Segments completed since the last heartbeat (added to the worker's total).
    public var segmentsDoneDelta: Int

    public init(workerID: String, currentSegmentID: Int64? = nil, recentFramesPerSecond: Double? = nil,
                segmentsDoneDelta: Int = 0) {
        self.workerID = workerID; self.currentSegmentID = currentSegmentID
        self.recentFramesPerSecond = recentFramesPerSecond; self.segmentsDoneDelta = segmentsDoneDelta
    }
}
