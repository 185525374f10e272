/// Video codec settings. Every part of a render is encoded with exactly these.
public struct VideoCodecSettings: Sendable, Hashable {
    public enum RateControl: Sendable, Hashable {
        case crf(Int)
        case bitrate(kbps: Int)
        /// Mathematically lossless (x264 qp 0, x265 `lossless=1`), for exact comparisons.
        case lossless
    }

    public var codec: VideoCodec
    /// Unused by the intra codecs, whose profile sets the quality.
    public var rateControl: RateControl
    /// The encoder preset: x264/x265 `ultrafast` … `placebo`, SVT-AV1 `0` … `13`.
    public var preset: String
    /// The codec's profile name (`VideoCodec.profiles`), or nil for the codec's default.
    public var profile: String? = nil
    /// Bits per stored sample for h264, hevc and av1 (8 or 10); the intra codecs' profile sets theirs.
    public var bitDepth = 8
    /// Chroma subsampling for h264 (4:2:0 or 4:2:2); hevc and av1 are 4:2:0, the intra codecs' profile sets it.
    public var chroma = ChromaFormat.yuv420
    /// The encoder's threads for every part, or nil for `defaultThreads`. x264's and x265's output depends on the
    /// count (frame threads bound each other's motion search), so it belongs to the job, never to a host: every
    /// part of a render is encoded with the same count. Its memory grows with it (about 25 MB per x264 thread at
    /// 1080p), and one thread per one-core worker costs the least CPU (bench/README.md, "x264's threads per part").
    public var threads: Int? = nil

    /// The thread count of a composition that sets none: 4, what every render used before `threads` existed, on
    /// every host, so that `reel render` and a farm write the same bytes for the same job.
    public static let defaultThreads = 4
    /// The counts `threads` takes.
    public static let threadRange = 1...16

    /// The count the encoder is opened with.
    public var encoderThreads: Int { threads ?? Self.defaultThreads }

    public init(codec: VideoCodec = .h264, rateControl: RateControl = .crf(23), preset: String = "veryfast") {
        self.codec = codec
        self.rateControl = rateControl
        self.preset = preset
    }

    /// True when only today's H.264 settings are in use (codec, rate control, preset): the content hash and the
    /// written JSON then take nothing more, so existing compositions keep their hashes.
    public var hasOnlyBaseSettings: Bool { profile == nil && bitDepth == 8 && chroma == .yuv420 }

    /// The bit depth stored in the file: `bitDepth`, or what an intra codec's profile implies.
    public var storedBitDepth: Int {
        switch codec {
        case .prores: return 10
        case .dnxhr: return ["hqx", "444"].contains(profile ?? "hq") ? 10 : 8
        case .h264, .hevc, .av1: return bitDepth
        }
    }

    /// The chroma subsampling stored in the file: `chroma`, or what an intra codec's profile implies.
    public var storedChroma: ChromaFormat {
        switch codec {
        case .prores: return (profile ?? "hq").hasPrefix("4444") ? .yuv444 : .yuv422
        case .dnxhr: return profile == "444" ? .yuv444 : .yuv422
        case .h264, .hevc, .av1: return chroma
        }
    }
}
