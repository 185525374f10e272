internal import CFFmpeg

/// Owns a `SwrContext` converting audio to planar float (`fltp`) at `outRate` with `outChannels`.
///
/// Channel mapping: the same count passes through; mono is duplicated to every output channel;
/// several channels to mono are averaged; other layouts use libswresample's default matrix
/// between the standard layouts. `exact_rational` is on, so the resampling phase repeats exactly
/// every `inRate / gcd` input samples.
final class Resampler {
    let outChannels: Int
    let path: String
    private let context: OpaquePointer
    private var output: [UnsafeMutablePointer<Float>] = []
    private var outputCapacity = 0

    /// - Throws: `MediaError.ffmpeg` when libswresample rejects the conversion.
    init(inLayout: AVChannelLayout, inFormat: AVSampleFormat, inRate: Int32,
         outChannels: Int, outRate: Int32, path: String) throws(MediaError) {
        var inL = inLayout
        if inL.order == AV_CHANNEL_ORDER_UNSPEC { inL = reel_channel_layout_default(inLayout.nb_channels) }
        let inCount = Int(inL.nb_channels)
        var outL = outChannels == inCount ? inL : reel_channel_layout_default(Int32(outChannels))
        var raw: OpaquePointer? = nil
        try check(swr_alloc_set_opts2(&raw, &outL, AV_SAMPLE_FMT_FLTP, outRate, &inL, inFormat, inRate, 0, nil),
                  "swr_alloc_set_opts2", path: path)
        guard let ctx = raw else { throw .invalidData(path: path, message: "swr_alloc_set_opts2 gave no context") }
        self.context = ctx
        self.outChannels = outChannels
        self.path = path
        av_opt_set_int(UnsafeMutableRawPointer(ctx), "exact_rational", 1, 0)
        if let matrix = Resampler.matrix(in: inCount, out: outChannels) {
            try check(swr_set_matrix(ctx, matrix, Int32(inCount)), "swr_set_matrix", path: path)
        }
        try check(swr_init(ctx), "swr_init", path: path)
    }

    deinit {
        var raw: OpaquePointer? = context
        swr_free(&raw)
        output.forEach { $0.deallocate() }
    }

    /// An explicit mixing matrix (rows: outputs) for mono up-mixing and down-mixing to mono.
    static func matrix(in inCount: Int, out outCount: Int) -> [Double]? {
        if inCount == outCount { return nil }
        if inCount == 1 { return [Double](repeating: 1, count: outCount) }
        if outCount == 1 { return [Double](repeating: 1 / Double(inCount), count: inCount) }
        return nil
    }

    /// The converted samples of the last call, channel `c`, valid until the next call.
    func plane(_ c: Int) -> UnsafePointer<Float> { UnsafePointer(output[c]) }

    /// All output planes of the last call.
    var planes: [UnsafePointer<Float>] { output.map { UnsafePointer($0) } }

    /// Converts a decoded frame. - Returns: the number of samples produced per channel.
    func convert(_ frame: DecoderFrame) throws(MediaError) -> Int {
        reserve(Int(swr_get_out_samples(context, frame.pointer.pointee.nb_samples)))
        var out = output.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: UInt8.self) as UnsafeMutablePointer<UInt8>? }
        let n = reel_swr_convert_frame_to(context, &out, Int32(outputCapacity), frame.pointer)
        return Int(try check(n, "swr_convert", path: path))
    }

    /// Converts `count` planar float samples per channel. - Returns: samples produced per channel.
    func convert(_ planes: [UnsafePointer<Float>], count: Int) throws(MediaError) -> Int {
        reserve(Int(swr_get_out_samples(context, Int32(count))))
        var out = output.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: UInt8.self) as UnsafeMutablePointer<UInt8>? }
        var inp = planes.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) as UnsafePointer<UInt8>? }
        let n = swr_convert(context, &out, Int32(outputCapacity), &inp, Int32(count))
        return Int(try check(n, "swr_convert", path: path))
    }

    private func reserve(_ needed: Int) {
        guard needed > outputCapacity || output.isEmpty else { return }
        output.forEach { $0.deallocate() }
        outputCapacity = max(needed, 4096)
        output = (0..<outChannels).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: outputCapacity) }
    }
}
