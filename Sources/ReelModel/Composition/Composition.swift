/// A named point on the timeline (from OTIO markers); becomes a chapter where the container allows.
public struct Marker: Sendable, Hashable {
    public var name: String
    public var time: RationalTime

    public init(name: String, time: RationalTime) {
        self.name = name
        self.time = time
    }
}

/// The internal model of an edit: a stack of tracks plus audio placed at absolute times, titles
/// and output settings. The JSON format (AVFoundation-style A/B clips) and OpenTimelineIO both map
/// onto it.
///
/// - `videoTracks` composite bottom (index 0) to top. A clip's audio plays when `audioEnabled`.
/// - `audioTracks` hold audio-only clips; all audio is summed.
/// - `audioItems` are voice-overs and music placed at absolute times.
public struct Composition: Sendable, Hashable {
    public var assets: [AssetID: Asset]
    public var videoTracks: [Track]
    public var audioTracks: [Track]
    public var audioItems: [AudioItem]
    public var titles: [Title]
    public var markers: [Marker]
    public var output: OutputSettings
    /// An image above everything for the whole timeline (Watermark.swift).
    public var watermark: Watermark? = nil

    public init(assets: [AssetID: Asset], videoTracks: [Track], audioTracks: [Track] = [],
                audioItems: [AudioItem] = [], titles: [Title] = [], markers: [Marker] = [],
                output: OutputSettings) {
        self.assets = assets
        self.videoTracks = videoTracks
        self.audioTracks = audioTracks
        self.audioItems = audioItems
        self.titles = titles
        self.markers = markers
        self.output = output
    }
}
