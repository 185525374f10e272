internal import CFFmpeg
import ReelModel

/// Encodes one segment's frames into a video part file (video only): MP4 for H.264, HEVC and AV1, MOV for
/// ProRes and DNxHR (`VideoEncoderFormat.partMuxer`).
///
/// Each part gets a fresh encoder with identical settings (see `VideoEncoder.configure`), so every part
/// opens on a self-contained keyframe (an IDR for H.264 and HEVC), carries byte-identical extradata, and has
/// exactly one packet per appended frame. Timestamps inside the part count frames from 0 (dts from `-reorderDelay`);
/// the stitcher shifts them by the part's start frame.
///
/// Writes `path` directly; use `AtomicFile.commit(temp:final:)` for an atomic publish.
/// Not `Sendable`: create, use and drop it on one thread.
public final class VideoPartWriter {
    private let encoder: VideoEncoder
    private let muxer: MuxerContext
    private let streamIndex: Int32
    private var finished = false

    /// Frames appended so far.
    public var frameCount: Int64 { encoder.framesSent }
    /// Packets written so far (equals `frameCount` after `finish()`).
    public private(set) var packetCount: Int64 = 0
    /// The encoder's global header (H.264 Annex B SPS/PPS, stored as `avcC`; `hvcC`, `av1C`; empty for intra).
    public var encoderExtradata: [UInt8] { encoder.context.extradata }
    /// The B-frame reorder delay in frames: the part's first dts is `-reorderDelay`.
    public var reorderDelay: Int64 { encoder.reorderDelay }
    /// Packets whose dts the encoder chose differently from the uniform `i - reorderDelay` (diagnostic).
    public var dtsRewrites: Int { encoder.dtsRewrites }

    /// - Parameters:
    ///   - path: the part file to write.
    ///   - settings: the render's output settings; size, rate and video codec settings (the encoder's threads
    ///     among them, `VideoCodecSettings.encoderThreads`) are used.
    ///   - color: the output's colour: the stream's and frames' tags (and x265's VUI).
    ///   - hdr: mastering display and content light level: x265's SEI, and stream side data (the `mdcv` and
    ///     `clli` boxes) for every codec.
    /// - Throws: `MediaError` when the encoder or the file cannot be opened.
    public init(path: String, settings: OutputSettings, color: ColorDescription = .bt709, hdr: HDRMetadata? = nil) throws(MediaError) {
        AllocatorTuning.ensure()
        encoder = try VideoEncoder(settings: settings, threads: settings.video.encoderThreads, path: path, color: color, hdr: hdr)
        muxer = try MuxerContext(path: path, formatName: encoder.format.partMuxer)
        let stream = try muxer.addStream()
        streamIndex = stream.pointee.index
        try check(avcodec_parameters_from_context(stream.pointee.codecpar, encoder.context.pointer),
                  "avcodec_parameters_from_context", path: path)
        if let hdr { try StreamSideData.add(hdr, to: stream, path: path) }
        stream.pointee.time_base = encoder.timeBase
        let rate = settings.frameRate
        stream.pointee.avg_frame_rate = AVRational(num: rate.numerator, den: rate.denominator)
        try muxer.writeHeader(options: [:])
    }

    /// Encodes one frame (the next in the part).
    /// - Throws: `MediaError.invalidData` if the frame size differs from the settings.
    public func append(_ frame: PlanarFrame) throws(MediaError) {
        precondition(!finished, "append after finish")
        try write(encoder.encode(frame))
    }

    /// Encodes one deep frame (the next in the part), converted to the encoder's pixel format as
    /// `EncoderDeepConverter` says: rounded to the encoder's bit depth, or, given `dither`, dithered with the
    /// pattern of programme frame `programmeFrame` (the deep path's `Quantizer`, at the encoder's depth).
    /// - Throws: `MediaError.invalidData` if the frame size differs from the settings or the dither's depth from
    ///   the encoder's.
    public func append(_ frame: DeepFrame, dither: Quantizer? = nil, programmeFrame: Int64 = 0) throws(MediaError) {
        precondition(!finished, "append after finish")
        try write(encoder.encode(frame, dither: dither, programmeFrame: programmeFrame))
    }

    /// Drains the encoder (the trailing B-frames), writes the trailer and closes the file.
    public func finish() throws(MediaError) {
        guard !finished else { return }
        finished = true
        try write(encoder.drain())
        try muxer.finish()
    }

    /// Rescales from the encoder time base to the stream's, read after `writeHeader` (MP4 changes it).
    private func write(_ packets: [Packet]) throws(MediaError) {
        let from = encoder.timeBase
        let to = muxer.timeBase(ofStream: streamIndex)
        for packet in packets {
            packet.pts = try packet.pts.map { v throws(MediaError) in
                try PacketTimestamps.rescaleExactly(v, from: from, to: to, what: "pts", path: muxer.path)
            }
            packet.dts = try packet.dts.map { v throws(MediaError) in
                try PacketTimestamps.rescaleExactly(v, from: from, to: to, what: "dts", path: muxer.path)
            }
            packet.duration = try PacketTimestamps.rescaleExactly(packet.duration, from: from, to: to,
                                                                  what: "duration", path: muxer.path)
            packet.avTimeBase = to
            packet.pointer.pointee.stream_index = streamIndex
            try muxer.write(packet)
            packetCount += 1
        }
    }
}
