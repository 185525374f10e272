import Foundation

/// A look-ahead true-peak limiter: keeps the 4×-oversampled true peak (`TruePeakInterpolator`) of a programme under a
/// ceiling, fed in order in chunks of any size, deterministic (the same samples give the same output whatever the
/// chunking), with one gain for all channels so the image does not move.
///
/// For each input sample n the detector gives the largest true-peak value p over the channels of the 12 samples
/// that the interpolator read; those samples must be scaled by at most q = min(1, ceiling / p). The gain curve is
/// - a minimum of q over the next `lookAhead + 11` samples (each sample sees every requirement it contributes to),
/// - a release: it falls at once, and rises towards 1 with time constant `release` (never above that minimum),
/// - a moving average over `lookAhead` samples (the attack: a ramp of `lookAhead` samples instead of a step).
/// Each value the average takes in is at most the requirement of the sample it is applied to, so no sample is
/// scaled by more than its q. The output is the input delayed by `delay` samples; `finish` flushes the tail.
///
/// Look-ahead (= attack) is 1.5 ms (72 samples at 48 kHz), release 100 ms. A gain ramp across the interpolator's
/// 12 taps can leave the interpolated peak a few hundredths of a dB from what the gains alone promise; the stitcher
/// re-measures its output and reports what it reached.
struct LoudnessLimiter {
    static let lookAheadSeconds = 0.0015
    static let releaseSeconds = 0.1
    /// The limiter aims this factor under the ceiling (−0.0001 dB): the output is rounded to float (and later to the
    /// output's integers), which alone took a limited peak 2e-8 over it.
    static let rounding = 1 - 1e-5

    /// What the detected true peak is held under: the ceiling less `rounding`.
    let ceiling: Double
    let channels: Int
    let lookAhead: Int
    /// Samples between an input and the output it becomes.
    let delay: Int
    private let releaseCoefficient: Double
    private var detectors: [TruePeakInterpolator]
    /// The last `delay + 1` inputs (interleaved) and their requirements, as rings written at `head`.
    private var pending: [Double]
    private var requirements: [Double]
    private var head = 0
    private var filled = 0
    private var released = 1.0
    /// The last `lookAhead` released gains (the attack's moving average), a ring written at `averagedPosition`.
    private var averaged: [Double]
    private var averagedPosition = 0
    /// How many requirements and averaged gains in the rings are under 1: while none is, the gain is exactly 1
    /// without scanning them (the same value the scan gives), which is most of a programme.
    private var requirementsUnderOne = 0
    private var averagedUnderOne = 0
    /// Outputs still to drop: the silence the limiter is primed with.
    private var skip = 0
    /// The lowest gain applied so far.
    private(set) var lowestGain = 1.0

    init(ceiling: Double, channels: Int, sampleRate: Int) {
        self.ceiling = ceiling * Self.rounding
        self.channels = channels
        lookAhead = max(TruePeakInterpolator.taps, Int((Self.lookAheadSeconds * Double(sampleRate)).rounded()))
        delay = lookAhead + TruePeakInterpolator.taps - 1
        releaseCoefficient = 1 - exp(-1 / (Self.releaseSeconds * Double(sampleRate)))
        detectors = Array(repeating: TruePeakInterpolator(), count: channels)
        pending = Array(repeating: 0, count: (delay + 1) * channels)
        requirements = Array(repeating: 1, count: delay + 1)
        averaged = Array(repeating: 1, count: lookAhead)
        // Primed with silence, so the first samples' gains average requirements as every later sample's do.
        var none: [[Float]] = Array(repeating: [], count: channels)
        for _ in 0..<(lookAhead - 1) { push(nil, at: 0, into: &none) }
        skip = lookAhead - 1
    }

    /// Limits planar samples; returns what is ready (`delay` samples fewer in all, until `finish`).
    mutating func process(_ planes: [[Float]]) -> [[Float]] {
        let n = planes.first?.count ?? 0
        var out = Array(repeating: [Float](), count: channels)
        for c in 0..<channels { out[c].reserveCapacity(n) }
        for i in 0..<n { push(planes, at: i, into: &out) }
        return out
    }

    /// The last `delay` samples (the input followed by silence, through the same gain curve).
    mutating func finish() -> [[Float]] {
        var out = Array(repeating: [Float](), count: channels)
        for _ in 0..<delay { push(nil, at: 0, into: &out) }
        return out
    }

    /// Takes sample `i` of `planes` (silence for nil) and appends the sample that leaves the delay, if any.
    private mutating func push(_ planes: [[Float]]?, at i: Int, into out: inout [[Float]]) {
        var p = 0.0
        for c in 0..<channels {
            let x = planes.map { Double($0[c][i]) } ?? 0
            pending[head * channels + c] = x
            p = max(p, detectors[c].peak(x))
        }
        let requirement = p > ceiling ? ceiling / p : 1
        requirementsUnderOne += (requirement < 1 ? 1 : 0) - (requirements[head] < 1 ? 1 : 0)
        requirements[head] = requirement
        head = (head + 1) % requirements.count
        filled = min(filled + 1, requirements.count)
        guard filled == requirements.count else { return }
        // `head` now points at the oldest pending sample.
        let gain = nextGain()
        if skip > 0 { skip -= 1; return }
        for c in 0..<channels { out[c].append(Float(pending[head * channels + c] * gain)) }
    }

    /// The gain for the oldest pending sample: the window's minimum, released, then averaged over `lookAhead`.
    private mutating func nextGain() -> Double {
        let needed = requirementsUnderOne == 0 ? 1 : requirements.min() ?? 1
        released = min(needed, released + (1 - released) * releaseCoefficient)
        // The release only nears 1 (and would stall one ulp under it): within 1e-9 it is done.
        if released > 1 - 1e-9 && needed == 1 { released = 1 }
        averagedUnderOne += (released < 1 ? 1 : 0) - (averaged[averagedPosition] < 1 ? 1 : 0)
        averaged[averagedPosition] = released
        averagedPosition = (averagedPosition + 1) % lookAhead
        let gain = averagedUnderOne == 0 ? 1 : min(averaged.reduce(0, +) / Double(lookAhead), 1)
        lowestGain = min(lowestGain, gain)
        return gain
    }
}
