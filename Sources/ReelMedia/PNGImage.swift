internal import CFFmpeg
import Foundation

/// PNG files for title images and thumbnails, through libavcodec's PNG codec and swscale.
public enum PNGImage {
    /// Decodes the PNG at `path` to non-premultiplied RGBA (opaque formats get alpha 255).
    /// - Throws: `MediaError.fileNotFound` when nothing is at `path`; `.io` when it cannot be read;
    ///   `.ffmpeg` / `.invalidData` naming the path when it is not a decodable PNG.
    public static func decode(path: String, rules: InputRules = .anywhere) throws(MediaError) -> RGBAImage {
        try decode(try InputFile(path, rules: rules))
    }

    /// Decodes a PNG file already opened and checked (`InputFile`).
    public static func decode(_ file: InputFile) throws(MediaError) -> RGBAImage {
        let path = file.path
        guard file.id.size <= Int64(maxFileBytes) else {
            throw .invalidData(path: path, message: "is \(file.id.size) bytes; a PNG title image may have at most \(maxFileBytes)")
        }
        let bytes = try file.readAll(limit: maxFileBytes)
        let decoder = try Decoder(codecID: AV_CODEC_ID_PNG, path: path, maxPixels: maxPixels)
        let packet = DemuxerPacket()
        try check(av_new_packet(packet.pointer, Int32(bytes.count)), "av_new_packet", path: path)
        bytes.withUnsafeBytes { raw in
            packet.pointer.pointee.data.update(from: raw.bindMemory(to: UInt8.self).baseAddress!, count: bytes.count)
        }
        try decoder.send(packet.pointer)
        try decoder.send(nil)
        let frame = DecoderFrame()
        guard try decoder.receive(into: frame) == .frame else {
            throw .invalidData(path: path, message: "no picture decoded from the PNG")
        }
        return try toRGBA(frame, path: path)
    }

    /// The largest PNG file read (a title image or logo is far smaller).
    static let maxFileBytes = 64 << 20
    /// The largest picture decoded, in pixels (8192 × 8192).
    static let maxPixels: Int64 = 8192 * 8192

    /// Converts a decoded picture of any pixel format to packed RGBA.
    static func toRGBA(_ frame: DecoderFrame, path: String) throws(MediaError) -> RGBAImage {
        let f = frame.pointer
        let w = Int(f.pointee.width), h = Int(f.pointee.height)
        guard let sws = sws_getContext(Int32(w), Int32(h), AVPixelFormat(rawValue: f.pointee.format), Int32(w), Int32(h),
                                       AV_PIX_FMT_RGBA, SWS_POINT | SWS_ACCURATE_RND | SWS_BITEXACT, nil, nil, nil) else {
            throw .invalidData(path: path, message: "cannot convert PNG pixel format \(f.pointee.format) to RGBA")
        }
        defer { sws_freeContext(sws) }
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        let rc = pixels.withUnsafeMutableBufferPointer { reel_sws_scale_to_packed(sws, f, $0.baseAddress, Int32(w * 4)) }
        try check(rc, "sws_scale", path: path)
        return RGBAImage(width: w, height: h, pixels: pixels)
    }
}
