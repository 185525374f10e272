import Foundation
import Testing
@testable import ReelRender

/// The look-ahead true-peak limiter on its own: under the ceiling it only delays; over it, the true peak of what
/// comes out (BS.1770-4's 4× interpolator) stays under the ceiling; the result does not depend on the chunking.
@Suite struct LoudnessLimiterTests {
    /// 2 s of stereo at 48 kHz: a 997 Hz sine at `amplitude` with bursts of a 7 kHz sine at twice it every 0.25 s.
    static func programme(amplitude: Double) -> [[Float]] {
        let n = 96_000
        let left = (0..<n).map { i -> Float in
            let t = Double(i) / 48000
            let burst = (i % 12_000) < 240 ? 2 * amplitude * sin(2 * .pi * 7000 * t + 0.3) : 0
            return Float(amplitude * sin(2 * .pi * 997 * t) + burst)
        }
        return [left, left.map { -$0 * 0.9 }]
    }

    static func limit(_ planes: [[Float]], ceiling: Double, chunk: Int) -> (out: [[Float]], lowest: Double) {
        var limiter = LoudnessLimiter(ceiling: ceiling, channels: planes.count, sampleRate: 48000)
        var out = Array(repeating: [Float](), count: planes.count)
        var start = 0
        while start < planes[0].count {
            let end = min(planes[0].count, start + chunk)
            let ready = limiter.process(planes.map { Array($0[start..<end]) })
            for c in out.indices { out[c] += ready[c] }
            start = end
        }
        let rest = limiter.finish()
        for c in out.indices { out[c] += rest[c] }
        return (out, limiter.lowestGain)
    }

    static func truePeak(_ planes: [[Float]]) -> Double {
        var meter = LoudnessMeter(sampleRate: 48000, channels: planes.count)
        meter.feed(planes)
        return meter.reading().truePeak
    }

    @Test("over the ceiling: the output's true peak is under it, the sample count kept, chunking changes nothing")
    func limitsTruePeak() {
        let input = Self.programme(amplitude: 0.6)
        let ceiling = pow(10, -1.0 / 20)
        #expect(Self.truePeak(input) > 1.5 * ceiling)
        let whole = Self.limit(input, ceiling: ceiling, chunk: 96_000)
        #expect(whole.out[0].count == input[0].count && whole.lowest < 0.7)
        #expect(Self.truePeak(whole.out) <= ceiling, "true peak \(20 * log10(Self.truePeak(whole.out))) dBTP over -1")
        for chunk in [1, 511, 4800] {
            #expect(Self.limit(input, ceiling: ceiling, chunk: chunk).out == whole.out, "chunks of \(chunk) give other samples")
        }
    }

    @Test("under the ceiling it changes no sample (a gain of exactly 1)")
    func transparentUnderTheCeiling() {
        let input = Self.programme(amplitude: 0.2)
        let result = Self.limit(input, ceiling: 1, chunk: 3000)
        let changed = zip(result.out[0], input[0]).filter { $0 != $1 }.count + zip(result.out[1], input[1]).filter { $0 != $1 }.count
        #expect(result.lowest == 1 && result.out[0].count == input[0].count && changed == 0, "\(changed) samples changed")
    }

    /// The release (100 ms) nears 1 within 1e-9 about 2.1 s after the peak; from there no sample is scaled.
    @Test("after a limited peak the gain returns to exactly 1: the rest of the programme is left as it was")
    func releasesFully() {
        let n = 144_000
        let input = [(0..<n).map { i in Float(i == 4800 ? 0.99 : 0.3 * sin(2 * Double.pi * 440 * Double(i) / 48000)) }]
        let result = Self.limit(input, ceiling: 0.5, chunk: 4096)
        #expect(result.lowest < 0.6)
        let scaled = zip(result.out[0][120_000...], input[0][120_000...]).filter { $0 != $1 }.count
        #expect(scaled == 0, "\(scaled) samples of the last half second were still scaled")
    }
}
