import ReelMedia
import ReelModel
@testable import ReelRender
import Testing

/// `PixelKernel.Lanes` (four samples at a time) gives the same bits as the one-sample loop, which the colour engine's
/// reference tests check against the standards: the same codes through a 64-wide frame (every sample in lanes) and a
/// 1-wide one (every sample alone), for every kind of conversion Reel builds, on random codes over the whole 16-bit
/// range (superwhites, saturated and out-of-gamut chroma, codes below black) and on the range's corners.
@Suite struct PixelKernelLanesTests {
    static let p3 = ColorDescription(matrix: .bt709, primaries: .displayP3, transfer: .bt709)
    static let sd = ColorDescription(matrix: .bt601, primaries: .bt709, transfer: .bt709)
    static let bt2020SDR = ColorDescription(matrix: .bt2020ncl, primaries: .bt2020, transfer: .bt709)
    static let cases: [(String, ColorDescription, HDRMetadata?, ColorDescription)] = [
        ("HLG → SDR", .hlg, nil, .bt709), ("PQ → SDR", .pq, nil, .bt709),
        ("PQ 4000 → SDR", .pq, HDRMetadata(maxCLL: 4000), .bt709), ("SDR → HLG", .bt709, nil, .hlg),
        ("SDR → PQ", .bt709, nil, .pq), ("HLG → PQ", .hlg, nil, .pq), ("PQ → HLG", .pq, nil, .hlg),
        ("Display P3 → BT.709", p3, nil, .bt709), ("BT.2020 SDR → BT.709", bt2020SDR, nil, .bt709),
        ("BT.601 → BT.709", sd, nil, .bt709),
    ]

    /// 4,096 pixels: the corners of the code cube (0, black, neutral, white, 65535 in each plane) first, then codes
    /// from a fixed-seed generator.
    static func codes() -> (y: [UInt16], u: [UInt16], v: [UInt16]) {
        let corners: [UInt16] = [0, 4096, 32768, 60160, 61440, 65535]
        var y: [UInt16] = [], u: [UInt16] = [], v: [UInt16] = []
        for a in corners { for b in corners { for c in corners { y.append(a); u.append(b); v.append(c) } } }
        var state: UInt64 = 0x5EED
        func next() -> UInt16 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt16(truncatingIfNeeded: state >> 40)
        }
        while y.count < 4096 { y.append(next()); u.append(next()); v.append(next()) }
        return (y, u, v)
    }

    @Test(arguments: 0..<cases.count)
    func lanesMatchOneSampleAtATime(_ index: Int) throws {
        let (name, source, hdr, output) = Self.cases[index]
        let t = try #require(ColorTransform.between(source, hdr: hdr, and: output), "\(name): no transform")
        let c = Self.codes()
        let wide = t.apply(DeepFrame(width: 64, height: 64, y: c.y, u: c.u, v: c.v))
        let alone = t.apply(DeepFrame(width: 1, height: 4096, y: c.y, u: c.u, v: c.v))
        var inPlace = DeepFrame(width: 64, height: 64, y: c.y, u: c.u, v: c.v)
        t.apply(inPlace: &inPlace)
        for (plane, (a, b)) in [(wide.y, alone.y), (wide.u, alone.u), (wide.v, alone.v)].enumerated() {
            let differing = zip(a, b).filter { $0 != $1 }.count
            #expect(differing == 0, "\(name), plane \(plane): \(differing) of 4096 samples differ between lanes and one at a time")
        }
        #expect(inPlace == wide, "\(name): converting in place differs from converting into another frame")
        // The transform does something: most samples change.
        #expect(zip(wide.y, c.y).filter { $0 != $1 }.count > 2048, "\(name) left the codes as they were")
    }
}
