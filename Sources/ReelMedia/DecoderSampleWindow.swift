internal import CFFmpeg

/// The decoded samples of a file's first audio stream at its own sample rate, converted to planar
/// float with the output channel count, on the stream's absolute sample grid: sample `i` is at
/// media time `i / sampleRate`.
///
/// **Determinism.** Audio decoders carry state from frame to frame beyond the overlap of adjacent
/// frames: FFmpeg's AAC decoder, for one, draws perceptual-noise-substitution noise from a random
/// generator that runs from the moment the decoder is created. So the value of a sample depends on
/// where decoding started. To make every sample a pure function of the file, the grid is cut into
/// fixed blocks of `blockLength` samples, and block `j` is always decoded by a *fresh* demuxer and
/// decoder that start at the block start minus `preroll` (or at the beginning of the file), then
/// decode forward. Reads that cross a block boundary switch to the next block's fresh decoder.
/// Each frame is placed at `round(media time of its pts × rate)`, a pure function of the packet.
///
/// **Opens.** A fresh open reads and decodes the start of the file (`avformat_find_stream_info`: 6–8 ms for a
/// WAV, whatever the block). So the stream the window opens first serves its first block while it is unread (it is
/// what a fresh open gives), and a PCM stream, whose samples are each a pure function of their bytes, serves every
/// block, sought instead of reopened: the same samples with one open.
final class DecoderSampleWindow {
    let path: String
    /// Checked at every open: a stream that decodes differently by where it starts is reopened for each block (a
    /// PCM stream is not: it keeps the file it opened, by descriptor).
    let rules: InputRules
    let sampleRate: Int32
    let channels: Int
    /// Samples per block: 4 s.
    let blockLength: Int64
    /// Decoding before a block's start: 0.5 s.
    let preroll: Int64
    /// The sample index of the stream's first sample.
    let firstSample: Int64
    /// One past the stream's last sample, once decoding has reached the end.
    private(set) var mediaEnd: Int64? = nil

    let buffer: DecoderSampleBuffer
    private(set) var input: DecoderStream
    private var block: Int64? = nil
    private var blockEnded = false
    private let frame = DecoderFrame()
    private var converter: Resampler? = nil
    private var converterKey: (format: Int32, channels: Int32) = (-1, -1)
    /// How many blocks were started, and how many times the file was opened (the first open included).
    private(set) var blockOpenCount = 0
    private(set) var fileOpenCount = 1
    /// `input` has not been read since it was opened.
    private var unread = true
    /// PCM: no state from packet to packet, so a stream decodes the same samples from wherever it starts.
    let stateless: Bool

    /// - Parameter channels: the channel count to convert to, given the stream's own count.
    init(path: String, rules: InputRules, channels: (Int) -> Int) throws(MediaError) {
        self.path = path
        self.rules = rules
        let stream = try DecoderStream(path: path, rules: rules, type: AVMEDIA_TYPE_AUDIO, threaded: false)
        let rate = stream.decoder.context.pointee.sample_rate
        guard rate > 0 else { throw .invalidData(path: path, message: "audio stream has no sample rate") }
        input = stream
        stateless = Self.isStateless(stream.decoder.context.pointee.codec_id)
        sampleRate = rate
        self.channels = channels(max(1, Int(stream.decoder.context.pointee.ch_layout.nb_channels)))
        blockLength = Int64(rate) * 4
        preroll = Int64(rate) / 2
        firstSample = stream.startTicks.map { stream.clock.sampleIndex(ofTicks: $0, rate: rate) } ?? 0
        buffer = DecoderSampleBuffer(channels: self.channels)
    }

