internal import CFFmpeg
import ReelModel

/// Encodes the concatenated audio of a render once: AAC (FFmpeg's native `aac`), AC-3 and E-AC-3 (FFmpeg's own
/// `ac3`/`eac3`), FLAC (24-bit), Opus (`libopus`), or PCM: `pcm_f32le` (float32 samples stored bit for bit, so the
/// mix survives exactly) or `pcm_s16le`/`pcm_s24le`/`pcm_s32le`, quantized here by `PCMQuantizer` (round to
/// nearest, clipped), once, over the whole programme (see `AudioEncoderFormat`).
///
/// Takes planar float samples in chunks of any size and re-chunks them through an `AVAudioFifo`
/// into frames of the encoder's size whose pts count samples from 0. AAC's packets start at pts −1024
/// (`initial_padding`, the encoder's priming); the MP4/MOV muxer turns that into an edit list,
/// so players and decoders skip the priming and the track lasts exactly the samples fed.
/// Not `Sendable`: use it on one thread (normally inside `OutputMuxer`).
public final class AudioEncoder {
    /// AAC's samples per frame, also used for encoders that take any frame size (PCM).
    public static let frameSamples = 1024

    /// The settings this encoder was built with.
    public let settings: AudioCodecSettings
    let context: EncoderContext
    private let fifo: AudioEncoderFIFO
    /// Samples per frame fed to the encoder: its own `frame_size` (AAC 1024, AC-3 1536, Opus 960), else 1024.
    let frameSize: Int
    private var nextPTS: Int64 = 0
    private var finished = false
    /// The chunked encode when `AudioChunking` was asked for and the codec is AAC; this encoder's own context then
    /// only describes the stream (its extradata is every chunk encoder's).
    private let chunked: ChunkedAudioEncode?
    /// Samples fed so far (per channel).
    public private(set) var samplesFed: Int64 = 0

    /// - Parameter chunking: encode AAC in parallel chunks (`AudioChunking`); ignored for every other codec.
    /// - Throws: `MediaError.unsupportedCodec` when the encoder is missing, `.ffmpeg` when it does not open.
    public init(settings: AudioCodecSettings, chunking: AudioChunking? = nil) throws(MediaError) {
        self.settings = settings
        chunked = settings.codec == .aac ? chunking.map { ChunkedAudioEncode(settings: settings, chunking: $0) } : nil
        let format = AudioEncoderFormat(settings)
        context = try EncoderContext(encoderName: format.encoderName, path: nil)
        let ctx = context.pointer
        ctx.pointee.sample_fmt = format.sampleFormat
        ctx.pointee.sample_rate = settings.sampleRate
        // FFmpeg's default layout of each count is the `AudioLayout` of that count (5.1 = FL FR FC LFE BL BR).
        ctx.pointee.ch_layout = reel_channel_layout_default(Int32(settings.channels))
        ctx.pointee.time_base = AVRational(num: 1, den: settings.sampleRate)
        if format.usesBitrate { ctx.pointee.bit_rate = Int64(settings.bitrateKbps) * 1000 }
        if let bits = format.rawBits { ctx.pointee.bits_per_raw_sample = bits }
        ctx.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        for (name, value) in format.options(channels: settings.channels) { try context.setOption(name, value) }
        try context.open()
        let size = Int(ctx.pointee.frame_size)
        frameSize = size > 0 ? size : Self.frameSamples
        fifo = try AudioEncoderFIFO(format: ctx.pointee.sample_fmt, channels: settings.channels,
                                    quantizer: format.quantizer)
    }

    /// FFmpeg's codec name (`aac`, `pcm_f32le`, `pcm_s24le` …).
    public var codecName: String { String(cString: context.codec.pointee.name) }
    /// Priming samples the encoder puts before the first real sample (1024 for AAC, 0 for PCM and FLAC).
    public var initialPadding: Int { Int(context.pointer.pointee.initial_padding) }
    var timeBase: AVRational { context.pointer.pointee.time_base }

    /// Queues samples and returns the packets of every full frame now available.
    /// - Throws: `MediaError.invalidData` when rate or channel count differ from the settings.
    public func encode(_ buffer: AudioBuffer) throws(MediaError) -> [Packet] {
        precondition(!finished, "encode after finish")
        guard buffer.sampleRate == settings.sampleRate, buffer.channelCount == settings.channels,
              buffer.samples.allSatisfy({ $0.count == buffer.frameCount }) else {
            throw MediaError.invalidData(path: "", message: "audio of \(buffer.channelCount) channels at "
                                         + "\(buffer.sampleRate) Hz, encoder wants \(settings.channels) at \(settings.sampleRate)")
        }
        if let chunked {
            let packets = try chunked.encode(buffer)
            samplesFed += Int64(buffer.frameCount)
            return packets
        }
        try fifo.write(buffer)
        samplesFed += Int64(buffer.frameCount)
        var packets: [Packet] = []
        while fifo.count >= frameSize { packets += try sendFrame() }
        return packets
    }

    /// Encodes the last partial frame and drains the encoder.
    public func finish() throws(MediaError) -> [Packet] {
        guard !finished else { return [] }
        finished = true
        if let chunked { return try chunked.finish() }
        var packets: [Packet] = []
        while fifo.count > 0 { packets += try sendFrame() }
        try context.send(nil)
        return packets + (try context.receivePackets())
    }

    private func sendFrame() throws(MediaError) -> [Packet] {
        let frame = try fifo.readFrame(maxSamples: frameSize, like: context.pointer)
        frame.pointer.pointee.pts = nextPTS
        nextPTS += Int64(frame.pointer.pointee.nb_samples)
        try context.send(frame)
        return try context.receivePackets()
    }
}
