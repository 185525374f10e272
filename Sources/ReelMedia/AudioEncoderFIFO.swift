internal import CFFmpeg

/// An `AVAudioFifo` that re-chunks any-size input into encoder frames, freed in `deinit`.
/// Used on one thread.
final class AudioEncoderFIFO {
    let pointer: OpaquePointer
    let channels: Int
    let planar: Bool
    /// The conversion for PCM output (packed); nil for AAC's planar float.
    let quantizer: PCMQuantizer?

    init(format: AVSampleFormat, channels: Int, quantizer: PCMQuantizer? = nil) throws(MediaError) {
        guard let fifo = av_audio_fifo_alloc(format, Int32(channels), 4096) else {
            throw MediaError.ffmpeg(function: "av_audio_fifo_alloc", code: reel_averror(ENOMEM),
                                    message: "out of memory", path: nil)
        }
        pointer = fifo
        self.channels = channels
        planar = av_sample_fmt_is_planar(format) != 0
        self.quantizer = quantizer
    }

    deinit { av_audio_fifo_free(pointer) }

    /// Samples waiting.
    var count: Int { Int(av_audio_fifo_size(pointer)) }

    /// Queues planar float samples, interleaving them first when the encoder wants packed samples (and
    /// converting them for an integer PCM format).
    func write(_ buffer: AudioBuffer) throws(MediaError) {
        let n = buffer.frameCount
        guard n > 0 else { return }
        if let quantizer { return try writePacked(buffer, quantizer) }
        var block = [Float](repeating: 0, count: n * channels)
        block.withUnsafeMutableBufferPointer { out in
            for (c, plane) in buffer.samples.enumerated() {
                for i in 0..<n { out[planar ? c * n + i : i * channels + c] = plane[i] }
            }
        }
        let written = block.withUnsafeMutableBufferPointer { out -> Int32 in
            let base = UnsafeMutableRawPointer(out.baseAddress!)
            var planes: [UnsafeMutableRawPointer?] = planar
                ? (0..<channels).map { base + $0 * n * MemoryLayout<Float>.size }
                : [base]
            return planes.withUnsafeMutableBufferPointer { av_audio_fifo_write(pointer, $0.baseAddress, Int32(n)) }
        }
        try check(written, "av_audio_fifo_write")
    }

    /// Interleaves and converts `buffer` into the FIFO's packed format.
    private func writePacked(_ buffer: AudioBuffer, _ quantizer: PCMQuantizer) throws(MediaError) {
        let n = buffer.frameCount
        let block = UnsafeMutableRawPointer.allocate(byteCount: n * channels * quantizer.bytesPerSample, alignment: 8)
        defer { block.deallocate() }
        for (c, plane) in buffer.samples.enumerated() {
            for i in 0..<n { quantizer.store(plane[i], at: i * channels + c, in: block) }
        }
        var planes: [UnsafeMutableRawPointer?] = [block]
        let written = planes.withUnsafeMutableBufferPointer { av_audio_fifo_write(pointer, $0.baseAddress, Int32(n)) }
        try check(written, "av_audio_fifo_write")
    }

    /// Moves up to `maxSamples` samples into a new frame of the encoder's format.
    func readFrame(maxSamples: Int, like encoder: UnsafeMutablePointer<AVCodecContext>) throws(MediaError) -> EncoderFrame {
        let n = min(maxSamples, count)
        let frame = try EncoderFrame()
        let f = frame.pointer
        f.pointee.nb_samples = Int32(n)
        f.pointee.format = encoder.pointee.sample_fmt.rawValue
        f.pointee.sample_rate = encoder.pointee.sample_rate
        try check(av_channel_layout_copy(&f.pointee.ch_layout, &encoder.pointee.ch_layout), "av_channel_layout_copy")
        try check(av_frame_get_buffer(f, 0), "av_frame_get_buffer")
        let data = UnsafeMutableRawPointer(reel_frame_data_array(f)!).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
        try check(av_audio_fifo_read(pointer, data, Int32(n)), "av_audio_fifo_read")
        return frame
    }
}
