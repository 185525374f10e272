import ReelModel

/// One conversion checked against FFmpeg's: how the source is made from an SDR picture, what Reel converts it
/// from and to, and the FFmpeg filter graph that does the same conversion with the same operator and parameters.
struct ColorReferenceCase: Sendable, CustomStringConvertible {
    let description: String
    /// zscale's conversion of the SDR pattern into the source's colour ("" for an SDR BT.709 source).
    let make: String
    /// x265's colour tags of the source (nil: an 8-bit x264 BT.709 source).
    let tags: String?
    let source: ColorDescription
    let output: ColorDescription
    /// FFmpeg's conversion of the decoded source (raw, untagged: the graph names the input's colour).
    let reference: String

    /// zscale's names of Reel's colours.
    static func zscaleInput(_ c: ColorDescription) -> String {
        "tin=\(transfer(c.transfer)):min=\(matrix(c.matrix)):pin=\(primaries(c.primaries)):rin=tv"
    }

    static func zscaleOutput(_ c: ColorDescription) -> String {
        "t=\(transfer(c.transfer)):m=\(matrix(c.matrix)):p=\(primaries(c.primaries)):r=tv"
    }

    static func transfer(_ t: ColorDescription.Transfer) -> String {
        switch t {
        case .bt709: "709"
        case .srgb: "iec61966-2-1"
        case .pq: "smpte2084"
        case .hlg: "arib-std-b67"
        }
    }

    static func matrix(_ m: ColorDescription.Matrix) -> String {
        switch m {
        case .bt601: "470bg"
        case .bt709: "709"
        case .bt2020ncl: "2020_ncl"
        }
    }

    static func primaries(_ p: ColorDescription.Primaries) -> String {
        switch p {
        case .bt601_625: "bt470bg"
        case .bt601_525: "smpte170m"
        case .bt709: "709"
        case .bt2020: "2020"
        case .displayP3: "smpte432"
        }
    }

    /// zimg's exact transfer curves (`agamma=0`). zscale's default lets zimg use its approximate SIMD curves, and on a
    /// CPU with AVX-512 those (`PowerFunction` in zimg's `operation_impl_avx512.cpp`) extend BT.1886's power curve
    /// below zero by odd symmetry instead of clamping it as zimg's exact curves do: an out-of-gamut colour (Display P3's
    /// saturated bars into BT.709) then keeps negative R′G′B′. The reference would depend on the machine: 41.20 dB on
    /// one without AVX-512, 21.74 dB on this one, for the same Reel and the same pictures.
    static let exact = "agamma=0"

    /// zimg's straight conversion (no tone mapping), reference white at 203 cd/m².
    static func direct(_ name: String, make: String, tags: String?, from source: ColorDescription,
                       to output: ColorDescription) -> ColorReferenceCase {
        ColorReferenceCase(description: name, make: make, tags: tags, source: source, output: output,
                           reference: "zscale=\(zscaleInput(source)):\(zscaleOutput(output)):npl=203:\(exact)")
    }

    /// HDR into SDR BT.709: linear light at 203 cd/m² = 1, the gamut to BT.709, `tonemap=mobius` with Reel's knee
    /// and the source's peak (1000 cd/m²), no desaturation, then BT.709.
    static func toneMapped(_ name: String, make: String, tags: String, from source: ColorDescription,
                           knee: Double) -> ColorReferenceCase {
        let linear = "zscale=\(zscaleInput(source)):t=linear:npl=203:p=\(primaries(source.primaries)):m=gbr:\(exact)"
        let graph = "\(linear),format=gbrpf32le,zscale=p=709:\(exact),tonemap=mobius:param=\(knee):desat=0:peak=\(1000.0 / 203),"
            + "zscale=\(zscaleOutput(.bt709)):\(exact)"
        return ColorReferenceCase(description: name, make: make, tags: tags, source: source, output: .bt709,
                                  reference: graph)
    }

    static let hlgTags = "colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc"
    static let pqTags = "colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc"
    static let fromSDR = zscaleInput(.bt709)
    static let makeHLG = "\(fromSDR):\(zscaleOutput(.hlg)):npl=203:\(exact)"
    static let makePQ = "\(fromSDR):\(zscaleOutput(.pq)):npl=203:\(exact)"
    static let p3 = ColorDescription(matrix: .bt709, primaries: .displayP3, transfer: .bt709)
    static let sdr2020 = ColorDescription(matrix: .bt2020ncl, primaries: .bt2020, transfer: .bt709)

    static let all: [ColorReferenceCase] = [
        toneMapped("HLG → SDR", make: makeHLG, tags: hlgTags, from: .hlg, knee: 0.5),
        toneMapped("PQ → SDR", make: makePQ, tags: pqTags, from: .pq, knee: 0.5),
        direct("HLG → HLG", make: makeHLG, tags: hlgTags, from: .hlg, to: .hlg),
        direct("PQ → HLG", make: makePQ, tags: pqTags, from: .pq, to: .hlg),
        direct("HLG → PQ", make: makeHLG, tags: hlgTags, from: .hlg, to: .pq),
        direct("SDR → HLG", make: "", tags: nil, from: .bt709, to: .hlg),
        direct("SDR → PQ", make: "", tags: nil, from: .bt709, to: .pq),
        // The pattern's codes taken as Display P3: saturated colours outside BT.709, so the gamut map must clip.
        direct("Display P3 → BT.709", make: "",
               tags: "colorprim=smpte432:transfer=bt709:colormatrix=bt709", from: p3, to: .bt709),
        direct("BT.2020 SDR → BT.709", make: "\(fromSDR):\(zscaleOutput(sdr2020)):\(exact)",
               tags: "colorprim=bt2020:transfer=bt709:colormatrix=bt2020nc", from: sdr2020, to: .bt709),
    ]
}
