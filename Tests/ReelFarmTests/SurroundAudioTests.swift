import Foundation
import ReelFarm
import ReelTestSupport
import Testing

/// 5.1 programmes (issue 20 §2): a stereo clip, a 5.1 source and a mono voice-over mixed into 5.1 and checked per
/// channel against FFmpeg's `pan`/`amix` graph of the same routing; the BS.775 downmix measured one source channel
/// at a time; N segments against one, byte for byte.
///
/// Tolerance of the reference comparison: 1e-5 (−100 dBFS) of max abs difference per channel. Both sides are float;
/// Reel multiplies each sample by its gain and its matrix coefficient and sums three inputs, FFmpeg applies `volume`
/// and `amix` in another order, so each output sample carries a few float roundings of values ≤ 1 (≤ about 5e-7).
/// A wrong route or gain moves a channel by at least 1 % of a 0.05 signal (5e-4), fifty times the bound.
@Suite struct SurroundAudioTests {
    /// A 2 s 5.1 WAV, a different tone on every channel (LFE included).
    static func surroundSource(_ dir: TempDir) throws -> URL {
        let url = dir("surround.wav")
        let exprs = (0..<6).map { "0.1*sin(2*PI*\(200 + 100 * $0)*t)" }.joined(separator: "|")
        _ = try TestProcess.ffmpeg(["-f", "lavfi", "-i", "aevalsrc=exprs='\(exprs)':s=48000:d=2:c=5.1",
                                    "-c:a", "pcm_f32le", url.path])
        return url
    }

    /// A 1 s mono WAV at 0.2.
    static func monoVoice(_ dir: TempDir) throws -> URL {
        let url = dir("mono.wav")
        _ = try TestProcess.ffmpeg(["-f", "lavfi", "-i", "aevalsrc=exprs='0.2*sin(2*PI*880*t)':s=48000:d=1:c=mono",
                                    "-c:a", "pcm_f32le", url.path])
        return url
    }

    static func programme(_ media: SharedClips, surround: URL, voice: URL) -> String {
        """
        { \(Rendering.assets([("a", media.clips[0]), ("surround", surround), ("vo", voice)])),
          "videos": [ \(Rendering.clip("a", duration: "2")) ],
          "voiceOvers": [ { "asset": "vo", "sourceRange": { "start": "0", "duration": "1" }, "at": "0.5", "volume": "0.8" } ],
          "music": { "asset": "surround", "sourceRange": { "start": "0", "duration": "2" }, "volume": "0.5" },
          \(Rendering.output(width: 160, height: 90, extra: #", "container": "mov", "audio": { "codec": "pcm", "channels": "5.1" }"#)) }
        """
    }

