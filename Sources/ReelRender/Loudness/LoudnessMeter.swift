import Foundation
import ReelModel

/// An ITU-R BS.1770-4 / EBU R128 meter over a programme fed in order, in chunks of any size: integrated loudness,
/// loudness range (EBU Tech 3342) and true peak. The readings depend only on the samples, never on how they were
/// chunked, so a segmented render measures exactly as a one-segment one.
///
/// - K-weighting per channel (`KWeighting`), then mean squares over 100 ms steps (`sampleRate / 10` samples).
/// - Gating blocks of 400 ms (4 steps) every 100 ms (75 % overlap), the first ending 400 ms in; a partial block at the
///   end is not a block. A block's loudness is −0.691 + 10·log10 Σ Gᵢ·zᵢ; integrated loudness averages the blocks
///   above the absolute gate (−70 LUFS) and above the relative gate (their mean − 10 LU), in the power domain.
/// - Channel weights G by index (`weights(channels:)`): 1.0 for L, R, C and a mono channel; 1.41 for the surrounds
///   of 5.1 (L R C LFE Ls Rs) and 7.1 (… Lrs Rrs); the LFE is left out (0).
/// - Loudness range: 3 s short-term windows every 100 ms, gated at −70 LUFS and at their power mean − 20 LU; the
///   range is the 95th minus the 10th percentile (Tech 3342's nearest rank on the sorted values).
/// - True peak: `TruePeakInterpolator` on every channel (the LFE included), the largest value.
struct LoudnessMeter {
    let sampleRate: Int
    let weights: [Double]
    let step: Int
    private var filters: [KWeighting]
    private var peaks: [TruePeakInterpolator]
    private var peak = 0.0
    /// Σ of K-weighted squares in the current step, per channel, and its fill.
    private var stepSum: [Double]
    private var stepFill = 0
    /// The last 30 steps' channel-weighted sums (3 s), newest last.
    private var recent: [Double] = []
    /// Every gating block's and every short-term window's mean square, channel-weighted.
    private(set) var blockPowers: [Double] = []
    private(set) var shortTermPowers: [Double] = []
    /// Sample frames fed.
    private(set) var frames: Int64 = 0

    init(sampleRate: Int, channels: Int) {
        self.sampleRate = sampleRate
        weights = Self.weights(channels: channels)
        step = max(1, sampleRate / 10)
        filters = Array(repeating: KWeighting(sampleRate: Double(sampleRate)), count: channels)
        peaks = Array(repeating: TruePeakInterpolator(), count: channels)
        stepSum = Array(repeating: 0, count: channels)
    }

    /// BS.1770-4's channel weights for `channels` in the output layout's order (`AudioChannel.loudnessWeight`: the
    /// LFE left out, surrounds at 1.41); 1.0 each for a count with no layout.
    static func weights(channels: Int) -> [Double] {
        AudioLayout(count: channels)?.channels.map(\.loudnessWeight) ?? Array(repeating: 1, count: channels)
    }

    /// Feeds planar samples (one array per channel, equal lengths).
    mutating func feed(_ planes: [[Float]]) {
        precondition(planes.count == weights.count, "meter fed \(planes.count) channels, made for \(weights.count)")
        let n = planes.first?.count ?? 0
        var i = 0
        while i < n {
            let run = min(n - i, step - stepFill)
            for c in planes.indices { accumulate(planes[c], from: i, count: run, channel: c) }
            i += run
            stepFill += run
            if stepFill == step { closeStep() }
        }
        frames += Int64(n)
    }

    private mutating func accumulate(_ plane: [Float], from start: Int, count: Int, channel c: Int) {
        var filter = filters[c], detector = peaks[c]
        var sum = stepSum[c], top = peak
        plane.withUnsafeBufferPointer { p in
            for i in start..<(start + count) {
                let x = Double(p[i])
                let y = filter.process(x)
                sum += y * y
                top = max(top, detector.peak(x))
            }
        }
        filters[c] = filter
        peaks[c] = detector
        stepSum[c] = sum
        peak = top
    }

    private mutating func closeStep() {
        var weighted = 0.0
        for c in stepSum.indices { weighted += weights[c] * stepSum[c] }
        recent.append(weighted)
        if recent.count > 30 { recent.removeFirst() }
        stepSum = Array(repeating: 0, count: stepSum.count)
        stepFill = 0
        if recent.count >= 4 { blockPowers.append(recent.suffix(4).reduce(0, +) / Double(4 * step)) }
        if recent.count == 30 { shortTermPowers.append(recent.reduce(0, +) / Double(30 * step)) }
    }

    /// The readings so far (the true-peak filter flushed with zeros on a copy, so feeding may go on).
    func reading() -> LoudnessReading {
        var peaks = peaks, top = peak
        for c in peaks.indices {
            for _ in 0..<TruePeakInterpolator.taps { top = max(top, peaks[c].peak(0)) }
        }
        return LoudnessReading(integrated: Self.integrated(blockPowers), range: Self.range(shortTermPowers),
                               truePeak: top)
    }

    /// −0.691 + 10·log10 of a mean square: LUFS.
    static func loudness(_ power: Double) -> Double { -0.691 + 10 * log10(power) }

    /// BS.1770-4's gated integrated loudness of `blocks`, or nil when none is above −70 LUFS.
    static func integrated(_ blocks: [Double]) -> Double? {
        let absolute = blocks.filter { loudness($0) > -70 }
        guard !absolute.isEmpty else { return nil }
        let relativeGate = loudness(absolute.reduce(0, +) / Double(absolute.count)) - 10
        let gated = absolute.filter { loudness($0) > relativeGate }
        return loudness(gated.reduce(0, +) / Double(gated.count))
    }

    /// EBU Tech 3342's loudness range of short-term `windows`, LU (0 when nothing passes the gates).
    static func range(_ windows: [Double]) -> Double {
        let absolute = windows.filter { loudness($0) > -70 }
        guard !absolute.isEmpty else { return 0 }
        let relativeGate = loudness(absolute.reduce(0, +) / Double(absolute.count)) - 20
        let gated = absolute.map(loudness).filter { $0 > relativeGate }.sorted()
        guard !gated.isEmpty else { return 0 }
        func percentile(_ p: Double) -> Double { gated[Int((Double(gated.count - 1) * p).rounded())] }
        return percentile(0.95) - percentile(0.10)
    }
}

/// What a `LoudnessMeter` read.
struct LoudnessReading: Sendable, Equatable {
    /// Integrated loudness, LUFS; nil for a programme with no block above −70 LUFS (silence).
    var integrated: Double?
    /// Loudness range, LU.
    var range: Double
    /// True peak, linear (1.0 = full scale).
    var truePeak: Double

    /// The true peak in dBTP (−∞ for digital silence).
    var truePeakDB: Double { 20 * log10(truePeak) }
}
