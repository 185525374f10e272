internal import CFFmpeg
import ReelModel

/// The HDR stream side data (SMPTE ST 2086 mastering display, CTA-861.3 content light level) a part writes and
/// the stitcher carries into the published file. The mov/mp4 muxer stores it as the `mdcv` and `clli` boxes and
/// Matroska as its `MasteringMetadata`; their demuxers read it back as stream side data.
enum StreamSideData {
    static let hdrTypes = [AV_PKT_DATA_MASTERING_DISPLAY_METADATA, AV_PKT_DATA_CONTENT_LIGHT_LEVEL]

    /// Adds `hdr` to `stream` (call before the header is written), in the units HEVC's SEI uses.
    static func add(_ hdr: HDRMetadata, to stream: UnsafeMutablePointer<AVStream>, path: String) throws(MediaError) {
        if let display = hdr.masteringDisplay {
            let xy = display.codedPrimaries.map { Int32(clamping: $0) }
            let lum = display.codedLuminance
            try check(reel_stream_add_mastering_display(stream, xy, Int32(clamping: lum.min), Int32(clamping: lum.max)),
                      "av_stream_new_side_data", path: path)
        }
        if hdr.maxCLL != nil || hdr.maxFALL != nil {
            try check(reel_stream_add_content_light(stream, UInt32(clamping: hdr.maxCLL ?? 0),
                                                    UInt32(clamping: hdr.maxFALL ?? 0)),
                      "av_stream_new_side_data", path: path)
        }
    }

    /// Copies the HDR side data of `source` (a part's stream) to `target` (the output's).
    static func copyHDR(from source: UnsafeMutablePointer<AVStream>, to target: UnsafeMutablePointer<AVStream>,
                        path: String) throws(MediaError) {
        for type in hdrTypes {
            try check(reel_stream_copy_side_data(target, source, type), "av_stream_new_side_data", path: path)
        }
    }
}
