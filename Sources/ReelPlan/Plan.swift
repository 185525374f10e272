import ReelModel

/// A composition laid out for rendering: placed clips and transitions, video instructions that
/// tile the timeline, the audio voices, and the segments a farm renders independently.
///
/// The timeline lasts as long as its longest video track (a trailing transition included);
/// audio past that end is cut off. A composition without video content lasts as long as its
/// audio tracks and (non-looping, or `loopUntil`-bounded) audio items.
///
/// No floating point: every time is a `RationalTime`, every gain a `Rational`.
public struct Plan: Sendable {
    public let composition: Composition
    public let options: PlanOptions
    /// Frame and sample conversions for the output.
    public let clock: TimelineClock
    /// Every clip of every track, video tracks first, each track in order.
    public let clips: [PlacedClip]
    /// Every non-cut transition, in the same order.
    public let transitions: [PlacedTransition]
    /// Consecutive ranges tiling `[0, duration)` with their layers, bottom to top.
    public let instructions: [VideoInstruction]
    public let duration: RationalTime
    /// `ceil(duration · fps)`: the frames that start inside the timeline.
    public let totalFrames: Int64
    /// `S(totalFrames)`.
    public let totalSamples: Int64
    /// The frames the output holds: `options.range`'s (`OutputRange`), else `[0, totalFrames)`.
    public let outputFrames: Range<Int64>
    /// Whether the deep (16-bit, colour-managed) picture path renders this plan (`Plan.usesDeepPath`).
    public let isDeep: Bool
    /// Segments tiling `outputFrames`.
    public private(set) var segments: [SegmentPlan] = []
    let audio: AudioMap

    /// Plans `composition`.
    /// - Throws: `PlanError` for inconsistent input (naming the item's origin) or options;
    ///   `ModelError.overflow` when exact arithmetic leaves its range.
    public init(composition: Composition, options: PlanOptions = PlanOptions()) throws {
        try options.validate()
        self.composition = composition
        self.options = options
        let clock = TimelineClock(frameRate: composition.output.frameRate, sampleRate: composition.output.audio.sampleRate)
        self.clock = clock
        var placer = TrackPlacer(assets: composition.assets, media: options.media)
        var videoPieces: [[TrackPiece]] = []
        var videoEnd = RationalTime.zero, audioEnd = RationalTime.zero
        for (i, track) in composition.videoTracks.enumerated() {
            let placed = try placer.place(track, ref: TrackRef(kind: .video, index: i))
            videoPieces.append(placed.pieces)
            videoEnd = max(videoEnd, placed.end)
        }
        for (i, track) in composition.audioTracks.enumerated() {
            audioEnd = max(audioEnd, try placer.place(track, ref: TrackRef(kind: .audio, index: i)).end)
        }
        for item in composition.audioItems {
            guard composition.assets[item.asset] != nil else {
                throw PlanError.unknownAsset(asset: item.asset, origin: item.origin)
            }
            let end = item.loop ? (item.loopUntil ?? item.at) : try item.at + item.sourceRange.duration
            audioEnd = max(audioEnd, end)
        }
        clips = placer.clips
        isDeep = Self.usesDeepPath(output: composition.output, clips: placer.clips, media: options.media)
        transitions = placer.transitions
        duration = videoEnd > .zero ? videoEnd : audioEnd
        instructions = try InstructionBuilder.build(tracks: videoPieces, duration: duration)
        totalFrames = clock.frame(atOrAfter: duration)
        totalSamples = clock.sample(ofFrame: totalFrames)
        outputFrames = try options.range?.frames(clock: clock, totalFrames: totalFrames, duration: duration)
            ?? 0..<totalFrames
        audio = AudioMap(voices: try Plan.voices(composition, clips: clips, transitions: transitions, duration: duration),
                         clock: clock, totalSamples: totalSamples)
        try Self.checkSegmentCount(duration: duration, options: options)
        segments = try makeSegments()
    }

    /// The samples the output holds: `S(f0) ..< S(f1)` of `outputFrames`.
    public var outputSamples: Range<Int64> {
        clock.sample(ofFrame: outputFrames.lowerBound)..<clock.sample(ofFrame: outputFrames.upperBound)
    }

    /// The most segments one plan may have: a job's rows, parts and queue work stay proportional to
    /// its length, not to a `--segment-seconds` of a millionth of a second.
    public static let maxSegments: Int64 = 200_000

    /// - Throws: `PlanError.invalidOptions` when the minimum segment length would allow more than `maxSegments`.
    static func checkSegmentCount(duration: RationalTime, options: PlanOptions) throws {
        let bound = try duration.rational / options.minimumSegmentSeconds
        guard bound.ceil > maxSegments else { return }
        throw PlanError.invalidOptions("segments of \(options.segmentSeconds.exactDecimalOrFraction) s would cut "
                                       + "\(duration.secondsText) into up to \(bound.ceil) segments; at most "
                                       + "\(maxSegments) are allowed: use a longer --segment-seconds")
    }

    /// The index of the instruction whose range holds `t`, or nil outside `[0, duration)`.
    public func instructionIndex(containing t: RationalTime) -> Int? {
        guard !instructions.isEmpty, t >= .zero, t < duration else { return nil }
        var lo = 0, hi = instructions.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if instructions[mid].timeRange.start <= t { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// What the mixer sums over timeline samples `[s0, s1)` (sample `s` at `s / sampleRate`).
    /// Contributions come in a fixed order: clips (track order), then audio items.
    public func audioContributions(samples: Range<Int64>) throws -> [AudioContribution] {
        try audio.contributions(samples)
    }

    /// The identity of an asset for content hashes: its `MediaFacts.fingerprint` when known,
    /// else its path.
    public func identity(of asset: AssetID) -> String {
        options.media[asset]?.fingerprint ?? composition.assets[asset]?.path ?? asset
    }
}
