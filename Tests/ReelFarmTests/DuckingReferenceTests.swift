import Foundation
import ReelFarm
import ReelTestSupport
import Testing

/// Ducking against an outside reference: a lossless (float32 PCM) render where only the music is
/// heard (clip audio off, the voice-overs at volume 0 but still triggering), against FFmpeg's `volume`
/// filter evaluated per sample (`asetnsamples=1`, `eval=frame`) with the dip written out by hand from
/// the item ranges: voice-overs [1.5, 2.5) and [2.9, 3.4) are 0.4 s apart, under attack + release
/// (0.9 s), so they merge into one dip: 1 → 0.25 over [1.2, 1.5), 0.25 until 3.4, back to 1 by 4.0.
@Suite struct DuckingReferenceTests {
    @Test func duckedMusicMatchesFFmpegsVolumeExpression() throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("ducking")
        defer { dir.remove() }
        let vo = #"{ "asset": "vo", "sourceRange": { "start": "0", "duration": "DUR" }, "at": "AT", "volume": "0" }"#
        let json = """
        {
          \(Rendering.assets([("a", media.clips[0]), ("b", media.clips[1]), ("vo", media.voiceOver), ("music", media.music)])),
          "videos": [ \(Rendering.clip("a", duration: "2.5", extra: #", "audio": false"#)),
                      \(Rendering.clip("b", duration: "2", extra: #", "audio": false"#)) ],
          "voiceOvers": [ \(vo.replacingOccurrences(of: "DUR", with: "1").replacingOccurrences(of: "AT", with: "1.5")),
                          \(vo.replacingOccurrences(of: "DUR", with: "0.5").replacingOccurrences(of: "AT", with: "2.9")) ],
          "music": {
            "asset": "music", "sourceRange": { "start": "0", "duration": "4.5" }, "volume": "0.8",
            "ducking": { "under": "voiceOvers", "gain": "0.25", "attack": "0.3", "release": "0.6" }
          },
          \(Rendering.output(width: 160, height: 90))
        }
        """
        let out = dir("out.mov")
        let (project, _) = try Rendering.render(try Rendering.write(json, in: dir), to: out, storage: dir("store"),
                                                segmentSeconds: "1", lossless: true)
        #expect(project.plan.totalSamples == 216_000)
        let ours = try Decoded.samples(of: out, scratch: dir.url)
        let reference = try ffmpegDuck(media, dir: dir)
        try #require(ours.count == 2 * 216_000)
        try #require(reference.count >= ours.count, "reference holds \(reference.count) samples")
        let peak = Decoded.peakDeviation(ours[...], reference[0..<ours.count])
        #expect(peak.dBFS <= -60, "deviation \(peak.dBFS) dBFS at sample \(peak.index / 2)")
        // The dip is really there: the music in the held part is a quarter of the undipped level.
        func rms(_ s: ArraySlice<Float>) -> Double { (s.reduce(0) { $0 + Double($1) * Double($1) } / Double(s.count)).squareRoot() }
        let before = rms(ours[0..<(2 * 48_000)]), held = rms(ours[(2 * 96_000)..<(2 * 144_000)])
        #expect(before > 0.05 && abs(held / before - 0.25) < 0.05, "rms before \(before), held \(held)")
    }

    /// FFmpeg's ducked music, interleaved float32 stereo.
    func ffmpegDuck(_ media: SharedClips, dir: TempDir) throws -> [Float] {
        let raw = dir("reference.f32")
        let float = "aformat=sample_fmts=fltp:channel_layouts=stereo"
        let dip = "if(lt(t,1.2),1,if(lt(t,1.5),1-0.75*(t-1.2)/0.3,if(lt(t,3.4),0.25,if(lt(t,4),0.25+0.75*(t-3.4)/0.6,1))))"
        let graph = "[0:a]\(float),atrim=end_sample=216000,volume=0.8,asetnsamples=n=1,volume=volume='\(dip)':eval=frame,\(float)[mix]"
        try TestProcess.ffmpeg(["-i", media.music.path, "-filter_complex", graph, "-map", "[mix]", "-f", "f32le", "-c:a", "pcm_f32le",
                                raw.path])
        let data = try Data(contentsOf: raw)
        return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }
}
