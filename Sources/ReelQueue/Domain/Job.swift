import Foundation

/// A job as stored.
public struct Job: Sendable, Hashable, Identifiable {
    public var id: Int64
    public var name: String
    public var owner: String
    public var composition: String
    public var outputLocation: String
    public var state: JobState
    public var priority: Int
    public var maxAttempts: Int
    public var requiredTags: [String]
    /// How many segments the job has.
    public var segmentCount: Int
    /// How many frames all its segments hold.
    public var frameCount: Int64
    /// Why it failed, for people: "segment 3, attempt 3: <message>" or "stitch, attempt 1: <message>".
    public var error: String?
    /// How many times the stitch step was claimed.
    public var stitchAttempt: Int
    public var createdAt: Date
    public var startedAt: Date?
    public var finishedAt: Date?
    /// When the job entered `stitching` (every segment done, a stitcher holding it) for the latest time.
    public var stitchStartedAt: Date?
    /// Parts the current stitcher has appended to the output so far (a rolling stitcher appends them while
    /// later segments still render); 0 before a stitcher reports.
    public var stitchedSegments: Int = 0
    /// The stitch step's wall time, from entering `stitching` to publication (done jobs).
    public var stitchDuration: Duration?
    /// The published output's size, when the stitcher reported it.
    public var outputBytes: Int64?
    /// What reaching the output's loudness target took, as the stitcher reported it (a JSON object; done jobs
    /// with `output.audio.loudness` only).
    public var loudness: String?
    /// Told when the job ends (`JobSpec.webhookURL`).
    public var webhookURL: String?
    /// The API token that submitted it (`JobSpec.tokenID`).
    public var tokenID: Int64?

    public init(id: Int64, name: String, owner: String, composition: String, outputLocation: String,
                state: JobState, priority: Int, maxAttempts: Int, requiredTags: [String], segmentCount: Int,
                frameCount: Int64, error: String?, stitchAttempt: Int, createdAt: Date, startedAt: Date?,
                finishedAt: Date?) {
        self.id = id; self.name = name; self.owner = owner; self.composition = composition
        self.outputLocation = outputLocation; self.state = state; self.priority = priority
        self.maxAttempts = maxAttempts; self.requiredTags = requiredTags; self.segmentCount = segmentCount
        self.frameCount = frameCount; self.error = error; self.stitchAttempt = stitchAttempt
        self.createdAt = createdAt; self.startedAt = startedAt; self.finishedAt = finishedAt
    }
}

/// What `jobInsert` returns.
public struct JobInsertResult: Sendable, Hashable {
    /// The new job's id.
    public var jobID: Int64
    /// Segments marked done at once because an earlier job already holds a valid part with their content hash.
    public var reusedSegments: Int
}
