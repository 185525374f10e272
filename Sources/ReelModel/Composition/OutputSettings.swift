/// The container of the final file; `ContainerCodecs` says which codecs each one takes.
public enum Container: String, CaseIterable, Sendable, Hashable {
    case mp4, mov, m4v, mkv, webm, mxf
}

/// Audio settings of the final file. Segments always carry exact PCM; the stitcher encodes once.
public struct AudioCodecSettings: Sendable, Hashable {
    public enum Codec: String, CaseIterable, Sendable, Hashable { case aac, pcm, ac3, eac3, flac, opus }

    /// The samples of PCM output: 16, 24 or 32-bit integers (a master's usual s24), or 32-bit float (the mix bit for
    /// bit). Parts always hold float; the stitcher quantizes the whole programme once, in order, so the format is
    /// not part of any segment's content hash and a segmented render equals a one-segment one.
    public enum SampleFormat: String, CaseIterable, Sendable, Hashable {
        case s16, s24, s32, f32

        /// Significant bits of an integer format (nil for float).
        public var integerBits: Int? {
            switch self {
            case .s16: return 16
            case .s24: return 24
            case .s32: return 32
            case .f32: return nil
            }
        }
    }

    public var codec: Codec
    public var sampleRate: Int32
    /// The channels and their order.
    public var layout: AudioLayout
    public var bitrateKbps: Int
    /// The PCM sample format (`f32` unless `codec` is `pcm`).
    public var sampleFormat: SampleFormat = .f32
    /// Programme loudness to reach in the stitch (nil: the mix as it is).
    public var loudness: LoudnessTarget? = nil

    /// The number of channels (1, 2, 6 or 8).
    public var channels: Int { layout.count }

    public init(codec: Codec = .aac, sampleRate: Int32 = 48000, layout: AudioLayout = .stereo, bitrateKbps: Int = 128) {
        self.codec = codec
        self.sampleRate = sampleRate
        self.layout = layout
        self.bitrateKbps = bitrateKbps
    }

    /// Settings with the layout of `channels` channels.
    /// - Precondition: `channels` is 1, 2, 6 or 8.
    public init(codec: Codec = .aac, sampleRate: Int32 = 48000, channels: Int, bitrateKbps: Int = 128) {
        guard let layout = AudioLayout(count: channels) else { preconditionFailure("no audio layout has \(channels) channels") }
        self.init(codec: codec, sampleRate: sampleRate, layout: layout, bitrateKbps: bitrateKbps)
    }
}

/// What the render produces: size, rate, codecs and container.
public struct OutputSettings: Sendable, Hashable {
    public var width: Int
    public var height: Int
    public var frameRate: FrameRate
    public var video: VideoCodecSettings
    public var audio: AudioCodecSettings
    public var container: Container
    /// A mask on the whole finished frame (after titles); outside it `background` shows.
    public var mask: Mask? = nil
    /// The colour outside `mask` (opaque; default black).
    public var background = RGBA(r: 0, g: 0, b: 0)
    /// `output.colour`: the colour the file is written in (SDR BT.709 by default).
    public var color: OutputColor = .sdr
    /// The static HDR metadata a PQ output writes to its stream (`masteringDisplay`, `maxCLL`, `maxFALL`); nil: none.
    public var hdrMetadata: HDRMetadata? = nil

    public init(width: Int, height: Int, frameRate: FrameRate, video: VideoCodecSettings = .init(),
                audio: AudioCodecSettings = .init(), container: Container = .mp4) {
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.video = video
        self.audio = audio
        self.container = container
    }

    /// The audio the final file carries: `audio`, with PCM for lossless video (an exact master keeps exact sound).
    public var deliveredAudio: AudioCodecSettings {
        var delivered = audio
        delivered.codec = Self.deliveredAudioCodec(video: video, audio: audio)
        return delivered
    }

    /// `deliveredAudio`'s codec for these settings.
    public static func deliveredAudioCodec(video: VideoCodecSettings, audio: AudioCodecSettings) -> AudioCodecSettings.Codec {
        if case .lossless = video.rateControl { return .pcm }
        return audio.codec
    }
}
