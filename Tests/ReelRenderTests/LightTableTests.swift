import Foundation
import ReelMedia
import ReelModel
@testable import ReelRender
import Testing

/// `LightTable` reads light below its first sample (2⁻⁵⁶), zero and negative light as that first sample, with no
/// branch for the dark end: that holds only because every output curve gives there what it gives at 0, well inside
/// a 16-bit code. A first sample at 2⁻²⁴ (the table's range before) would put BT.709 black 64 codes up.
@Suite struct LightTableTests {
    @Test(arguments: ColorDescription.Transfer.allCases)
    func theFirstSampleIsBlack(_ transfer: ColorDescription.Transfer) {
        // The output curves as `LightPath` builds them; HLG's takes light over the display's peak.
        let peak = HLGSystem().peak
        let f: (Double) -> Double = { l in
            transfer == .hlg ? TransferCurve.fromLinear(.hlg, l / peak) : TransferCurve.fromLinear(transfer, l)
        }
        let table = LightTable(f)
        for x: Float in [0, -0, -1, -1e30, LightTable.low / 2, LightTable.low] {
            let read = LightTable.read(table.samples.base, x)
            let codes = abs(Double(read) - f(0)) * 65535
            #expect(codes < 0.02, "\(transfer): light \(x) reads \(codes) 16-bit codes from the curve at 0")
        }
    }

    /// They read as the largest light in range (`top`, one step of the float below 2⁸), where the curve is within
    /// 1/8192 of a sample step of the last sample; nothing is read past the table.
    @Test func beyondTheLastSampleAndNaNReadTheLast() {
        let table = LightTable { $0 }
        let atTop = LightTable.read(table.samples.base, LightTable.top)
        #expect(abs(Double(atTop) - 256) < 256.0 / 1024 / 8192 * 1.01, "top reads \(atTop)")
        for x: Float in [Float(1 << 8), 1e30, .infinity, .nan, -.nan] {
            #expect(LightTable.read(table.samples.base, x) == atTop, "light \(x)")
        }
    }

    @Test func inRangeReadsFollowTheCurve() {
        let table = LightTable { pow($0, 1 / 2.4) }
        for x: Float in [1e-12, 1e-6, 0.001, 0.18, 0.5, 1, 4.9, 100] {
            let read = Double(LightTable.read(table.samples.base, x)), exact = pow(Double(x), 1 / 2.4)
            #expect(abs(read - exact) / exact < 1e-6, "x^(1/2.4) at \(x): \(read), not \(exact)")
        }
    }

    /// Black codes stay black codes through every conversion into an output whose curve starts at 0.
    @Test(arguments: [(ColorDescription.hlg, ColorDescription.bt709), (.pq, .bt709), (.bt709, .hlg),
                      (ColorDescription(matrix: .bt709, primaries: .displayP3, transfer: .bt709), .bt709)])
    func blackStaysBlack(_ source: ColorDescription, _ output: ColorDescription) throws {
        let t = try #require(ColorTransform.between(source, and: output))
        let black = t.apply(DeepFrame(width: 4, height: 1, y: [4096, 4096, 4096, 4096], u: [32768, 32768, 32768, 32768],
                                      v: [32768, 32768, 32768, 32768]))
        #expect(black.y == [4096, 4096, 4096, 4096] && black.u == [32768, 32768, 32768, 32768]
                && black.v == [32768, 32768, 32768, 32768], "\(source.transfer) → \(output.transfer): \(black.y) \(black.u) \(black.v)")
    }
}
