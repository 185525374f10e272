/// The composition JSON after structural decoding, before media facts are known.
///
/// It mirrors the user-facing format (AVFoundation-style clips with overlaps given by transition
/// durations), keeps each entry's JSON path as `origin` for messages, and keeps what can only be
/// resolved later ("highest" output size). Entries that could not be decoded are nil (videos) or
/// left out, so checks can carry on with the rest and report every problem.
struct CompositionDocument {
    /// A declared asset; `path` is already resolved against the composition's folder.
    struct AssetEntry {
        var id: AssetID
        var path: String
        var origin: String
    }

    /// One of `videos`, with its range in media time as written.
    struct VideoEntry {
        var asset: AssetID
        var sourceRange: TimeRange
        var speed: Rational
        /// `audio` as written; nil when absent (then the clip's audio plays if the asset has audio).
        var audio: Bool?
        var volume: Rational
        var name: String?
        var origin: String
        /// `transform`, `opacity` and `mask` (CompositionDocument+Layers).
        var layer = LayerAnimation()
        /// `sourceRange.duration / speed`: the length of the whole clip on the timeline.
        var timelineDuration: RationalTime
        /// Written with `duration` instead of `sourceRange` (a still image); `sourceRange` is then `[0, duration)`.
        var still: Bool = false
        /// True when `speed` was written (a still image refuses it).
        var speedGiven: Bool = false
        /// `route` as written.
        var route: AudioRoute? = nil
    }

    /// A transition of non-zero length between two neighbouring videos.
    struct TransitionEntry {
        var kind: TransitionKind
        var duration: RationalTime
        var origin: String
    }

    /// A voice-over or music entry.
    struct AudioEntry {
        var role: AudioItem.Role
        var asset: AssetID
        var sourceRange: TimeRange
        var at: RationalTime
        var loop: Bool
        var volume: Rational
        var automation: [VolumeRamp]
        var ducking: Ducking? = nil
        var origin: String
        /// `route` as written.
        var route: AudioRoute? = nil
    }

    /// The output frame size: explicit, or the largest source video after rotation.
    enum OutputSize: Equatable {
        case fixed(width: Int, height: Int)
        case highest
    }

    struct OutputEntry {
        var size: OutputSize = CompositionFormat.defaultSize
        var frameRate: FrameRate = CompositionFormat.defaultFrameRate
        var video = VideoCodecSettings()
        var audio = AudioCodecSettings()
        var container: Container = .mp4
        /// `mask` and `background` (CompositionDocument+OutputMask).
        var mask: Mask? = nil
        var background = RGBA(r: 0, g: 0, b: 0)
        /// `colour` and a PQ output's static HDR metadata (CompositionDocument+Color).
        var color: OutputColor = .sdr
        var hdr: HDRMetadata? = nil
    }

    var assets: [AssetEntry] = []
    var videos: [VideoEntry?] = []
    /// One per pair of neighbouring videos after applying `defaultTransition`; nil is a cut.
    var joins: [TransitionEntry?] = []
    var audio: [AudioEntry] = []
    var watermark: Watermark? = nil
    /// `overlays`, bottom to top (CompositionDocument+Overlays).
    var overlays: [[OverlayEntry]] = []
    var titles: [Title] = []
    var output = OutputEntry()

    func asset(_ id: AssetID) -> AssetEntry? { assets.first { $0.id == id } }
}
