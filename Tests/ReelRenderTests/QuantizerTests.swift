import ReelMedia
import ReelRender
import Testing

/// The ordered dither that takes 16-bit samples to 8 and 10 bits.
@Suite struct QuantizerTests {
    /// A 10-bit gradient, each 10-bit code 8 pixels wide: 256 codes from 400 (8-bit 100) up, 64 rows.
    static let width = 2048, height = 64
    static let gradient: [UInt16] = (0..<width * height).map { UInt16((400 + ($0 % width) / 8) << 6) }

    /// The mean of each aligned 8×8 tile of the top row of tiles, in 8-bit codes, against the 10-bit truth.
    static func tileErrors(_ codes: [UInt8]) -> (worst: Double, levels: Int) {
        var worst = 0.0
        var levels = Set<Int>()
        for tile in 0..<width / 8 {
            var sum = 0
            for y in 0..<8 { for x in 0..<8 { sum += Int(codes[y * width + tile * 8 + x]) } }
            let mean = Double(sum) / 64, truth = Double(400 + tile) / 4
            worst = max(worst, abs(mean - truth))
            levels.insert(sum)
        }
        return (worst, levels.count)
    }

    @Test func ditheredGradientKeepsTenBitsOnAverage() {
        let dithered = Quantizer(bits: 8).quantize8(Self.gradient, width: Self.width, height: Self.height, plane: 0,
                                                    programmeFrame: 1234)
        let rounded = Self.gradient.map { UInt8(($0 + 128) >> 8) }
        let d = Self.tileErrors(dithered), r = Self.tileErrors(rounded)
        // Rounding lands a quarter or half code off on three of every four 10-bit codes, and bands them in fours.
        #expect(r.worst >= 0.25 && r.levels <= 65, "rounded: worst \(r.worst), \(r.levels) levels")
        // The dither's tile means follow every 10-bit step to within 1/64 of a code: no band wider than one code.
        #expect(d.worst <= 1.0 / 64, "dithered: worst tile error \(d.worst) codes")
        #expect(d.levels == 256, "dithered: \(d.levels) distinct tile means for 256 ten-bit codes")
    }

    @Test func sameProgrammeFrameSameBytes() {
        let q = Quantizer(bits: 8)
        func frame(_ n: Int64, plane: Int = 0) -> [UInt8] {
            q.quantize8(Self.gradient, width: Self.width, height: Self.height, plane: plane, programmeFrame: n)
        }
        #expect(frame(77) == frame(77))
        #expect(Set((0..<16).map { frame(Int64($0)) }).count > 1, "the pattern moves from frame to frame")
        #expect(frame(5, plane: 0) != frame(5, plane: 1) || frame(6, plane: 0) != frame(6, plane: 1))
    }

    /// A sample already on the output's grid is never moved: an 8-bit source through the deep path is unchanged.
    @Test(arguments: [8, 10])
    func gridSamplesAreExact(_ bits: Int) {
        let shift = 16 - bits, top = (1 << bits) - 1
        let codes = (0..<4096).map { UInt16(($0 * 7) % (top + 1)) }
        let samples = codes.map { $0 << UInt16(shift) }
        for frame: Int64 in [0, 1, 99] {
            #expect(Quantizer(bits: bits).quantize(samples, width: 64, height: 64, plane: 2, programmeFrame: frame) == codes)
        }
        #expect(Quantizer(bits: bits).quantize([65535], width: 1, height: 1, plane: 0, programmeFrame: 3) == [UInt16(top)])
    }

    @Test func tenBitDitherFromSixteen() {
        let samples = (0..<64 * 64).map { _ in UInt16(1000 << 6 + 16) }   // 1000.25 in 10-bit codes
        let out = Quantizer(bits: 10).quantize(samples, width: 64, height: 64, plane: 0, programmeFrame: 9)
        let mean = Double(out.reduce(0) { $0 + Int($1) }) / Double(out.count)
        #expect(Set(out) == [1000, 1001] && abs(mean - 1000.25) <= 1.0 / 64, "mean \(mean)")
    }
}
