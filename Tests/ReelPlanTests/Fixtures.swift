import ReelModel
@testable import ReelPlan

/// `value / timescale` seconds.
func tm(_ value: Int64, _ timescale: Int32 = 1) -> RationalTime { try! RationalTime(value: value, timescale: timescale) }

func q(_ n: Int64, _ d: Int64 = 1) -> Rational { try! Rational(n, d) }

func range(_ start: RationalTime, _ duration: RationalTime) -> TimeRange { try! TimeRange(start: start, duration: duration) }

func makeClip(_ asset: AssetID, from start: RationalTime, length: RationalTime, speed: Rational = .one,
              audio: Bool = true, freeze: Bool = false, origin: String = "") -> Clip {
    Clip(asset: asset, sourceRange: range(start, length), speed: speed, audioEnabled: audio, freeze: freeze,
         origin: origin)
}

func makeTransition(_ kind: TransitionKind = .dissolve, in inOffset: RationalTime = .zero,
                    out outOffset: RationalTime, origin: String = "") -> Transition {
    Transition(kind: kind, inOffset: inOffset, outOffset: outOffset, origin: origin)
}

func makeOutput(fps: FrameRate = try! FrameRate(30), sampleRate: Int32 = 48000) -> OutputSettings {
    OutputSettings(width: 640, height: 360, frameRate: fps, audio: AudioCodecSettings(sampleRate: sampleRate))
}

func makeAssets(_ ids: [AssetID]) -> [AssetID: Asset] {
    Dictionary(uniqueKeysWithValues: ids.map { ($0, Asset(id: $0, path: "/media/\($0).mp4")) })
}

/// One video track of `items`, assets "a"…"e" declared.
func makeComposition(_ items: [TrackItem], output: OutputSettings = makeOutput(), audioItems: [AudioItem] = [],
                     titles: [Title] = []) -> Composition {
    Composition(assets: makeAssets(["a", "b", "c", "d", "e", "music", "vo"]),
                videoTracks: [Track(kind: .video, items: items)], audioItems: audioItems, titles: titles,
                output: output)
}

func makeTitle(_ text: String, _ r: TimeRange) -> Title {
    Title(text: text, position: Point(x: q(1, 2), y: q(4, 5)), timeRange: r)
}


/// What the generator knows about where it put things, computed independently of the planner.
struct Oracle {
    struct ClipInfo { var track: Int; var item: Int; var extended: TimeRange; var audible: Bool }
    var clips: [ClipInfo] = []
    /// Video transitions' timeline ranges.
    var transitions: [TimeRange] = []
}
