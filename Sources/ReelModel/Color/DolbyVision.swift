/// A Dolby Vision stream's configuration record (`dvcC`/`dvvC`, FFmpeg's `AVDOVIDecoderConfigurationRecord`):
/// which profile it is and whether its base layer can be shown without the Dolby Vision metadata.
///
/// Reel does not apply the metadata (the RPU): it shows the base layer, which is right where the base layer is
/// a standard picture of its own (`baseLayer`), and refuses a profile whose base layer is not (profile 5).
public struct DolbyVision: Sendable, Hashable {
    public var profile: Int
    public var level: Int
    public var rpuPresent: Bool
    public var enhancementLayerPresent: Bool
    public var baseLayerPresent: Bool
    /// `dv_bl_signal_compatibility_id`: 0 none, 1 HDR10, 2 SDR, 4 HLG, 6 HDR10 (UHD Blu-ray).
    public var compatibilityID: Int

    public init(profile: Int, level: Int, rpuPresent: Bool = true, enhancementLayerPresent: Bool = false,
                baseLayerPresent: Bool = true, compatibilityID: Int) {
        self.profile = profile
        self.level = level
        self.rpuPresent = rpuPresent
        self.enhancementLayerPresent = enhancementLayerPresent
        self.baseLayerPresent = baseLayerPresent
        self.compatibilityID = compatibilityID
    }

    /// `8.4`: the profile and the compatibility id, as the profile's name is written.
    public var name: String { "\(profile).\(compatibilityID)" }

    /// The standard colour the base layer is in, nil when it has none Reel can show: profile 5 (IPTPQc2, only
    /// right with the RPU applied), no base layer, or a compatibility id that names no standard signal.
    public var baseLayer: ColorDescription? {
        guard baseLayerPresent, profile != 5 else { return nil }
        switch compatibilityID {
        case 1, 6: return .pq
        case 2: return .bt709
        case 4: return .hlg
        default: return nil
        }
    }

    /// What Reel does with the stream, in words (`reel probe`, messages).
    public var reading: String {
        guard let base = baseLayer else {
            return "Dolby Vision profile \(name) has no base layer a player can show without the Dolby Vision "
                + "metadata; Reel cannot render it in the right colours"
        }
        return "Dolby Vision profile \(name): read as its \(base.label) base layer (the Dolby Vision metadata is not applied)"
    }
}
