import ReelModel
@testable import ReelPlan
import ReelTestSupport

/// Builds random but valid compositions: 1–3 video tracks of clips with random trims, speeds,
/// freezes, gaps and transitions (cuts included, JSON-style and OTIO-style offsets), an audio
/// track, a voice-over, looping music with automation, and titles.
struct RandomComposition {
    var rng: SplitMix64
    var oracle = Oracle()

    static let rates: [FrameRate] = [try! FrameRate(30), try! FrameRate(25), try! FrameRate(24),
                                     try! FrameRate(30000, 1001), try! FrameRate(24000, 1001), try! FrameRate(60)]

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func make() -> (Composition, PlanOptions) {
        let fps = Self.rates.randomElement(using: &rng)!
        let sr: Int32 = Bool.random(using: &rng) ? 48000 : 44100
        let trackCount = [1, 1, 1, 2, 3].randomElement(using: &rng)!
        var video: [Track] = []
        for t in 0..<trackCount { video.append(Track(kind: .video, items: makeItems(track: t, upper: t > 0))) }
        let end = oracle.clips.map(\.extended.end).max() ?? .zero
        let comp = Composition(assets: makeAssets(["a", "b", "c", "d", "e", "music", "vo"]), videoTracks: video,
                               audioTracks: [makeAudioTrack()], audioItems: makeAudioItems(end: end),
                               titles: makeTitles(end: end), output: makeOutput(fps: fps, sampleRate: sr))
        var options = PlanOptions()
        options.segmentSeconds = [q(1), q(2), q(3), q(5), q(10)].randomElement(using: &rng)!
        options.minimumSegmentSeconds = min(options.segmentSeconds, [q(1, 2), q(1), q(2)].randomElement(using: &rng)!)
        return (comp, options)
    }

    mutating func duration() -> RationalTime {
        Bool.random(using: &rng) ? tm(Int64.random(in: 60...3000, using: &rng), 600)
            : tm(Int64.random(in: 3...150, using: &rng) * 1001, 30000)
    }

    /// A track of bodies (clips or gaps) with transitions between some of them. Each offset stays
    /// within half of its neighbour, so transitions never overlap; the oracle records where the
    /// transitions fall and how far each clip extends, computed here, not by the planner.
    mutating func makeItems(track: Int, upper: Bool) -> [TrackItem] {
        let lengths = (0..<Int.random(in: 1...12, using: &rng)).map { _ in duration() }
        var items: [TrackItem] = []
        var extended: [TimeRange] = []
        var cursor = RationalTime.zero
        var clipOracle: [Int?] = []
        var nextStart: RationalTime? = nil
        for (n, length) in lengths.enumerated() {
            let body = range(cursor, length)
            if upper && Int.random(in: 0..<4, using: &rng) == 0 {
                items.append(.gap(length)); clipOracle.append(nil)
            } else {
                items.append(.clip(randomClip(length: length, origin: "t\(track)[\(items.count)]")))
                clipOracle.append(items.count - 1)
            }
            extended.append(try! TimeRange(start: nextStart ?? body.start, end: body.end))
            nextStart = nil
            cursor = body.end
            if n + 1 < lengths.count, Bool.random(using: &rng) {
                let t = randomTransition(shorter: min(length, lengths[n + 1]), origin: "t\(track)[\(items.count)]")
                items.append(.transition(t))
                if t.kind != .cut {
                    let r = try! TimeRange(start: cursor - t.inOffset, end: cursor + t.outOffset)
                    oracle.transitions.append(r)
                    extended[n] = try! TimeRange(start: extended[n].start, end: r.end)
                    nextStart = r.start
                }
            }
        }
        for (n, item) in clipOracle.enumerated() {
            guard let i = item, case .clip(let c) = items[i] else { continue }
            oracle.clips.append(.init(track: track, item: i, extended: extended[n], audible: c.audioEnabled && !c.freeze))
        }
        return items
    }

    mutating func randomClip(length: RationalTime, origin: String) -> Clip {
        let freeze = Int.random(in: 0..<10, using: &rng) == 0
        let speed = freeze ? q(1) : [q(1), q(1), q(2), q(1, 2), q(3, 2)].randomElement(using: &rng)!
        let src = try! tm(Int64.random(in: 12...20, using: &rng)) + tm(Int64.random(in: 0...599, using: &rng), 600)
        return makeClip(["a", "b", "c", "d", "e"].randomElement(using: &rng)!, from: src, length: try! length * speed,
                        speed: speed, audio: Bool.random(using: &rng), freeze: freeze,
                        origin: origin)
    }

    /// A transition whose offsets are at most half of `shorter`, the shorter neighbour.
    mutating func randomTransition(shorter: RationalTime, origin: String) -> Transition {
        let kind = TransitionKind.allCases.randomElement(using: &rng)!
        let d = try! shorter * q(Int64.random(in: 1...8, using: &rng), 16)
        let otio = Bool.random(using: &rng)
        return makeTransition(kind, in: otio ? d : .zero, out: d, origin: origin)
    }

    mutating func makeAudioTrack() -> Track {
        guard Bool.random(using: &rng) else { return Track(kind: .audio, items: []) }
        return Track(kind: .audio, items: [.gap(duration()), .clip(makeClip("vo", from: .zero, length: duration()))])
    }

    mutating func makeAudioItems(end: RationalTime) -> [AudioItem] {
        var out: [AudioItem] = []
        if Bool.random(using: &rng) {
            out.append(AudioItem(role: .voiceOver, asset: "vo", sourceRange: range(tm(1), duration()), at: duration()))
        }
        if Bool.random(using: &rng) {
            let ramps = [VolumeRamp(from: q(1), to: q(1, 4), timeRange: range(duration(), duration())),
                         VolumeRamp(from: q(1, 4), to: q(1), timeRange: range(tm(40), duration()))]
            out.append(AudioItem(role: .music, asset: "music", sourceRange: range(tm(2), duration()), at: .zero,
                                 loop: true, loopUntil: Bool.random(using: &rng) ? nil : end, volume: q(1, 2),
                                 automation: ramps))
        }
        return out
    }

    mutating func makeTitles(end: RationalTime) -> [Title] {
        (0..<Int.random(in: 0...4, using: &rng)).map { i in makeTitle("T\(i)", range(duration(), duration())) }
    }
}
