/// The colour a picture's code values mean: how to turn Y′CbCr into R′G′B′ (`matrix`, `range`), what
/// the R′G′B′ encodes (`transfer`) and which red, green, blue and white those are (`primaries`).
///
/// The cases are the ones Reel reads, converts and writes (ITU-T H.273 names the codes FFmpeg uses).
/// A source's description comes from its stream tags, or from `ColorDescription.assumed(width:height:)`
/// when it has none; an output's from `output.colour`.
public struct ColorDescription: Sendable, Hashable {
    /// Y′CbCr ↔ R′G′B′ matrices.
    public enum Matrix: String, CaseIterable, Sendable, Hashable {
        case bt601, bt709, bt2020ncl
    }

    /// Limited ("TV", 16–235 at 8 bits) or full ("PC", 0–255) code ranges.
    public enum Range: String, CaseIterable, Sendable, Hashable {
        case limited, full
    }

    /// Colour primaries and white point.
    public enum Primaries: String, CaseIterable, Sendable, Hashable {
        /// BT.601 625-line (EBU, `bt470bg`).
        case bt601_625
        /// BT.601 525-line (SMPTE C, `smpte170m`).
        case bt601_525
        case bt709
        case bt2020
        /// Display P3: DCI-P3 primaries with a D65 white (`smpte432`).
        case displayP3
    }

    /// Transfer characteristics (the opto-electronic encoding of R′G′B′).
    public enum Transfer: String, CaseIterable, Sendable, Hashable {
        /// BT.709 / BT.601 / BT.2020 10-bit SDR (the same curve; BT.1886 display).
        case bt709
        /// IEC 61966-2-1 sRGB.
        case srgb
        /// SMPTE ST 2084 perceptual quantiser (HDR10).
        case pq
        /// ARIB STD-B67 hybrid log-gamma (BT.2100 HLG).
        case hlg

        /// Whether the transfer is a high-dynamic-range one.
        public var isHDR: Bool { self == .pq || self == .hlg }
    }

    public var matrix: Matrix
    public var range: Range
    public var primaries: Primaries
    public var transfer: Transfer

    public init(matrix: Matrix, range: Range = .limited, primaries: Primaries, transfer: Transfer) {
        self.matrix = matrix
        self.range = range
        self.primaries = primaries
        self.transfer = transfer
    }

    /// BT.709 SDR, limited range: today's working colour and the default output.
    public static let bt709 = ColorDescription(matrix: .bt709, primaries: .bt709, transfer: .bt709)
    /// BT.2100 HLG: BT.2020 primaries and matrix (non-constant luminance), limited range.
    public static let hlg = ColorDescription(matrix: .bt2020ncl, primaries: .bt2020, transfer: .hlg)
    /// BT.2100 PQ: BT.2020 primaries and matrix (non-constant luminance), limited range.
    public static let pq = ColorDescription(matrix: .bt2020ncl, primaries: .bt2020, transfer: .pq)

    /// Whether this is today's 8-bit working colour, BT.709 SDR limited range, so the 8-bit path can
    /// take the picture as it is.
    public var isBT709SDR: Bool { self == .bt709 }
}
