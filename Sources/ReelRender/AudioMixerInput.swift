import ReelMedia
import ReelModel

/// One source for `AudioMixer`: samples already aligned to the mixed range, a gain envelope over
/// timeline time and a static gain (clip or item volume).
public struct MixerInput: Sendable, Hashable {
    /// Sample `i` plays at timeline sample `start + i` of the mixed range. A shorter buffer is
    /// padded with silence.
    public var samples: AudioBuffer
    public var envelope: GainEnvelope
    public var gain: Rational

    public init(samples: AudioBuffer, envelope: GainEnvelope = .unity, gain: Rational = .one) {
        self.samples = samples
        self.envelope = envelope
        self.gain = gain
    }
}
