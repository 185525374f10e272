import ReelModel

/// A range of one source that a segment must decode.
public struct SourceRead: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, Codable { case video, audio }

    public var kind: Kind
    public var asset: AssetID
    /// The media times the segment uses: from the first shown (heard) instant up to the end of
    /// the last. A freeze frame reads the single frame at `media.start` (empty range).
    public var media: TimeRange
    /// Where decoding starts: the last keyframe at or before `media.start` when keyframes are
    /// known, else `media.start` minus the pre-roll, never below 0. What is decoded before
    /// `media.start` is discarded.
    public var readFrom: RationalTime
}

/// One independently renderable piece of the output.
public struct SegmentPlan: Sendable, Hashable {
    public var index: Int
    /// Output frames `[f0, f1)`.
    public var frames: Range<Int64>
    /// Timeline samples `[S(f0), S(f1))`.
    public var samples: Range<Int64>
    /// `[t(f0), t(f1))`.
    public var timeRange: TimeRange
    /// Indices into `Plan.instructions` that show at least one of the segment's frames.
    public var instructions: Range<Int>
    /// What to decode, video reads first (in layer order of first appearance), then audio.
    public var decode: [SourceRead]
    /// Indices into `Composition.titles` shown in at least one of the segment's frames.
    public var titles: [Int]
    /// Indices into `Composition.audioItems` heard in at least one of the segment's samples.
    public var audioItems: [Int]
    /// Hex SHA-256 of everything that determines the segment's pixels and samples, described
    /// relative to the segment's own start, so content that merely moved keeps its hash.
    public var contentHash: String
}
