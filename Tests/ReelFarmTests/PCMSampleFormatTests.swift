import Foundation
import ReelFarm
import ReelModel
import ReelTestSupport
import Testing

/// `output.audio.sampleFormat`: a master's PCM in 16, 24 or 32-bit integers (or float). Parts stay float; the
/// stitcher quantizes the whole programme once (round to nearest, clipped, no dither), so a segmented render's
/// audio equals a one-segment render's byte for byte, and every sample is the float mix quantized exactly.
@Suite struct PCMSampleFormatTests {
    /// Two clips and music loud enough (volume 4) that the mix reaches full scale, so clipping is exercised.
    static func composition(_ media: SharedClips, format: String) -> String {
        let c = media.clips
        return """
        { \(Rendering.assets([("a", c[0]), ("b", c[1]), ("music", media.music)])),
          "videos": [ \(Rendering.clip("a", duration: "1.5")), \(Rendering.clip("b", start: "0.5", duration: "1.5")) ],
          "transitions": [ \(Rendering.transition("dissolve", "0.5")) ],
          "music": { "asset": "music", "sourceRange": { "start": "0", "duration": "2.5" }, "volume": "4" },
          \(Rendering.output(width: 160, height: 90, extra: #", "container": "mov", "audio": { "codec": "pcm", "sampleFormat": "\#(format)" }"#)) }
        """
    }

    @Test("s16, s24 and s32 masters: the codec ffprobe reads, one segment = many, and each sample the float mix quantized",
          arguments: [("s16", 16), ("s24", 24), ("s32", 32)])
    func integerFormats(format: String, bits: Int) throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("pcm-\(format)")
        defer { dir.remove() }
        let float = try Rendering.write(Self.composition(media, format: "f32"), "float.json", in: dir)
        _ = try Rendering.render(float, to: dir("float.mov"), storage: dir("store"), segmentSeconds: "1")
        let comp = try Rendering.write(Self.composition(media, format: format), in: dir)
        let (project, _) = try Rendering.render(comp, to: dir("many.mov"), storage: dir("store"), segmentSeconds: "1")
        #expect(project.plan.segments.count > 1)
        _ = try Rendering.renderAsOneSegment(project, to: dir("one.mov"), storage: dir("store-one"))

        let codec = try TestProcess.probe(dir("many.mov"), stream: "a:0", entries: "codec_name,bits_per_sample")
        #expect(codec["codec_name"] == "pcm_\(format)le" && codec["bits_per_sample"] == "\(bits)", "\(codec)")
        let many = try Self.rawAudio(dir("many.mov"), dir), one = try Self.rawAudio(dir("one.mov"), dir)
        #expect(many == one, "the segmented render's \(format) audio differs from the one-segment render's")

        let mix = try Decoded.samples(of: dir("float.mov"), scratch: dir.url)
        let stored = try Self.samples(many, bits: bits)
        try #require(stored.count == mix.count, "\(stored.count) samples against \(mix.count) in the float mix")
        let wrong = zip(mix, stored).enumerated().filter { Self.expected($0.element.0, bits: bits) != $0.element.1 }
        #expect(wrong.isEmpty, "\(wrong.count) samples are not the float mix quantized, first at \(wrong.first?.offset ?? -1)")
        let peak = mix.map(abs).max() ?? 0
        // The mix is clipped to ±1 before it is stored; +1.0 itself lies past the largest integer and must clip too.
        #expect(peak >= 1 && stored.contains(Self.expected(1, bits: bits)) && Self.expected(1, bits: bits) == (Int64(1) << (bits - 1)) - 1,
                "the programme peaks at \(peak), never at full scale, so clipping went untested")
    }

    @Test("a sample format on AAC audio is refused at its JSON path")
    func sampleFormatNeedsPCM() throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("pcm-aac")
        defer { dir.remove() }
        let json = Self.composition(media, format: "s24").replacingOccurrences(of: #""codec": "pcm""#, with: #""codec": "aac""#)
        let comp = try Rendering.write(json, in: dir)
        #expect {
            _ = try Rendering.project(comp, container: "mov")
        } throws: { error in
            "\(error)".contains("output.audio.sampleFormat: a sample format applies to pcm audio only")
        }
    }

    /// The first audio stream's stored bytes, copied out by ffmpeg without decoding.
    static func rawAudio(_ file: URL, _ dir: TempDir) throws -> Data {
        let raw = dir(file.lastPathComponent + ".raw")
        _ = try TestProcess.ffmpeg(["-i", file.path, "-map", "0:a:0", "-c:a", "copy", "-f", "data", raw.path])
        return try Data(contentsOf: raw)
    }

    /// Little-endian samples of `bits` (24-bit ones packed in 3 bytes), as integers.
    static func samples(_ data: Data, bits: Int) throws -> [Int64] {
        let width = bits / 8
        try #require(data.count % width == 0)
        return stride(from: 0, to: data.count, by: width).map { o in
            var v: Int64 = 0
            for b in 0..<width { v |= Int64(data[data.startIndex + o + b]) << (8 * b) }
            return v >= (Int64(1) << (bits - 1)) ? v - (Int64(1) << bits) : v
        }
    }

    /// Round to nearest (ties to even) of `x · 2^(bits−1)`, clipped: what a master must hold for float `x`.
    static func expected(_ x: Float, bits: Int) -> Int64 {
        let scale = Double(Int64(1) << (bits - 1))
        return Int64(min(max((Double(x) * scale).rounded(.toNearestOrEven), -scale), scale - 1))
    }
}
