import ReelModel

/// How to cut a timeline into segments and what goes into their content hashes.
public struct PlanOptions: Sendable, Hashable {
    /// The segment length aimed at. Boundaries prefer cut points near it.
    public var segmentSeconds: Rational
    /// No segment is shorter than this, except a timeline shorter than it; a smaller remainder
    /// is absorbed by its neighbour.
    public var minimumSegmentSeconds: Rational
    /// A segment grows past this only when a transition forces it. Nil means twice `segmentSeconds`.
    public var maximumSegmentSeconds: Rational?
    /// Changes every content hash when the renderer's output changes for the same inputs.
    public var rendererVersion: String
    /// Probed facts per asset: fingerprints for hashes, keyframes for boundaries and pre-roll.
    public var media: [AssetID: MediaFacts]
    /// Fingerprints of the files titles read (images, fonts), for content hashes.
    public var titleFiles: [TitleFile: String] = [:]
    /// How far before the first needed video frame decoding starts when no keyframe list is known.
    public var videoPreRoll: RationalTime
    /// How far before the first needed audio sample decoding starts (decoder and resampler state).
    public var audioPreRoll: RationalTime
    /// Render only this sub-range of the timeline (`OutputRange`); nil renders all of it. It moves segment
    /// boundaries only at its two edges, and no content hash covers it.
    public var range: OutputRange?
    /// Where segments start, as frames of the whole timeline after frame 0, instead of the segmenter's choice
    /// (`reel render` cuts a short job by its estimated cost: `Project.balanced`). None may fall strictly inside a
    /// transition (`Plan.nearestSegmentStarts`); nil lets the segmenter choose.
    public var segmentStarts: [Int64]?

    public init(segmentSeconds: Rational = PlanOptions.defaultSegmentSeconds,
                minimumSegmentSeconds: Rational = PlanOptions.defaultMinimumSegmentSeconds,
                maximumSegmentSeconds: Rational? = nil, rendererVersion: String = Reel.rendererVersion,
                media: [AssetID: MediaFacts] = [:], videoPreRoll: RationalTime = .seconds(1),
                audioPreRoll: RationalTime = .seconds(1)) {
        self.segmentSeconds = segmentSeconds
        self.minimumSegmentSeconds = minimumSegmentSeconds
        self.maximumSegmentSeconds = maximumSegmentSeconds
        self.rendererVersion = rendererVersion
        self.media = media
        self.videoPreRoll = videoPreRoll
        self.audioPreRoll = audioPreRoll
    }

    /// The effective maximum: `maximumSegmentSeconds` or twice the target.
    public func maximumSeconds() throws -> Rational {
        try maximumSegmentSeconds ?? (segmentSeconds * Rational.two)
    }

    /// - Throws: `PlanError.invalidOptions` unless 0 < minimum ≤ target ≤ maximum and pre-rolls ≥ 0.
    public func validate() throws {
        guard segmentSeconds > .zero else { throw PlanError.invalidOptions("segmentSeconds must be positive") }
        guard minimumSegmentSeconds > .zero, minimumSegmentSeconds <= segmentSeconds else {
            throw PlanError.invalidOptions("minimumSegmentSeconds must be in (0, segmentSeconds]")
        }
        guard try maximumSeconds() >= segmentSeconds else {
            throw PlanError.invalidOptions("maximumSegmentSeconds must be at least segmentSeconds")
        }
        guard !videoPreRoll.isNegative, !audioPreRoll.isNegative else {
            throw PlanError.invalidOptions("pre-roll must not be negative")
        }
    }
}

extension PlanOptions {
    /// 10 s: long enough to amortise a worker's start-up, short enough to spread a render widely.
    public static let defaultSegmentSeconds = try! Rational(10)
    /// 2 s.
    public static let defaultMinimumSegmentSeconds = try! Rational(2)
}

extension Rational {
    static let two = try! Rational(2)
}

extension PlanOptions {
    /// Parses a command-line number of seconds exactly: "10", "2.5", "1001/30000".
    /// - Throws: `PlanError.invalidOptions` naming `option` when the text is not such a number.
    public static func parseSeconds(_ text: String, option: String = "--segment-seconds") throws -> Rational {
        let bad = PlanError.invalidOptions("\(option): \"\(text)\" is not a number of seconds like 10, 2.5 or 1001/30000")
        guard !text.isEmpty else { throw bad }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let n = Int64(parts[0]), let d = Int64(parts[1]), d != 0 else { throw bad }
            return try Rational(n, d)
        }
        let halves = text.split(separator: ".", omittingEmptySubsequences: false)
        guard halves.count <= 2, let whole = Int64(halves[0].isEmpty ? "0" : String(halves[0])), !text.hasPrefix("-")
        else { throw bad }
        guard halves.count == 2 else { return try Rational(whole) }
        let frac = halves[1]
        guard !frac.isEmpty, frac.count <= 9, frac.allSatisfy(\.isASCII), let f = Int64(frac) else { throw bad }
        var scale: Int64 = 1
        for _ in 0..<frac.count { scale *= 10 }
        return try Rational(whole * scale + f, scale)
    }
}
