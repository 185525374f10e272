import ReelMedia
import ReelModel

/// Mixes audio in `Float`, sample-exact in the timeline's sample clock.
///
/// `mix` renders timeline samples `[start, start + count)`. Each input's per-sample gain is its
/// envelope (evaluated from the absolute sample index, see `GainEnvelope`) times its static gain,
/// in `Double`, rounded once to `Float`; inputs are summed in the order given.
///
/// **Output policy**: a stateless hard clip to [−1, 1] (NaN becomes 0). Nothing in the mixer has
/// memory, so there is nothing to pre-roll: mixing `[0, N)` at once equals mixing `[0, k)` then
/// `[k, N)`, bit for bit, wherever `k` falls.
///
/// **Channels**: an input with the output's channel count maps one to one; a mono input feeds every
/// output channel; to a mono output a multichannel input is averaged; otherwise channel `c` takes
/// input channel `c` and missing channels are silent. An input with a `matrix` (a `ChannelMatrix`) is mixed
/// through it instead: each output channel adds each input channel times its gain.
public struct AudioMixer: Sendable, Hashable {
    public let sampleRate: Int32
    public let channels: Int

    public init(sampleRate: Int32, channels: Int) {
        self.sampleRate = sampleRate
        self.channels = channels
    }

    /// Mixes `inputs` over timeline samples `[start, start + count)`.
    /// - Returns: exactly `count` frames of `channels` channels at `sampleRate`.
    public func mix(_ inputs: [MixerInput], start: Int64, count: Int) -> AudioBuffer {
        var out = [[Float]](repeating: [Float](repeating: 0, count: count), count: channels)
        var gains = [Double](repeating: 0, count: count)
        var scaled = [Float](repeating: 0, count: count)
        var factor = [Double](repeating: 0, count: count)
        for input in inputs {
            let frames = min(count, input.samples.frameCount)
            guard frames > 0 else { continue }
            fillGains(&gains, &factor, input.envelopes, frames: frames, start: start)
            let staticGain = input.gain.doubleValue
            for i in 0..<frames { scaled[i] = Float(gains[i] * staticGain) }
            if let matrix = input.matrix {
                accumulate(input.samples, matrix: matrix, gains: scaled, frames: frames, into: &out)
            } else {
                for c in 0..<channels { accumulate(input.samples, channel: c, gains: scaled, frames: frames, into: &out[c]) }
            }
        }
        for c in 0..<channels { Self.clip(&out[c]) }
        return AudioBuffer(sampleRate: sampleRate, samples: out)
    }

    /// The product of `envelopes` for the first `frames` samples, into `gains` (`factor` is scratch).
    private func fillGains(_ gains: inout [Double], _ factor: inout [Double], _ envelopes: [GainEnvelope],
                           frames: Int, start: Int64) {
        gains.withUnsafeMutableBufferPointer { g in
            let head = UnsafeMutableBufferPointer(rebasing: g[0..<frames])
            guard let first = envelopes.first else { head.update(repeating: 1); return }
            first.fill(head, start: start, sampleRate: sampleRate)
            for envelope in envelopes.dropFirst() {
                factor.withUnsafeMutableBufferPointer { f in
                    envelope.fill(UnsafeMutableBufferPointer(rebasing: f[0..<frames]), start: start, sampleRate: sampleRate)
                    for i in 0..<frames { head[i] *= f[i] }
                }
            }
        }
    }

    /// `out[i] += source(channel)[i] · gains[i]`, with the channel mapping documented on the type.
    private func accumulate(_ buffer: AudioBuffer, channel c: Int, gains: [Float], frames: Int, into out: inout [Float]) {
        let inputs = buffer.channelCount
        if inputs == channels || inputs == 1 || (channels != 1 && c < inputs) {
            Self.multiplyAdd(buffer.samples[inputs == 1 ? 0 : c], gains, 1, frames, &out)
        } else if channels == 1 {
            for source in buffer.samples { Self.multiplyAdd(source, gains, 1 / Float(inputs), frames, &out) }
        }
    }

    /// `out[o][i] += Σ_c source(c)[i] · gains[i] · matrix[o][c]`, input channels in order, zero gains skipped.
    private func accumulate(_ buffer: AudioBuffer, matrix: [[Float]], gains: [Float], frames: Int, into out: inout [[Float]]) {
        for (o, row) in matrix.enumerated() where o < channels {
            for (c, m) in row.enumerated() where m != 0 && c < buffer.channelCount {
                Self.multiplyAdd(buffer.samples[c], gains, m, frames, &out[o])
            }
        }
    }

    /// `out[i] += source[i] · gains[i] · scale` for `i < frames`.
    private static func multiplyAdd(_ source: [Float], _ gains: [Float], _ scale: Float, _ frames: Int,
                                    _ out: inout [Float]) {
        source.withUnsafeBufferPointer { s in
            gains.withUnsafeBufferPointer { g in
                out.withUnsafeMutableBufferPointer { o in
                    if scale == 1 {
                        for i in 0..<frames { o[i] += s[i] * g[i] }
                    } else {
                        for i in 0..<frames { o[i] += s[i] * g[i] * scale }
                    }
                }
            }
        }
    }

    /// The output policy: hard clip to [−1, 1], NaN to 0.
    static func clip(_ samples: inout [Float]) {
        samples.withUnsafeMutableBufferPointer { o in
            for i in o.indices {
                let x = o[i]
                o[i] = x != x ? 0 : (x > 1 ? 1 : (x < -1 ? -1 : x))
            }
        }
    }
}
