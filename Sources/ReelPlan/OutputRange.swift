import ReelModel

/// A sub-range of the timeline to render and publish (`--range A..B`, as `AVAssetExportSession.timeRange`
/// does it), in exact seconds.
///
/// The output holds exactly the frames that start inside `[A, B)`: `ceil(A·fps) ..< ceil(B·fps)`, the
/// timeline's own rounding rule (`TimelineClock.frames(in:)`), clipped to the timeline; and the samples of
/// those frames by the project's rule, `S(f0) ..< S(f1)`. At 30 fps and 48 kHz, `3.5..7.25` is frames
/// `105 ..< 218` (113 frames) and samples `168000 ..< 348800` (180800 samples).
public struct OutputRange: Sendable, Hashable, CustomStringConvertible {
    /// The text it was read from, for messages ("3.5..7.25", "..2", "10..").
    public let text: String
    /// `A`, never negative (0 when left out).
    public let start: RationalTime
    /// `B`; nil when left out: the timeline's end.
    public let end: RationalTime?

    public var description: String { text }

    /// Reads `A..B` in exact seconds (`2.5`, `7/30`); either end may be left out.
    /// - Throws: `RangeProblem.malformed` or `.notSeconds`.
    public init(parsing text: String) throws(RangeProblem) {
        let parts = text.split(separator: "..", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 else { throw .malformed(text: text) }
        func seconds(_ part: String) throws(RangeProblem) -> RationalTime {
            do { return try RationalTime(PlanOptions.parseSeconds(part)) } catch { throw .notSeconds(text: text, part: part) }
        }
        self.text = text
        start = parts[0].isEmpty ? .zero : try seconds(parts[0])
        end = parts[1].isEmpty ? nil : try seconds(parts[1])
    }

    /// The output frames of this range on a timeline of `totalFrames` frames lasting `duration`.
    /// - Throws: `RangeProblem.reversed` or `.empty` for a range that holds no time, `.outside` for one that lies
    ///   past the timeline's end, `.betweenFrames` for one inside the timeline in which no frame starts.
    func frames(clock: TimelineClock, totalFrames: Int64, duration: RationalTime) throws(RangeProblem) -> Range<Int64> {
        if let end, end < start { throw .reversed(text: text) }
        if let end, end == start { throw .empty(text: text) }
        let f0 = clock.frame(atOrAfter: start)
        let f1 = min(totalFrames, end.map(clock.frame(atOrAfter:)) ?? totalFrames)
        guard f0 < totalFrames else { throw .outside(text: text, duration: duration) }
        guard f0 < f1 else { throw .betweenFrames(text: text, frameRate: clock.frameRate) }
        return f0..<f1
    }
}

/// Why a range (`OutputRange`) cannot be rendered. The text names the range, not a command-line flag
/// (`reel` puts `--` in front: "--range 5..2 is reversed…").
public enum RangeProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not of the form `A..B`.
    case malformed(text: String)
    /// One end is not a number of seconds.
    case notSeconds(text: String, part: String)
    /// `B < A`.
    case reversed(text: String)
    /// `B == A`.
    case empty(text: String)
    /// `A` at or past the timeline's end.
    case outside(text: String, duration: RationalTime)
    /// Inside the timeline, but shorter than a frame and between two frames' starts.
    case betweenFrames(text: String, frameRate: FrameRate)

    public var description: String {
        switch self {
        case .malformed(let text): return "range must look like A..B (seconds), got \"\(text)\""
        case .notSeconds(_, let part): return "range: \"\(part)\" is not a number of seconds like 10, 2.5 or 1001/30000"
        case .reversed(let text): return "range \(text) is reversed: it ends before it starts"
        case .empty(let text): return "range \(text) is empty: it ends where it starts"
        case .outside(let text, let duration):
            return "range \(text) covers no frame: the timeline runs from 0 to \(duration.secondsText)"
        case .betweenFrames(let text, let rate):
            return "range \(text) covers no frame: no frame starts inside it at \(rate) fps "
                + "(frame f starts at f·\(rate.frameDuration.secondsText))"
        }
    }
}
