/// ITU-R BS.1770-4 Annex 2's true-peak estimate for one channel: 4× oversampling by the Annex's 48-tap FIR
/// interpolator (four phases of 12 taps), the largest magnitude of the four interpolated values and the sample itself.
///
/// The Annex's filter is given for 48 kHz; it is a normalised-frequency design, so it is used as is at every rate
/// (4× is the Annex's minimum ratio; at 44.1 kHz the oversampled rate is 176.4 kHz). Its passband ripple makes it
/// read a little high near Nyquist (a few tenths of a dB above 0.2·fs), never low, which keeps a limiter driven by it
/// on the safe side. The value returned for a sample interpolates around the sample 6 places earlier (the filter's
/// delay), so a caller flushes with 12 zeros at the end of a programme.
struct TruePeakInterpolator {
    static let taps = 12
    /// Phase p's taps, oldest sample last (BS.1770-4 Annex 2, Table: phase 0 … 3).
    static let phases: [[Double]] = [
        [0.0017089843750, 0.0109863281250, -0.0196533203125, 0.0332031250000, -0.0594482421875, 0.1373291015625,
         0.9721679687500, -0.1022949218750, 0.0476074218750, -0.0266113281250, 0.0148925781250, -0.0083007812500],
        [-0.0291748046875, 0.0292968750000, -0.0517578125000, 0.0891113281250, -0.1665039062500, 0.4650878906250,
         0.7797851562500, -0.2003173828125, 0.1015625000000, -0.0582275390625, 0.0330810546875, -0.0189208984375],
        [-0.0189208984375, 0.0330810546875, -0.0582275390625, 0.1015625000000, -0.2003173828125, 0.7797851562500,
         0.4650878906250, -0.1665039062500, 0.0891113281250, -0.0517578125000, 0.0292968750000, -0.0291748046875],
        [-0.0083007812500, 0.0148925781250, -0.0266113281250, 0.0476074218750, -0.1022949218750, 0.9721679687500,
         0.1373291015625, -0.0594482421875, 0.0332031250000, -0.0196533203125, 0.0109863281250, 0.0017089843750],
    ]
    /// The phases as one flat table (phase-major), for the inner loop.
    private static let flat: [Double] = phases.flatMap { $0 }

    /// The last 12 samples, twice over, so that the newest 12 are always contiguous from `position`.
    private var history = [Double](repeating: 0, count: 2 * taps)
    private var position = 0

    /// Takes the next sample; returns the largest magnitude of it and of the four interpolated values.
    mutating func peak(_ x: Double) -> Double {
        position = position == 0 ? Self.taps - 1 : position - 1
        history[position] = x
        history[position + Self.taps] = x
        var peak = abs(x)
        history.withUnsafeBufferPointer { h in
            Self.flat.withUnsafeBufferPointer { c in
                for p in 0..<4 {
                    var sum = 0.0
                    for k in 0..<Self.taps { sum += c[p * Self.taps + k] * h[position + k] }
                    peak = max(peak, abs(sum))
                }
            }
        }
        return peak
    }
}