    /// Copies samples `range` into `target` from `target[c] + at` (silence outside the media;
    /// parts wholly before the first sample or after a known end are not decoded at all).
    func read(_ range: Range<Int64>, into target: [UnsafeMutablePointer<Float>], at: Int = 0) throws(MediaError) {
        var lo = range.lowerBound
        while lo < range.upperBound {
            let j = Int64(DecoderClock.floorDiv(Int128(lo), Int128(blockLength)))
            let hi = min(range.upperBound, (j + 1) * blockLength)
            let offset = at + Int(lo - range.lowerBound)
            if hi <= firstSample || mediaEnd.map({ lo >= $0 }) == true {
                for p in target { (p + offset).update(repeating: 0, count: Int(hi - lo)) }
            } else {
                try fill(block: j, lo..<hi)
                buffer.copy(lo..<hi, into: target, at: offset)
            }
            lo = hi
        }
    }

    /// Decodes block `j` far enough to hold `range` (which lies inside the block).
    private func fill(block j: Int64, _ range: Range<Int64>) throws(MediaError) {
        if block != j || range.lowerBound < buffer.start { try open(block: j) }
        while buffer.end < range.upperBound && !blockEnded { try decodeFrame() }
        buffer.trim(before: range.lowerBound)
    }

    /// Starts block `j` with a fresh demuxer and decoder, `preroll` samples before the block
    /// (or at the file start). When the first frame lands too late, starts again further back.
    private func open(block j: Int64) throws(MediaError) {
        block = j
        blockOpenCount += 1
        var target = j * blockLength - preroll
        var step = Int64(sampleRate)
        while true {
            let atStart = target <= firstSample
            try start(atStart ? nil : target)
            buffer.reset(at: j * blockLength, keeping: j * blockLength - preroll..<(j + 1) * blockLength)
            blockEnded = false
            guard let anchor = try nextFrame() else {
                if atStart { return endOfStream() }
                target -= step; step *= 2; continue
            }
            if atStart || anchor <= j * blockLength - preroll / 2 { return try place(at: anchor) }
            target = min(target, anchor) - step
            step *= 2
        }
    }

    /// A stream positioned at the keyframe at or before sample `target` (nil: the file's start): the unread first
    /// stream, the PCM stream sought, or a fresh open.
    private func start(_ target: Int64?) throws(MediaError) {
        if unread {
            unread = false
        } else if stateless {
            if target == nil { try input.rewind() }
        } else {
            input = try DecoderStream(path: path, rules: rules, type: AVMEDIA_TYPE_AUDIO, threaded: false)
            fileOpenCount += 1
        }
        if let target { try input.seek(to: input.clock.ticks(ofSample: target, rate: sampleRate)) }
    }

    /// FFmpeg's PCM decoders (`AV_CODEC_ID_PCM_*`, the first block of audio codec ids, below ADPCM's): each sample
    /// decodes from its own bytes.
    static func isStateless(_ id: AVCodecID) -> Bool {
        (AV_CODEC_ID_PCM_S16LE.rawValue..<AV_CODEC_ID_ADPCM_IMA_QT.rawValue).contains(id.rawValue)
    }

    private func endOfStream() {
        blockEnded = true
        mediaEnd = buffer.count > 0 ? buffer.end : (mediaEnd ?? buffer.start)
    }

    /// Decodes the next frame and places it in the buffer.
    private func decodeFrame() throws(MediaError) {
        guard let anchor = try nextFrame() else { return endOfStream() }
        try place(at: anchor)
    }

    /// Decodes the next frame. - Returns: its first sample's index, or nil at the end.
    private func nextFrame() throws(MediaError) -> Int64? {
        guard try input.next(into: frame) else { return nil }
        guard let pts = frame.timestamp else { return buffer.end }
        return input.clock.sampleIndex(ofTicks: pts, rate: sampleRate)
    }

    /// Converts the decoded frame to planar float and writes it at `anchor`.
    private func place(at anchor: Int64) throws(MediaError) {
        let f = frame.pointer.pointee
        if converter == nil || converterKey != (f.format, f.ch_layout.nb_channels) {
            converter = try Resampler(inLayout: f.ch_layout, inFormat: AVSampleFormat(rawValue: f.format),
                                      inRate: sampleRate, outChannels: channels, outRate: sampleRate, path: path)
            converterKey = (f.format, f.ch_layout.nb_channels)
        }
        let n = try converter!.convert(frame)
        buffer.write(converter!.planes, count: n, at: anchor)
    }
}
