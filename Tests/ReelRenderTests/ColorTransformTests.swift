import Foundation
import ReelMedia
import ReelModel
@testable import ReelRender
import Testing

/// The colour engine's fixed points, worked out by hand from the standards (BT.2100, BT.2408, ST 2084).
@Suite struct ColorTransformTests {
    /// One pixel through a transform.
    static func convert(_ t: ColorTransform?, _ y: UInt16, _ u: UInt16 = 32768, _ v: UInt16 = 32768) -> [UInt16] {
        let frame = DeepFrame(width: 1, height: 1, y: y, u: u, v: v)
        let out = t.map { $0.apply(frame) } ?? frame
        return [out.y[0], out.u[0], out.v[0]]
    }

    static let black: UInt16 = 4096, white: UInt16 = 60160

    @Test func sameColourIsNoTransform() {
        #expect(ColorTransform.between(.bt709, and: .bt709) == nil)
        #expect(ColorTransform.between(.hlg, and: .hlg) == nil)
        #expect(ColorTransform.between(.pq, and: .pq) == nil)
        #expect(ColorTransform.between(.bt709, and: .hlg) != nil)
    }

    /// BT.2408: SDR white at 203 cd/m² is HLG 75 % (0.7498) and PQ 58 % (0.5806) of the code range.
    @Test func sdrWhiteIsReferenceWhite() throws {
        let hlg = try #require(ColorTransform.between(.bt709, and: .hlg))
        let pq = try #require(ColorTransform.between(.bt709, and: .pq))
        let hlgWhite = Self.convert(hlg, Self.white), pqWhite = Self.convert(pq, Self.white)
        #expect(abs(Int(hlgWhite[0]) - Int(4096 + 0.7498 * 56064)) <= 8, "HLG white \(hlgWhite)")
        #expect(abs(Int(pqWhite[0]) - Int(4096 + 0.5806 * 56064)) <= 8, "PQ white \(pqWhite)")
        #expect(abs(Int(hlgWhite[1]) - 32768) <= 2 && abs(Int(pqWhite[2]) - 32768) <= 2)
    }

    @Test(arguments: [(ColorDescription.hlg, ColorDescription.bt709), (.pq, .bt709), (.bt709, .hlg), (.bt709, .pq),
                      (.hlg, .pq), (.pq, .hlg)])
    func blackStaysBlack(_ pair: (ColorDescription, ColorDescription)) throws {
        let t = try #require(ColorTransform.between(pair.0, and: pair.1))
        #expect(Self.convert(t, Self.black) == [Self.black, 32768, 32768])
    }

    /// Möbius reaches the output's peak exactly at the source's: HLG's peak white (1000 cd/m²) is SDR white.
    @Test func hlgPeakIsSDRWhite() throws {
        let t = try #require(ColorTransform.between(.hlg, and: .bt709))
        #expect(t.toneMaps)
        let out = Self.convert(t, Self.white)
        #expect(abs(Int(out[0]) - Int(Self.white)) <= 4, "HLG peak into SDR: \(out)")
        // Below the knee nothing is compressed: HLG 38 % is 0.13 of reference white, left as it is.
        let mid = Self.convert(t, UInt16(4096 + 0.38 * 56064))
        let light = TransferCurve.toLinear(.bt709, (Double(mid[0]) - 4096) / 56064)
        let expected = pow(TransferCurve.toLinear(.hlg, 0.38), 1.2) * 1000 / 203
        #expect(abs(light - expected) < 0.002, "HLG 38 % into SDR: \(light), expected \(expected)")
    }

    /// No HDR source goes into HDR through the tone curve while it fits the output's peak.
    @Test func hdrIntoHDRIsNotToneMapped() throws {
        #expect(try #require(ColorTransform.between(.hlg, and: .pq)).toneMaps == false)
        #expect(try #require(ColorTransform.between(.pq, and: .hlg)).toneMaps == false)
        let bright = HDRMetadata(maxCLL: 4000)
        #expect(try #require(ColorTransform.between(.pq, hdr: bright, and: .hlg)).toneMaps)
    }

    /// A matrix or range change alone leaves greys on their code values.
    @Test func matrixOnlyKeepsGreys() throws {
        let sd = ColorDescription(matrix: .bt601, primaries: .bt709, transfer: .bt709)
        let t = try #require(ColorTransform.between(sd, and: .bt709))
        #expect(t.light == nil)
        for y: UInt16 in [4096, 20000, 40000, 60160] { #expect(Self.convert(t, y) == [y, 32768, 32768]) }
        let full = ColorDescription(matrix: .bt709, range: .full, primaries: .bt709, transfer: .bt709)
        #expect(Self.convert(ColorTransform.between(full, and: .bt709), 65535) == [60160, 32768, 32768])
    }

    /// HLG → PQ → HLG comes back to within a 12-bit code, colours included.
    @Test func hdrRoundTrip() throws {
        let there = try #require(ColorTransform.between(.hlg, and: .pq))
        let back = try #require(ColorTransform.between(.pq, and: .hlg))
        for (y, u, v): (UInt16, UInt16, UInt16) in [(30000, 30000, 36000), (45000, 36000, 30000), (12000, 33000, 32000)] {
            let pq = Self.convert(there, y, u, v)
            let out = Self.convert(back, pq[0], pq[1], pq[2])
            #expect(zip(out, [y, u, v]).allSatisfy { abs(Int($0) - Int($1)) <= 16 }, "\([y, u, v]) came back as \(out)")
        }
    }
}
