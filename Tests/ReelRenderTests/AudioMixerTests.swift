import ReelMedia
import ReelModel
import Testing
@testable import ReelRender

private let rate: Int32 = 48_000

private func seconds(_ n: Int64, _ d: Int32 = 1) -> RationalTime { try! RationalTime(value: n, timescale: d) }
private func g(_ n: Int64, _ d: Int64 = 1) -> Rational { try! Rational(n, d) }

/// A mono input of constant `value`, `count` samples long.
private func constant(_ value: Float, _ count: Int) -> AudioBuffer {
    AudioBuffer(sampleRate: rate, samples: [[Float](repeating: value, count: count)])
}

@Test func crossfadeGainsMeetAtHalfInTheMiddle() {
    let fadeOut = GainEnvelope(pieces: [GainPiece(start: seconds(1), end: seconds(2), from: .one, to: .zero)])
    let fadeIn = GainEnvelope(pieces: [GainPiece(start: seconds(1), end: seconds(2), from: .zero, to: .one)])
    let mixer = AudioMixer(sampleRate: rate, channels: 2)
    let start: Int64 = 71_990, n = 20
    let outgoing = mixer.mix([MixerInput(samples: constant(1, n), envelope: fadeOut)], start: start, count: n)
    let incoming = mixer.mix([MixerInput(samples: constant(1, n), envelope: fadeIn)], start: start, count: n)
    #expect(outgoing.samples[0][10] == 0.5 && incoming.samples[0][10] == 0.5, "sample 72000 is the midpoint")
    #expect(outgoing.samples[1][10] == 0.5, "mono feeds both channels")
    for i in 0..<n { #expect(outgoing.samples[0][i] + incoming.samples[0][i] == 1, "gains sum to one at \(i)") }
    #expect(outgoing.samples[0][11] < 0.5 && incoming.samples[0][11] > 0.5)
}

@Test func rampIsSampleExact() {
    // From 1001/30000 s (sample 1601.6, so the first ramp sample is 1602) to 1 s, gain 0 → 1, volume 1/2.
    let startTime = seconds(1001, 30_000)
    let envelope = GainEnvelope(pieces: [GainPiece(start: startTime, end: seconds(1), from: .zero, to: .one)])
    let mixer = AudioMixer(sampleRate: rate, channels: 1)
    let out = mixer.mix([MixerInput(samples: constant(1, 50_000), envelope: envelope, gain: g(1, 2))],
                        start: 0, count: 50_000).samples[0]
    let a = 1601.6, length = 48_000 - 1601.6
    for s in [0, 1601, 1602, 1603, 24_000, 47_999, 48_000, 49_999] {
        let ramp = s < 1602 ? 0 : s >= 48_000 ? 1 : (Double(s) - a) / length
        #expect(out[s] == Float(ramp * 0.5), "sample \(s)")
    }
    #expect(out[1601] == 0 && out[1602] > 0 && out[48_000] == 0.5)
}

@Test func gainHoldsBetweenAndAfterPieces() {
    let envelope = GainEnvelope(pieces: [
        GainPiece(start: seconds(3, 48_000), end: seconds(5, 48_000), from: g(1, 4), to: g(1, 2)),
        GainPiece(start: seconds(8, 48_000), end: seconds(10, 48_000), from: g(1, 2), to: g(1, 8)),
    ])
    let out = AudioMixer(sampleRate: rate, channels: 1)
        .mix([MixerInput(samples: constant(1, 12), envelope: envelope)], start: 0, count: 12).samples[0]
    #expect(out == [0.25, 0.25, 0.25, 0.25, 0.375, 0.5, 0.5, 0.5, 0.5, 0.3125, 0.125, 0.125])
}

@Test func mixingIsInvariantUnderSegmentation() {
    let n = 4_801
    var state: UInt32 = 12345
    func noise() -> Float { state = state &* 1_664_525 &+ 1_013_904_223; return Float(Int32(bitPattern: state)) / 2e9 }
    let music = AudioBuffer(sampleRate: rate, samples: [(0..<n).map { _ in noise() }, (0..<n).map { _ in noise() }])
    let voice = AudioBuffer(sampleRate: rate, samples: [(0..<n).map { _ in noise() }])
    let duck = GainEnvelope(pieces: [GainPiece(start: seconds(1, 100), end: seconds(3, 100), from: .one, to: g(1, 5)),
                                     GainPiece(start: seconds(7, 100), end: seconds(1001, 30_000), from: g(1, 5), to: .one)])
    let fade = GainEnvelope(pieces: [GainPiece(start: seconds(0), end: seconds(1, 10), from: .zero, to: g(3, 2))])
    let inputs = { (s: Int, e: Int) -> [MixerInput] in
        [MixerInput(samples: slice(music, s, e), envelope: duck, gain: g(7, 10)),
         MixerInput(samples: slice(voice, s, e), envelope: fade, gain: g(6, 5))]
    }
    let mixer = AudioMixer(sampleRate: rate, channels: 2)
    let whole = mixer.mix(inputs(0, n), start: 0, count: n)
    for k in [1, 480, 1601, 1602, 3333, 4800] {
        let left = mixer.mix(inputs(0, k), start: 0, count: k), right = mixer.mix(inputs(k, n), start: Int64(k), count: n - k)
        for c in 0..<2 {
            let joined = (left.samples[c] + right.samples[c]).map(\.bitPattern)
            #expect(joined == whole.samples[c].map(\.bitPattern), "split at \(k), channel \(c)")
        }
    }
}

private func slice(_ b: AudioBuffer, _ s: Int, _ e: Int) -> AudioBuffer {
    AudioBuffer(sampleRate: b.sampleRate, samples: b.samples.map { Array($0[s..<e]) })
}

@Test func outputIsHardClipped() {
    let loud = AudioBuffer(sampleRate: rate, samples: [[0.75, -0.75, 0.25, .nan, 0.5]])
    let out = AudioMixer(sampleRate: rate, channels: 1)
        .mix([MixerInput(samples: loud), MixerInput(samples: loud)], start: 10, count: 6).samples[0]
    #expect(out == [1, -1, 0.5, 0, 1, 0], "sums clip to ±1, NaN is 0, the short input is padded with silence")
}

@Test func stereoToMonoAverages() {
    let stereo = AudioBuffer(sampleRate: rate, samples: [[0.5, 0.25], [0.25, -0.25]])
    let out = AudioMixer(sampleRate: rate, channels: 1).mix([MixerInput(samples: stereo)], start: 0, count: 2)
    #expect(out.samples == [[0.375, 0]])
    #expect(out.sampleRate == rate && out.frameCount == 2)
}
