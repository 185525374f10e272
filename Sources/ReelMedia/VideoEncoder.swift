internal import CFFmpeg
import ReelModel

/// A video encoder for one part: PlanarFrames in, packets out, timestamps in frames.
///
/// The codec, encoder, pixel format and options come from the render's settings (`VideoEncoderFormat`,
/// `configure`), and every part of a render gets a fresh `VideoEncoder` built from the same `OutputSettings` and
/// thread count, so its extradata (avcC/hvcC/av1C) is byte-identical across parts and its first packet a
/// keyframe that needs nothing before it. Pictures other than 8-bit 4:2:0 are converted by
/// `EncoderPixelConverter`. Packet timestamps are in the encoder time base `den/num` (one tick = one frame): pts
/// counts frames from 0 and dts is `i - reorderDelay` for the i-th packet, so parts join without gaps; the delay
/// is fixed when the encoder opens (`reorderDelay(of:)`), never taken from a packet.
final class VideoEncoder {
    let context: EncoderContext
    let format: VideoEncoderFormat
    private let frame: EncoderFrame
    private let converter: EncoderPixelConverter?
    /// Made on the first deep frame.
    private var deepConverter: EncoderDeepConverter? = nil
    private let width: Int
    private let height: Int
    private(set) var framesSent: Int64 = 0
    private(set) var packetsReceived: Int64 = 0
    /// Packets whose dts the encoder chose differently from `i - reorderDelay` (x265's in 1- and 2-frame parts).
    private(set) var dtsRewrites = 0
    private var drained = false

    /// - Parameters:
    ///   - color: the output's colour, written to the stream's and every frame's tags.
    ///   - hdr: the mastering display and content light level, carried in the bitstream where the encoder
    ///     writes them (x265's SEI); the part writer adds them as stream side data too.
    /// - Throws: `MediaError.unsupportedCodec` when the encoder is missing, `.invalidData` unless the size is even.
    init(settings: OutputSettings, threads: Int, path: String?, color: ColorDescription = .bt709,
         hdr: HDRMetadata? = nil) throws(MediaError) {
        guard settings.width > 0, settings.height > 0, settings.width % 2 == 0, settings.height % 2 == 0 else {
            throw MediaError.invalidData(path: path ?? "",
                                         message: "\(settings.video.codec.rawValue) needs an even size, not \(settings.width)x\(settings.height)")
        }
        width = settings.width
        height = settings.height
        format = VideoEncoderFormat(settings.video)
        context = try EncoderContext(encoderName: format.encoderName, path: path)
        try Self.configure(context, settings: settings, format: format, threads: threads, color: color, hdr: hdr)
        try context.open()
        frame = try EncoderFrame.video(width: width, height: height, format: format.pixelFormat, color: color)
        reorderDelay = try Self.reorderDelay(of: context)
        converter = format.pixelFormat == AV_PIX_FMT_YUV420P ? nil
            : try EncoderPixelConverter(width: width, height: height, to: format.pixelFormat, path: path)
    }

    /// The B-frame reorder delay in frames, from the settings alone (`reorderDelay(of:)`): the same for every part.
    let reorderDelay: Int64

    /// The encoder time base, one tick per frame.
    var timeBase: AVRational { context.pointer.pointee.time_base }

    /// Encodes one frame; returns the packets that became ready.
    func encode(_ picture: PlanarFrame) throws(MediaError) -> [Packet] {
        try checkSize(picture.width, picture.height)
        if let converter { try converter.convert(picture, into: frame) } else { try frame.fill(from: picture) }
        return try sendFrame()
    }

    /// Encodes one deep frame (`EncoderDeepConverter` brings it to the encoder's pixel format, rounded or dithered).
    func encode(_ picture: DeepFrame, dither: Quantizer?, programmeFrame: Int64) throws(MediaError) -> [Packet] {
        try checkSize(picture.width, picture.height)
        if deepConverter == nil {
            deepConverter = try EncoderDeepConverter(width: width, height: height, to: format.pixelFormat, path: context.path)
        }
        try deepConverter?.convert(picture, dither: dither, programmeFrame: programmeFrame, into: frame)
        return try sendFrame()
    }

    private func checkSize(_ w: Int, _ h: Int) throws(MediaError) {
        guard w == width, h == height else {
            throw MediaError.invalidData(path: context.path ?? "", message: "frame is \(w)x\(h), part is \(width)x\(height)")
        }
    }

    /// Sends `frame`, filled, as the next frame of the part; returns the packets that became ready.
    private func sendFrame() throws(MediaError) -> [Packet] {
        frame.pointer.pointee.pts = framesSent
        // The first frame of every part is a real IDR (forced-idr=1 turns I into IDR; intra codecs ignore it).
        frame.pointer.pointee.pict_type = framesSent == 0 ? AV_PICTURE_TYPE_I : AV_PICTURE_TYPE_NONE
        try context.send(frame)
        framesSent += 1
        return try normalise(context.receivePackets())
    }

    /// Sends the NULL frame and returns every packet still held (the trailing B-frames).
    func drain() throws(MediaError) -> [Packet] {
        guard !drained else { return [] }
        drained = true
        try context.send(nil)
        return try normalise(context.receivePackets())
    }

    /// Sets dts to `i - reorderDelay` and duration to one frame (libx264 leaves it 0).
    private func normalise(_ packets: [Packet]) throws(MediaError) -> [Packet] {
        for packet in packets {
            let dts = packetsReceived - reorderDelay
            guard let pts = packet.pts, pts >= dts else {
                throw MediaError.invalidData(path: context.path ?? "",
                                             message: "packet \(packetsReceived) has pts \(String(describing: packet.pts)) before dts \(dts)")
            }
            if packet.dts != dts { dtsRewrites += 1 }
            packet.dts = dts
            packet.duration = 1
            packetsReceived += 1
        }
        return packets
    }
}
