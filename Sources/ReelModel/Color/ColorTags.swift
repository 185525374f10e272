/// What a stream's colour tags say, as FFmpeg names them (`av_color_space_name` and its neighbours, the
/// ITU-T H.273 names: `bt709`, `bt2020nc`, `smpte2084`, `arib-std-b67`, `tv`, …); nil where the stream
/// leaves a property unspecified.
///
/// `ColorDescription.assumed(width:height:pixelFormat:tags:)` turns them into the description Reel works with,
/// filling what is missing by the untagged rule; `unsupported` lists what is tagged but is none of Reel's cases.
public struct ColorTags: Sendable, Hashable {
    public var matrix: String?
    public var range: String?
    public var primaries: String?
    public var transfer: String?

    public init(matrix: String? = nil, range: String? = nil, primaries: String? = nil, transfer: String? = nil) {
        self.matrix = matrix
        self.range = range
        self.primaries = primaries
        self.transfer = transfer
    }

    /// No property tagged.
    public var isEmpty: Bool { matrix == nil && range == nil && primaries == nil && transfer == nil }

    /// The tagged matrix as one of Reel's cases (nil when untagged or unknown).
    public var knownMatrix: ColorDescription.Matrix? { matrix.flatMap { Self.matrices[$0] } }
    public var knownRange: ColorDescription.Range? { range.flatMap { Self.ranges[$0] } }
    public var knownPrimaries: ColorDescription.Primaries? { primaries.flatMap { Self.primarySets[$0] } }
    public var knownTransfer: ColorDescription.Transfer? { transfer.flatMap { Self.transfers[$0] } }

    /// Tags that are set but name none of Reel's cases, as `property name` (`transfer log100`): `reel probe` names
    /// them, and validation refuses a composition that uses such a source (`CompositionChecker.checkColour`).
    public var unsupported: [String] {
        [("matrix", matrix, knownMatrix == nil), ("range", range, knownRange == nil),
         ("primaries", primaries, knownPrimaries == nil), ("transfer", transfer, knownTransfer == nil)]
            .compactMap { key, name, unknown in name.flatMap { unknown ? "\(key) \($0)" : nil } }
    }

    // FFmpeg's names. BT.601's 525- and 625-line matrices are the same numbers (`smpte170m`, `bt470bg`);
    // BT.601, BT.709 and BT.2020 share one transfer curve, whatever the tag says.
    static let matrices: [String: ColorDescription.Matrix] = [
        "bt709": .bt709, "bt470bg": .bt601, "smpte170m": .bt601, "bt2020nc": .bt2020ncl,
    ]
    static let ranges: [String: ColorDescription.Range] = ["tv": .limited, "pc": .full]
    static let primarySets: [String: ColorDescription.Primaries] = [
        "bt709": .bt709, "bt470bg": .bt601_625, "smpte170m": .bt601_525, "smpte240m": .bt601_525,
        "bt2020": .bt2020, "smpte432": .displayP3,
    ]
    // BT.470's "gamma 2.2" (System M, `bt470m`) and "gamma 2.8" (System B/G, `bt470bg`) are what PAL and NTSC
    // archive files carry; they name an assumed display, while the cameras used the BT.601 curve, which is how
    // FFmpeg's own players and the 8-bit path always showed them. Reading them as BT.709's curve keeps such files
    // rendering as they look; refusing them would turn away a whole archive.
    static let transfers: [String: ColorDescription.Transfer] = [
        "bt709": .bt709, "smpte170m": .bt709, "smpte240m": .bt709, "bt2020-10": .bt709, "bt2020-12": .bt709,
        "bt470m": .bt709, "bt470bg": .bt709,
        "iec61966-2-1": .srgb, "smpte2084": .pq, "arib-std-b67": .hlg,
    ]
}
