/// The video codec of the final file (`output.video.codec`). Every part of a render is encoded with the same one.
///
/// H.264, HEVC and AV1 are inter codecs: each part is a closed GOP of its own, opened by a keyframe that needs
/// nothing before it. ProRes and DNxHR are intra-only: every frame is such a keyframe, so parts join anywhere.
/// The compositor works in 8-bit 4:2:0; a 10-bit or 4:2:2/4:4:4 output is that picture converted (see
/// docs/composition.md).
public enum VideoCodec: String, CaseIterable, Sendable, Hashable {
    case h264, hevc, prores, dnxhr, av1

    /// Every frame is a keyframe and no rate control applies: the profile alone sets the quality.
    public var isIntraOnly: Bool { self == .prores || self == .dnxhr }

    /// The `profile` names the codec takes (empty: none, the encoder derives it from `bitDepth`).
    public var profiles: [String] {
        switch self {
        case .h264: return ["baseline", "main", "high", "high10", "high422"]
        case .hevc, .av1: return []
        case .prores: return ["proxy", "lt", "standard", "hq", "4444", "4444xq"]
        case .dnxhr: return ["lb", "sq", "hq", "hqx", "444"]
        }
    }

    /// The profile used when none is given, for the intra codecs (the others derive theirs).
    public var defaultProfile: String? {
        switch self {
        case .prores, .dnxhr: return "hq"
        case .h264, .hevc, .av1: return nil
        }
    }

    /// The `preset` values the encoder takes: x264's and x265's names, SVT-AV1's 0…13, none for the intra codecs.
    public var presets: [String] {
        switch self {
        case .h264, .hevc: return CompositionFormat.x264Presets
        case .av1: return (0...13).map(String.init)
        case .prores, .dnxhr: return []
        }
    }

    /// Why `preset` does not suit this codec, or nil.
    public func presetProblem(_ preset: String) -> String? {
        if presets.contains(preset) { return nil }
        if presets.isEmpty { return "\(rawValue) has no preset: its profile sets the quality" }
        return "\(rawValue) takes the preset \(Suggestion.list(presets, quoted: false, joinedBy: "or")), not \"\(preset)\""
    }

    /// The bit depths `bitDepth` may take (intra codecs: none, their profile sets it).
    public var bitDepths: [Int] {
        switch self {
        case .h264, .hevc, .av1: return [8, 10]
        case .prores, .dnxhr: return []
        }
    }

    /// The chroma formats `chroma` may take (intra codecs: none, their profile sets it).
    public var chromaFormats: [ChromaFormat] {
        switch self {
        case .h264: return [.yuv420, .yuv422]
        case .hevc, .av1: return [.yuv420]
        case .prores, .dnxhr: return []
        }
    }
}

/// Chroma subsampling of the stored picture.
public enum ChromaFormat: String, CaseIterable, Sendable, Hashable {
    case yuv420 = "420", yuv422 = "422", yuv444 = "444"

    /// The usual written form, `4:2:0`.
    public var label: String { "4:" + rawValue.dropFirst().map(String.init).joined(separator: ":") }
}
