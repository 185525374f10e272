import ReelMedia
import ReelModel

/// One source for `AudioMixer`: samples already aligned to the mixed range, a gain envelope over
/// timeline time and a static gain (clip or item volume).
public struct MixerInput: Sendable, Hashable {
    /// Sample `i` plays at timeline sample `start + i` of the mixed range. A shorter buffer is
    /// padded with silence.
    public var samples: AudioBuffer
    /// Envelopes multiplied together (a crossfade times volume automation, say).
    public var envelopes: [GainEnvelope]
    public var gain: Rational
    /// `matrix[o][i]`: the gain of input channel `i` in output channel `o` (a `ChannelMatrix` in `Float`); nil for
    /// the mixer's own channel rule.
    public var matrix: [[Float]]?

    public init(samples: AudioBuffer, envelope: GainEnvelope = .unity, gain: Rational = .one) {
        self.init(samples: samples, envelopes: [envelope], gain: gain)
    }

    public init(samples: AudioBuffer, envelopes: [GainEnvelope], gain: Rational = .one, matrix: ChannelMatrix? = nil) {
        self.samples = samples
        self.envelopes = envelopes
        self.gain = gain
        self.matrix = matrix.map { $0.gains.map { row in row.map(Float.init) } }
    }
}
