internal import CFFmpeg

/// One continuous resampling pass from a `DecoderSampleWindow` to the output rate.
///
/// **Alignment.** With `g = gcd(inRate, outRate)`, input sample `m · inRate/g` and output sample
/// `m · outRate/g` fall at the same instant, and with `exact_rational` the resampler's phase there is
/// the same for every `m`. A run therefore starts at an input index that is a multiple of the chunk
/// size `C` (a multiple of `inRate/g`, ≥ 4096), and feeds the resampler chunks `[jC, (j+1)C)` at
/// absolute positions. libswresample centres its filter (output `j` of a fresh context is at
/// input time `j · inRate/outRate`), so the run's output `j` is output grid sample
/// `start · outRate/inRate + j`. Every run computes each output sample from the same inputs, the
/// same phase and the same chunking once it is `margin` samples past the run start, which is what
/// makes independently started runs agree bit for bit.
final class ResamplerRun {
    let inRate: Int64, outRate: Int64
    /// Input samples per chunk; run starts are multiples of it.
    let chunk: Int64
    /// Input samples of filter history before the first output a run serves.
    let margin: Int64
    private let resampler: Resampler
    private var nextInput: Int64
    private let pending: DecoderSampleBuffer
    private var input: [UnsafeMutablePointer<Float>]

    init(startingBefore k0: Int64, window: DecoderSampleWindow, outRate: Int32) throws(MediaError) {
        inRate = Int64(window.sampleRate)
        self.outRate = Int64(outRate)
        let period = inRate / Int64(DecoderSampleBuffer.gcd(inRate, Int64(outRate)))
        chunk = period * ((4096 + period - 1) / period)
        margin = 256 + 32 * max(1, (inRate + self.outRate - 1) / self.outRate)
        let first = Int64(DecoderClock.floorDiv(Int128(k0) * Int128(inRate), Int128(outRate))) - margin
        nextInput = Int64(DecoderClock.floorDiv(Int128(first), Int128(chunk))) * chunk
        var layout = reel_channel_layout_default(Int32(window.channels))
        resampler = try Resampler(inLayout: layout, inFormat: AV_SAMPLE_FMT_FLTP, inRate: window.sampleRate,
                                  outChannels: window.channels, outRate: outRate, path: window.input.path)
        av_channel_layout_uninit(&layout)
        pending = DecoderSampleBuffer(channels: window.channels)
        pending.reset(at: nextInput * self.outRate / inRate)
        let size = Int(chunk)
        input = (0..<window.channels).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: size) }
        firstServable = pending.start + (margin * self.outRate + inRate - 1) / inRate
    }

    deinit { input.forEach { $0.deallocate() } }

    /// The first output sample this run produces exactly (`margin` input samples after its start).
    let firstServable: Int64

    /// Whether output sample `k0` can be served by continuing this run (not behind it, and not
    /// so far ahead that a fresh run is cheaper).
    func canServe(_ k0: Int64) -> Bool {
        k0 >= max(firstServable, pending.start) && k0 <= pending.end + 5 * outRate
    }

    /// Copies output samples `range` into `target`, feeding chunks as needed.
    func read(_ range: Range<Int64>, from window: DecoderSampleWindow,
              into target: [UnsafeMutablePointer<Float>]) throws(MediaError) {
        while pending.end < range.upperBound {
            try window.read(nextInput..<nextInput + chunk, into: input)
            let n = try resampler.convert(input.map { UnsafePointer($0) }, count: Int(chunk))
            pending.write(resampler.planes, count: n, at: pending.end)
            nextInput += chunk
        }
        pending.copy(range, into: target)
        pending.trim(before: range.lowerBound)
        silenceOutsideMedia(range, window: window, target: target)
    }

    /// Zeroes output samples before the stream's first sample and after its last (the filter's
    /// ringing there is not media). The end is known once any read has crossed it.
    private func silenceOutsideMedia(_ range: Range<Int64>, window: DecoderSampleWindow,
                                     target: [UnsafeMutablePointer<Float>]) {
        let first = Int64(-DecoderClock.floorDiv(-Int128(window.firstSample) * Int128(outRate), Int128(inRate)))
        let end = window.mediaEnd.map { Int64(-DecoderClock.floorDiv(-Int128($0) * Int128(outRate), Int128(inRate))) }
        let count = Int64(range.count)
        let head = Int(min(max(first - range.lowerBound, 0), count))
        let tailStart = end.map { Int(min(max($0 - range.lowerBound, 0), count)) } ?? range.count
        for p in target {
            p.update(repeating: 0, count: head)
            (p + tailStart).update(repeating: 0, count: range.count - tailStart)
        }
    }
}
