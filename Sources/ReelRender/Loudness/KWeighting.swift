import Foundation

/// ITU-R BS.1770-4's K-weighting for one channel: the high-shelf pre-filter (the head's acoustic effect) followed by
/// the RLB high-pass, each a biquad in direct form I, in double precision.
///
/// The Recommendation tabulates the coefficients at 48 kHz only; here they are derived for any rate from the analog
/// prototypes those tables were made from (shelf at 1681.97 Hz, +4.0 dB, Q 0.7072; high-pass at 38.135 Hz, Q 0.5003),
/// by the bilinear transform with pre-warping. At 48 kHz this gives the tabulated values to about 1e-8 (the
/// derivation libebur128 and FFmpeg's ebur128 filter use).
struct KWeighting {
    /// One biquad's coefficients (a0 normalised to 1) and its state.
    struct Biquad {
        let b0, b1, b2, a1, a2: Double
        var x1 = 0.0, x2 = 0.0, y1 = 0.0, y2 = 0.0

        init(b0: Double, b1: Double, b2: Double, a1: Double, a2: Double) {
            (self.b0, self.b1, self.b2, self.a1, self.a2) = (b0, b1, b2, a1, a2)
        }

        mutating func process(_ x: Double) -> Double {
            let y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
            x2 = x1; x1 = x
            y2 = y1; y1 = y
            return y
        }
    }

    var shelf: Biquad
    var highPass: Biquad

    init(sampleRate: Double) {
        shelf = Self.preFilter(sampleRate: sampleRate)
        highPass = Self.rlbFilter(sampleRate: sampleRate)
    }

    /// The K-weighted value of the next sample.
    mutating func process(_ x: Double) -> Double { highPass.process(shelf.process(x)) }

    /// Stage 1: the high shelf.
    static func preFilter(sampleRate fs: Double) -> Biquad {
        let f0 = 1681.974450955533, gainDB = 3.999843853973347, q = 0.7071752369554196
        let k = tan(Double.pi * f0 / fs)
        let vh = pow(10, gainDB / 20), vb = pow(vh, 0.4996667741545416)
        let a0 = 1 + k / q + k * k
        return Biquad(b0: (vh + vb * k / q + k * k) / a0, b1: 2 * (k * k - vh) / a0,
                      b2: (vh - vb * k / q + k * k) / a0, a1: 2 * (k * k - 1) / a0, a2: (1 - k / q + k * k) / a0)
    }

    /// Stage 2: the revised low-frequency B-curve (a second-order high-pass; its numerator is 1, −2, 1 as tabulated).
    static func rlbFilter(sampleRate fs: Double) -> Biquad {
        let f0 = 38.13547087602444, q = 0.5003270373238773
        let k = tan(Double.pi * f0 / fs)
        let a0 = 1 + k / q + k * k
        return Biquad(b0: 1, b1: -2, b2: 1, a1: 2 * (k * k - 1) / a0, a2: (1 - k / q + k * k) / a0)
    }
}
