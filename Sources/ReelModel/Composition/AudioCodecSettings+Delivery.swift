/// Which layouts and sample rates each output audio codec can be delivered in (the containers: `ContainerCodecs`).
extension AudioCodecSettings.Codec {
    /// The layouts the encoder takes: FFmpeg's AC-3 and E-AC-3 encoders stop at 5.1.
    public var layouts: [AudioLayout] {
        switch self {
        case .ac3, .eac3: return [.mono, .stereo, .surround51]
        case .aac, .pcm, .flac, .opus: return AudioLayout.allCases
        }
    }

    /// The sample rates the encoder takes, or nil for any of `CompositionFormat.sampleRates`. Opus is delivered at
    /// 48 kHz only (libopus also codes 8–24 kHz, never 44.1 kHz, and players decode Opus at 48 kHz).
    public var sampleRates: [Int32]? {
        switch self {
        case .ac3, .eac3: return [32000, 44100, 48000]
        case .opus: return [48000]
        case .aac, .pcm, .flac: return nil
        }
    }

    /// True when `bitrate` applies: the lossy codecs.
    public var takesBitrate: Bool { self == .aac || self == .ac3 || self == .eac3 || self == .opus }
}
