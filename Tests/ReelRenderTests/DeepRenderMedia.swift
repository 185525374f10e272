import Foundation
import ReelMedia
import ReelModel
@testable import ReelPlan
import ReelTestSupport
@testable import ReelRender

/// Renders of whole compositions on the deep path through `SegmentRenderer`, with sources made by ffmpeg (HLG and
/// PQ from an SDR picture as FIELD-NOTES §7 says, 10-bit gradients), and the parts decoded by ffmpeg.
enum DeepRenderMedia {
    /// libavformat's probe; title files are taken as they are (fingerprints don't matter here).
    struct Prober: MediaProber {
        func probe(path: String) throws -> MediaFacts { try FFmpegProber().probe(path: path) }
        func check(_ file: TitleFile) throws -> String { "" }
    }

    /// A `seconds`-long 320×180, 10 fps source `name` in `dir`: `lavfi`, converted by zscale's `make` (nothing
    /// when empty) and coded lossless by x265 Main10 with `tags`, or by x264 8-bit lossless when `tags` is nil.
    @discardableResult
    static func source(_ name: String, lavfi: String, make: String = "", tags: String?, seconds: Int = 3,
                       in dir: URL) throws -> URL {
        let out = dir.appendingPathComponent(name)
        let convert = make.isEmpty ? "" : "zscale=\(make),"
        let codec = tags.map { ["-pix_fmt", "yuv420p10le", "-c:v", "libx265", "-x265-params", "log-level=error:lossless=1:\($0)"] }
            ?? ["-pix_fmt", "yuv420p", "-c:v", "libx264", "-qp", "0"]
        let format = "format=" + (tags == nil ? "yuv420p" : "yuv420p10le")
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", lavfi, "-t", "\(seconds)", "-vf", convert + format] + codec + [out.path])
        return out
    }

    /// The plan of composition `json` (paths relative to `dir`), probed, cut about every `segmentSeconds`.
    static func plan(_ json: String, in dir: URL, segmentSeconds: Int64 = 100) throws -> Plan {
        let loaded = try CompositionLoader.load(data: Array(json.utf8), baseDirectory: dir.path, prober: Prober())
        let options = PlanOptions(segmentSeconds: try Rational(segmentSeconds), minimumSegmentSeconds: try Rational(1, 2),
                                  media: loaded.facts)
        return try Plan(composition: loaded.composition, options: options)
    }

    /// The whole output as one segment (the segmenter cuts at every instruction; this is the N = 1 side).
    static func wholeSegment(_ plan: Plan) throws -> SegmentPlan {
        try plan.segment(index: 0, frames: plan.outputFrames)
    }

    /// Renders `segments` (all of `plan`'s when nil) into a store under `dir`; the video parts in order.
    static func render(_ plan: Plan, segments: [SegmentPlan]? = nil, in dir: URL, store name: String) throws -> [String] {
        let store = PartStore(root: dir.appendingPathComponent(name).path)
        let renderer = SegmentRenderer(plan: plan, store: store)
        return try (segments ?? plan.segments).map { segment in
            _ = try renderer.render(segment)
            return store.files(for: segment.contentHash).video
        }
    }

    /// The parts' frames as ffmpeg decodes them, concatenated, in `pixelFormat`.
    static func decoded(_ parts: [String], pixelFormat: String) throws -> Data {
        var out = Data()
        for part in parts {
            out.append(try TestProcess.ffmpeg(["-i", part, "-f", "rawvideo", "-pix_fmt", pixelFormat, "-"]).stdoutData)
        }
        return out
    }

    /// The parts' frames decoded and upsampled to 16-bit 4:4:4 (`DeepFrameMedia`'s size).
    static func deepFrames(_ parts: [String]) throws -> [DeepFrame] {
        try DeepFrameMedia.frames(decoded(parts, pixelFormat: "yuv444p16le"))
    }

    /// The luma samples of raw little-endian 16-bit-word frames with planes of `lumaCount` and `chromaCount` words.
    static func luma16(_ raw: Data, lumaCount: Int, chromaCount: Int) -> [UInt16] {
        let bytes = [UInt8](raw), frame = 2 * (lumaCount + 2 * chromaCount)
        var out: [UInt16] = []
        for start in stride(from: 0, to: bytes.count - frame + 1, by: frame) {
            for i in 0..<lumaCount { out.append(UInt16(bytes[start + 2 * i]) | UInt16(bytes[start + 2 * i + 1]) << 8) }
        }
        return out
    }
}
