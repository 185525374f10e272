internal import CFFmpeg
import ReelModel

/// Encodes the concatenated audio of a render once: AAC (FFmpeg's native `aac`) or, for MOV output, PCM:
/// `pcm_f32le` (float32 samples stored bit for bit, so the mix survives exactly) or `pcm_s16le`/`pcm_s24le`/
/// `pcm_s32le`, quantized here by `PCMQuantizer` (round to nearest, clipped), once, over the whole programme.
///
/// Takes planar float samples in chunks of any size and re-chunks them through an `AVAudioFifo`
/// into 1024-sample frames whose pts count samples from 0. AAC's packets start at pts −1024
/// (`initial_padding`, the encoder's priming); the MP4/MOV muxer turns that into an edit list,
/// so players and decoders skip the priming and the track lasts exactly the samples fed.
/// Not `Sendable`: use it on one thread (normally inside `OutputMuxer`).
public final class AudioEncoder {
    /// Samples per encoder frame (AAC requires exactly 1024 except for the last one).
    public static let frameSamples = 1024

    /// The settings this encoder was built with.
    public let settings: AudioCodecSettings
    let context: EncoderContext
    private let fifo: AudioEncoderFIFO
    private var nextPTS: Int64 = 0
    private var finished = false
    /// Samples fed so far (per channel).
    public private(set) var samplesFed: Int64 = 0

    /// - Throws: `MediaError.unsupportedCodec` when the encoder is missing, `.ffmpeg` when it does not open.
    public init(settings: AudioCodecSettings) throws(MediaError) {
        self.settings = settings
        let isAAC = settings.codec == .aac
        let format = isAAC ? nil : PCMQuantizer(settings.sampleFormat)
        context = try EncoderContext(encoderName: format?.encoderName ?? "aac", path: nil)
        let ctx = context.pointer
        ctx.pointee.sample_fmt = format?.avFormat ?? AV_SAMPLE_FMT_FLTP
        ctx.pointee.sample_rate = settings.sampleRate
        ctx.pointee.ch_layout = reel_channel_layout_default(Int32(settings.channels))
        ctx.pointee.time_base = AVRational(num: 1, den: settings.sampleRate)
        if isAAC { ctx.pointee.bit_rate = Int64(settings.bitrateKbps) * 1000 }
        ctx.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        try context.open()
        fifo = try AudioEncoderFIFO(format: ctx.pointee.sample_fmt, channels: settings.channels,
                                    quantizer: format)
    }

    /// FFmpeg's codec name (`aac`, `pcm_f32le`, `pcm_s24le` …).
    public var codecName: String { String(cString: context.codec.pointee.name) }
    /// Priming samples the encoder puts before the first real sample (1024 for AAC, 0 for PCM).
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
        try fifo.write(buffer)
        samplesFed += Int64(buffer.frameCount)
        var packets: [Packet] = []
        while fifo.count >= Self.frameSamples { packets += try sendFrame() }
        return packets
    }

    /// Encodes the last partial frame and drains the encoder.
    public func finish() throws(MediaError) -> [Packet] {
        guard !finished else { return [] }
        finished = true
        var packets: [Packet] = []
        while fifo.count > 0 { packets += try sendFrame() }
        try context.send(nil)
        return packets + (try context.receivePackets())
    }

    private func sendFrame() throws(MediaError) -> [Packet] {
        let frame = try fifo.readFrame(maxSamples: Self.frameSamples, like: context.pointer)
        frame.pointer.pointee.pts = nextPTS
        nextPTS += Int64(frame.pointer.pointee.nb_samples)
        try context.send(frame)
        return try context.receivePackets()
    }
}
