/// The untagged rule: the one place that decides what colour a picture has when its stream does not say.
/// The probe (`MediaFacts.Video.color`) and the decoder (each frame's description) both call it, so a source
/// is read the same way wherever it is read.
extension ColorDescription {
    /// The most lines an SD picture has: 480/486 (525-line systems) and 576 (625-line systems).
    public static let standardDefinitionMaxHeight = 576

    /// The description of a picture of `width`×`height` stored as `pixelFormat` (FFmpeg's name) whose stream
    /// carries `tags`.
    ///
    /// Each tagged property Reel knows is taken as it is; the others are filled in:
    /// - **matrix:** BT.2020 NCL when the primaries are tagged BT.2020; else BT.601 for SD sizes (at most 576
    ///   lines), BT.709 for everything larger;
    /// - **primaries:** BT.2020 when the matrix is tagged BT.2020 NCL; else for SD, BT.601 625-line at 576 lines
    ///   and BT.601 525-line below; BT.709 for everything larger;
    /// - **range:** full for FFmpeg's JPEG pixel formats (`yuvj420p` …), which are full range by definition;
    ///   limited otherwise;
    /// - **transfer:** the BT.709 curve (which BT.601 and SDR BT.2020 share).
    public static func assumed(width: Int, height: Int, pixelFormat: String? = nil,
                               tags: ColorTags = ColorTags()) -> ColorDescription {
        let sd = height <= standardDefinitionMaxHeight
        let matrix = tags.knownMatrix
            ?? (tags.knownPrimaries == .bt2020 ? .bt2020ncl : sd ? .bt601 : .bt709)
        let sdPrimaries: Primaries = height == standardDefinitionMaxHeight ? .bt601_625 : .bt601_525
        let primaries = tags.knownPrimaries
            ?? (tags.knownMatrix == .bt2020ncl ? .bt2020 : sd ? sdPrimaries : .bt709)
        let fullRangeFormat = pixelFormat.map { $0.hasPrefix("yuvj") } ?? false
        let range = tags.knownRange ?? (fullRangeFormat ? .full : .limited)
        return ColorDescription(matrix: matrix, range: range, primaries: primaries,
                                transfer: tags.knownTransfer ?? .bt709)
    }

    /// Whether FFmpeg's pixel format `name` stores Y′CbCr, so that its matrix matters; nil (not said) counts as
    /// Y′CbCr, what video decoders make. RGB, palette and grey pictures (PNG stills) are not: swscale makes their
    /// Y′CbCr with the BT.709 matrix, so both picture paths read them as BT.709 whatever their size.
    public static func storesYCbCr(_ pixelFormat: String?) -> Bool {
        guard let name = pixelFormat else { return true }
        return !notYCbCrPrefixes.contains { name.hasPrefix($0) }
    }

    /// The starts of FFmpeg's names of RGB (packed, planar `gbr…`, `x2rgb10`), palette, grey, mono, XYZ and Bayer
    /// formats.
    static let notYCbCrPrefixes = ["rgb", "bgr", "argb", "abgr", "0rgb", "0bgr", "gbr", "x2rgb", "x2bgr", "pal",
                                   "gray", "ya8", "ya16", "mono", "xyz", "bayer"]

    /// A short name: `BT.709`, `BT.601`, `BT.2100 HLG`, `BT.2100 PQ`, `Display P3`, or the four properties.
    public var label: String {
        switch self {
        case .bt709: return "BT.709"
        case .hlg: return "BT.2100 HLG"
        case .pq: return "BT.2100 PQ"
        default: break
        }
        if matrix == .bt601, range == .limited, transfer == .bt709, primaries != .bt709 {
            return primaries == .bt601_625 ? "BT.601 625-line" : "BT.601 525-line"
        }
        return "matrix \(matrix.rawValue), \(range.rawValue) range, primaries \(primaries.rawValue), "
            + "transfer \(transfer.rawValue)"
    }
}