    @Test("a 5.1 mix equals FFmpeg's pan/amix graph per channel, and N segments store the bytes of one")
    func surroundMixMatchesPanGraph() throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("surround")
        defer { dir.remove() }
        let surround = try Self.surroundSource(dir), voice = try Self.monoVoice(dir)
        let comp = try Rendering.write(Self.programme(media, surround: surround, voice: voice), in: dir)
        let (project, _) = try Rendering.render(comp, to: dir("many.mov"), storage: dir("store"), segmentSeconds: "1")
        #expect(project.plan.segments.count > 1)
        _ = try Rendering.renderAsOneSegment(project, to: dir("one.mov"), storage: dir("store-one"))
        #expect(try PCMSampleFormatTests.rawAudio(dir("many.mov"), dir) == PCMSampleFormatTests.rawAudio(dir("one.mov"), dir),
                "the segmented 5.1 render's audio differs from the one-segment render's")
        let stream = try TestProcess.probe(dir("many.mov"), stream: "a:0", entries: "channels,channel_layout")
        #expect(stream["channels"] == "6" && stream["channel_layout"] == "5.1", "\(stream)")

        let ours = try Decoded.samples(of: dir("many.mov"), scratch: dir.url, channels: 6)
        let reference = try Self.panGraph(media, surround: surround, voice: voice, dir: dir)
        try #require(ours.count == 6 * 96_000 && reference.count >= ours.count, "\(ours.count) against \(reference.count)")
        for c in 0..<6 {
            let deviation = stride(from: c, to: ours.count, by: 6).map { abs(ours[$0] - reference[$0]) }.max() ?? 0
            let energy = stride(from: c, to: ours.count, by: 6).map { ours[$0] * ours[$0] }.reduce(0, +)
            #expect(deviation <= 1e-5, "channel \(c) deviates by \(deviation)")
            #expect(energy > 1, "channel \(c) is silent, so it was not compared")
        }
    }

    /// FFmpeg's mix of the same routing: the stereo clip to L/R, the 5.1 music as is at 0.5, the mono voice-over to C.
    static func panGraph(_ media: SharedClips, surround: URL, voice: URL, dir: TempDir) throws -> [Float] {
        let raw = dir("reference.f32")
        let graph = [
            "[0:a]aformat=sample_fmts=fltp:channel_layouts=stereo,atrim=end_sample=96000,pan=5.1|c0=c0|c1=c1[a]",
            "[1:a]aformat=sample_fmts=fltp:channel_layouts=5.1,atrim=end_sample=96000,volume=0.5[m]",
            "[2:a]aformat=sample_fmts=fltp:channel_layouts=mono,volume=0.8,pan=5.1|c2=c0,adelay=delays=24000S:all=1[v]",
            "[a][m][v]amix=inputs=3:normalize=0:duration=longest,aformat=sample_fmts=fltp:channel_layouts=5.1[mix]",
        ].joined(separator: ";")
        _ = try TestProcess.ffmpeg(["-i", media.clips[0].path, "-i", surround.path, "-i", voice.path,
                                    "-filter_complex", graph, "-map", "[mix]", "-f", "f32le", "-c:a", "pcm_f32le", raw.path])
        let data = try Data(contentsOf: raw)
        return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    @Test("a voice-over routed to C sounds only in C, and music mapped to L+Ls and R+Rs equals FFmpeg's pan graph")
    func routedItems() throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("route")
        defer { dir.remove() }
        let map = #"{ "map": [ { "to": ["L", "Ls"], "gain": "0.5" }, { "to": ["R", "Rs"], "gain": "0.5" } ] }"#
        let json = """
        { \(Rendering.assets([("a", media.clips[0]), ("vo", media.voiceOver), ("music", media.music)])),
          "videos": [ \(Rendering.clip("a", duration: "2", extra: #", "audio": false"#)) ],
          "voiceOvers": [ { "asset": "vo", "sourceRange": { "start": "0", "duration": "1" }, "at": "0", "volume": "0.8", "route": "C" } ],
          "music": { "asset": "music", "sourceRange": { "start": "0", "duration": "1" }, "at": "1", "route": \(map) },
          \(Rendering.output(width: 160, height: 90, extra: #", "container": "mov", "audio": { "codec": "pcm", "channels": "5.1" }"#)) }
        """
        _ = try Rendering.render(try Rendering.write(json, in: dir), to: dir("out.mov"), storage: dir("store"), segmentSeconds: "1")
        let ours = try Decoded.samples(of: dir("out.mov"), scratch: dir.url, channels: 6)
        try #require(ours.count == 6 * 96_000)
        let voice = ours[0..<(6 * 48_000)]
        let outsideC = voice.indices.filter { $0 % 6 != 2 && voice[$0] != 0 }
        #expect(outsideC.isEmpty, "the voice-over leaks into \(Set(outsideC.map { $0 % 6 }).sorted()) besides C")
        #expect(stride(from: 2, to: voice.count, by: 6).contains { abs(voice[$0]) > 0.05 }, "C holds no voice-over")

        let raw = dir("reference.f32")
        let graph = [
            "[0:a]aformat=sample_fmts=fltp:channel_layouts=stereo,atrim=end_sample=48000,volume=0.8,pan=5.1|c2=0.5*c0+0.5*c1[v]",
            "[1:a]aformat=sample_fmts=fltp:channel_layouts=stereo,atrim=end_sample=48000,"
                + "pan=5.1|c0=0.5*c0|c4=0.5*c0|c1=0.5*c1|c5=0.5*c1,adelay=delays=48000S:all=1[m]",
            "[v][m]amix=inputs=2:normalize=0:duration=longest,aformat=sample_fmts=fltp:channel_layouts=5.1[mix]",
        ].joined(separator: ";")
        _ = try TestProcess.ffmpeg(["-i", media.voiceOver.path, "-i", media.music.path, "-filter_complex", graph,
                                    "-map", "[mix]", "-f", "f32le", "-c:a", "pcm_f32le", raw.path])
        let reference = try Data(contentsOf: raw).withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        try #require(reference.count >= ours.count, "reference holds \(reference.count) samples")
        for c in [0, 1, 2, 4, 5] {
            let deviation = stride(from: c, to: ours.count, by: 6).map { abs(ours[$0] - reference[$0]) }.max() ?? 0
            #expect(deviation <= 1e-5, "channel \(c) deviates by \(deviation)")
            #expect(stride(from: c, to: ours.count, by: 6).contains { abs(ours[$0]) > 0.01 }, "channel \(c) is silent")
        }
    }

    @Test("a 5.1 source into stereo: each channel's measured gains are BS.775's coefficients")
    func downmixCoefficients() throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("downmix")
        defer { dir.remove() }
        // Channel k sounds alone during [0.5k, 0.5k + 0.5) s.
        let source = dir("steps.wav")
        let exprs = (0..<6).map { "0.3*sin(2*PI*500*t)*between(t,\(Double($0) * 0.5),\(Double($0) * 0.5 + 0.499))" }
        _ = try TestProcess.ffmpeg(["-f", "lavfi", "-i", "aevalsrc=exprs='\(exprs.joined(separator: "|"))':s=48000:d=3:c=5.1",
                                    "-c:a", "pcm_f32le", source.path])
        let json = """
        { \(Rendering.assets([("a", media.clips[0]), ("steps", source)])),
          "videos": [ \(Rendering.clip("a", duration: "3", extra: #", "audio": false"#)) ],
          "music": { "asset": "steps", "sourceRange": { "start": "0", "duration": "3" } },
          \(Rendering.output(width: 160, height: 90, extra: #", "container": "mov", "audio": { "codec": "pcm" }"#)) }
        """
        _ = try Rendering.render(try Rendering.write(json, in: dir), to: dir("out.mov"), storage: dir("store"), segmentSeconds: "1")
        let out = try Decoded.samples(of: dir("out.mov"), scratch: dir.url, channels: 2)
        let input = try Decoded.samples(of: source, scratch: dir.url, channels: 6)
        let k = 0.70710678118654752
        let expected: [(Double, Double)] = [(1, 0), (0, 1), (k, k), (0, 0), (k, 0), (0, k)]
        for (channel, gains) in expected.enumerated() {
            let window = (channel * 24_000 + 1_000)..<(channel * 24_000 + 23_000)
            let src = window.map { Double(input[$0 * 6 + channel]) }
            let power = src.map { $0 * $0 }.reduce(0, +)
            let left = zip(window, src).map { Double(out[$0.0 * 2]) * $0.1 }.reduce(0, +) / power
            let right = zip(window, src).map { Double(out[$0.0 * 2 + 1]) * $0.1 }.reduce(0, +) / power
            #expect(abs(left - gains.0) < 1e-5 && abs(right - gains.1) < 1e-5,
                    "source channel \(channel): measured L \(left), R \(right), stated \(gains)")
        }
    }

    @Test("each delivery codec: ffprobe's codec, channels, layout and rate, and a clean full decode",
          arguments: [("ac3", "mp4", "5.1", "ac3", "5.1(side)"), ("eac3", "mov", "5.1", "eac3", "5.1(side)"),
                      ("flac", "mp4", "5.1", "flac", "5.1(side)"), ("opus", "mp4", "5.1", "opus", "5.1"),
                      ("opus", "mp4", "stereo", "opus", "stereo"), ("aac", "mp4", "5.1", "aac", "5.1"),
                      ("aac", "mov", "7.1", "aac", "7.1"), ("pcm", "mov", "7.1", "pcm_f32le", "7.1"),
                      ("flac", "mp4", "stereo", "flac", "stereo")])
    func deliveryCodec(codec: String, container: String, layout: String, name: String, probedLayout: String) throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("codec-\(codec)")
        defer { dir.remove() }
        let json = """
        { \(Rendering.assets([("a", media.clips[0])])), "videos": [ \(Rendering.clip("a", duration: "1")) ],
          \(Rendering.output(width: 160, height: 90, extra: #", "container": "\#(container)", "audio": { "codec": "\#(codec)", "channels": "\#(layout)", "bitrate": 192 }"#)) }
        """
        let out = dir("out.\(container)")
        _ = try Rendering.render(try Rendering.write(json, in: dir), to: out, storage: dir("store"), segmentSeconds: "1")
        let stream = try TestProcess.probe(out, stream: "a:0", entries: "codec_name,channels,channel_layout,sample_rate")
        let channels = ["stereo": "2", "5.1": "6", "7.1": "8"][layout]
        #expect(stream["codec_name"] == name && stream["channels"] == channels && stream["channel_layout"] == probedLayout
                && stream["sample_rate"] == "48000", "\(stream)")
        let decode = try TestProcess.ffmpeg(["-v", "error", "-i", out.path, "-f", "null", "-"])
        #expect(decode.stderr.isEmpty, "decoding \(codec) in \(container): \(decode.stderr)")
        let samples = try Decoded.samples(of: out, scratch: dir.url, channels: Int(channels ?? "2") ?? 2)
        #expect(samples.contains { abs($0) > 0.05 }, "the \(codec) file is silent")
    }
}
