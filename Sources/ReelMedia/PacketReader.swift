internal import CFFmpeg
import Foundation
import ReelModel

/// Reads the compressed video packets of a part file for stream copy (no decoding).
///
/// Exposes what the stitcher verifies and copies: codec parameters, extradata, the stream time
/// base and frame rate. Packets come back in file (decode) order with timestamps in `timeBase`;
/// MP4 edit lists are applied by the demuxer, so a part written by `VideoPartWriter` reads back
/// with pts from 0 and dts from `-reorderDelay` frames.
/// Not `Sendable`: create, use and drop it on one thread.
public final class PacketReader {
    /// The file being read.
    public let path: String
    let format: UnsafeMutablePointer<AVFormatContext>
    let stream: UnsafeMutablePointer<AVStream>

    /// - Throws: `MediaError.fileNotFound`, `.noVideoStream`, or `.ffmpeg` when the file does not open.
    public init(path: String) throws(MediaError) {
        let ctx = try InputPolicy.openInput(try InputFile(path, rules: .anywhere))
        format = ctx
        self.path = path
        do {
            try check(avformat_find_stream_info(ctx, nil), "avformat_find_stream_info", path: path)
        } catch {
            var p: UnsafeMutablePointer<AVFormatContext>? = ctx
            avformat_close_input(&p)
            throw error
        }
        let index = av_find_best_stream(ctx, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0, let st = ctx.pointee.streams[Int(index)] else {
            var p: UnsafeMutablePointer<AVFormatContext>? = ctx
            avformat_close_input(&p)
            throw MediaError.noVideoStream(path: path)
        }
        stream = st
    }

    deinit {
        var p: UnsafeMutablePointer<AVFormatContext>? = format
        avformat_close_input(&p)
    }

    var codecParameters: UnsafeMutablePointer<AVCodecParameters> { stream.pointee.codecpar }
    var avTimeBase: AVRational { stream.pointee.time_base }

    /// The codec's short name (`h264`).
    public var codecName: String { String(cString: avcodec_get_name(codecParameters.pointee.codec_id)) }
    /// The `VideoCodec` name of the stream (`h264`, `hevc`, `prores`, `dnxhr` for FFmpeg's dnxhd, `av1`).
    public var codecFamily: String { codecName == "dnxhd" ? "dnxhr" : codecName }
    /// Coded picture width.
    public var width: Int { Int(codecParameters.pointee.width) }
    /// Coded picture height.
    public var height: Int { Int(codecParameters.pointee.height) }
    /// The container's global header (`avcC` for H.264 in MP4), compared byte for byte across parts.
    public var extradata: [UInt8] {
        guard let data = codecParameters.pointee.extradata, codecParameters.pointee.extradata_size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(codecParameters.pointee.extradata_size)))
    }
    /// The stream time base of every packet's timestamps.
    public var timeBase: (numerator: Int32, denominator: Int32) { (avTimeBase.num, avTimeBase.den) }
    /// The average frame rate the container reports, if any.
    public var frameRate: (numerator: Int32, denominator: Int32)? {
        let r = stream.pointee.avg_frame_rate
        return r.num > 0 && r.den > 0 ? (r.num, r.den) : nil
    }
    /// The number of packets the container's index announces (0 when unknown).
    public var indexedPacketCount: Int64 { stream.pointee.nb_frames }

    /// The next video packet in file order, or `nil` at the end.
    public func next() throws(MediaError) -> Packet? {
        let packet = try Packet(timeBase: avTimeBase)
        while true {
            let r = av_read_frame(format, packet.pointer)
            if r == averrorEOF { return nil }
            try check(r, "av_read_frame", path: path)
            if packet.pointer.pointee.stream_index == stream.pointee.index { return packet }
            packet.unref()
        }
    }

    /// Converts a timestamp in `timeBase` to whole frames at `frameRate`.
    /// - Throws: `MediaError.invalidData` when it does not fall on a frame boundary.
    public func frames(ofTicks ticks: Int64, frameRate: FrameRate) throws(MediaError) -> Int64 {
        try PacketTimestamps.rescaleExactly(ticks, from: avTimeBase,
                                            to: AVRational(num: frameRate.denominator, den: frameRate.numerator),
                                            what: "timestamp", path: path)
    }
}
