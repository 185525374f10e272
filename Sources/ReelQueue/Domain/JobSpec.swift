import Foundation

/// What `jobInsert` writes: one job and all its segments, in one transaction.
public struct JobSpec: Sendable, Hashable {
    /// A label for people; stored verbatim (never interpolated into SQL).
    public var name: String
    /// Who submitted it.
    public var owner: String
    /// The composition: a document or its location. Opaque to the queue.
    public var composition: String
    /// Where the stitched output goes. Opaque to the queue.
    public var outputLocation: String
    /// Higher is claimed first. Copied onto every segment.
    public var priority: Int
    /// Attempts per segment before the job fails (≥ 1).
    public var maxAttempts: Int
    /// A worker claims this job's segments only when it has all of these tags.
    public var requiredTags: [String]
    /// The segments, each with a unique index.
    public var segments: [SegmentSpec]
    /// Told by an HTTP POST when the job ends (http or https, at most 2,048 bytes); nil: nobody.
    public var webhookURL: String?
    /// The API token that submitted it (its secret signs the webhooks); nil: the CLI or the operator's token.
    public var tokenID: Int64?

    public init(name: String, owner: String = "", composition: String, outputLocation: String,
                priority: Int = 0, maxAttempts: Int = 3, requiredTags: [String] = [], segments: [SegmentSpec]) {
        self.name = name
        self.owner = owner
        self.composition = composition
        self.outputLocation = outputLocation
        self.priority = priority
        self.maxAttempts = maxAttempts
        self.requiredTags = requiredTags
        self.segments = segments
    }

    /// The total number of frames over all segments.
    public var frameCount: Int64 { segments.reduce(0) { $0 + $1.frames.count64 } }

    /// - Throws: `QueueError.invalidSpec` saying what is wrong.
    public func validate() throws(QueueError) {
        guard !name.isEmpty else { throw QueueError.invalidSpec("job name is empty") }
        guard !segments.isEmpty else { throw QueueError.invalidSpec("job \"\(name)\" has no segments") }
        guard maxAttempts >= 1 else { throw QueueError.invalidSpec("maxAttempts \(maxAttempts) must be at least 1") }
        if let url = webhookURL, url.utf8.count > 2048 || !(url.hasPrefix("http://") || url.hasPrefix("https://")) {
            throw QueueError.invalidSpec("the webhook URL must be http or https, at most 2048 bytes")
        }
        var seen = Set<Int>()
        for s in segments {
            guard seen.insert(s.index).inserted else { throw QueueError.invalidSpec("segment index \(s.index) repeats") }
            try s.validate()
        }
    }
}

/// One segment of a job: a frame range, its audio sample range and a content hash.
public struct SegmentSpec: Sendable, Hashable {
    /// Position in the job (0-based, unique); the stitcher joins parts in this order.
    public var index: Int
    /// Frames `[start, end)` of the output.
    public var frames: Range<Int64>
    /// Audio samples `[S(start), S(end))`.
    public var samples: Range<Int64>
    /// Hash of everything that determines the part's bytes; equal hashes may share a part.
    public var contentHash: String

    public init(index: Int, frames: Range<Int64>, samples: Range<Int64>, contentHash: String) {
        self.index = index
        self.frames = frames
        self.samples = samples
        self.contentHash = contentHash
    }

    /// - Throws: `QueueError.invalidSpec` for a negative index, an empty frame range or an empty hash.
    public func validate() throws(QueueError) {
        guard index >= 0 else { throw QueueError.invalidSpec("segment index \(index) is negative") }
        guard !frames.isEmpty, frames.lowerBound >= 0 else {
            throw QueueError.invalidSpec("segment \(index): frame range \(frames) is empty or negative")
        }
        guard samples.lowerBound >= 0 else { throw QueueError.invalidSpec("segment \(index): negative samples") }
        guard !contentHash.isEmpty else { throw QueueError.invalidSpec("segment \(index): empty content hash") }
    }
}

extension Range where Bound == Int64 {
    /// The number of elements, as `Int64`.
    public var count64: Int64 { upperBound - lowerBound }
}
