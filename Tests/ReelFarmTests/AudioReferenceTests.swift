import Foundation
import ReelFarm
import ReelTestSupport
import Testing

/// "Audio against an outside reference": a lossless (float32 PCM) render of two clips with a 0.5 s
/// dissolve, a voice-over with a static volume and music with a static volume and automation, against
/// FFmpeg's rendering of the same mix: `acrossfade` (c1=tri:c2=tri) for the clips' audio, `volume` for
/// static gains and for the automation (evaluated per sample: `asetnsamples=1`, `eval=frame`), `adelay`
/// to place the voice-over, and `amix` (normalize=0) to sum.
///
/// Known, documented differences, all far below the −60 dBFS bound:
/// - acrossfade's outgoing gain at sample i of n is (n − 1 − i)/n, Reel's is (n − i)/n (both tri); the
///   difference is at most 1/n of the outgoing signal (n = 24000 here: about −106 dBFS for a −18 dBFS sine).
/// - FFmpeg multiplies the two volume stages one after the other in float; Reel multiplies the gains in
///   Double and rounds once; and the summation order differs. Float rounding: about −140 dBFS.
/// Not compared here: speed ≠ 1 (Reel's varispeed is linear interpolation, which no FFmpeg filter
/// reproduces); the segmentation test covers it for consistency.
@Suite struct AudioReferenceTests {
    @Test func mixMatchesAcrossfadeVolumeAndAmix() throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("audio")
        defer { dir.remove() }
        let json = """
        {
          \(Rendering.assets([("a", media.clips[0]), ("b", media.clips[1]), ("vo", media.voiceOver), ("music", media.music)])),
          "videos": [ \(Rendering.clip("a", duration: "2")), \(Rendering.clip("b", duration: "2")) ],
          "transitions": [ \(Rendering.transition("dissolve", "0.5")) ],
          "voiceOvers": [ { "asset": "vo", "sourceRange": { "start": "0", "duration": "2" }, "at": "1", "volume": "0.5" } ],
          "music": {
            "asset": "music", "sourceRange": { "start": "0", "duration": "3.5" }, "volume": "0.8",
            "volumeAutomation": [
              { "from": "1", "to": "0.25", "timeRange": { "start": "0.5", "end": "1" } },
              { "from": "0.25", "to": "1", "timeRange": { "start": "2.5", "end": "3" } }
            ]
          },
          \(Rendering.output(width: 160, height: 90))
        }
        """
        let out = dir("out.mov")
        let (project, _) = try Rendering.render(try Rendering.write(json, in: dir), to: out, storage: dir("store"),
                                                segmentSeconds: "1", lossless: true)
        #expect(project.plan.totalSamples == 168_000)
        let ours = try Decoded.samples(of: out, scratch: dir.url)
        let reference = try ffmpegMix(media, dir: dir)
        try #require(ours.count == 2 * 168_000)
        try #require(reference.count >= ours.count, "reference holds \(reference.count) samples")

        let peak = Decoded.peakDeviation(ours[...], reference[0..<ours.count])
        #expect(peak.dBFS <= -60, "deviation \(peak.dBFS) dBFS at sample \(peak.index / 2)")
        // Every part of the mix sounds, so the comparison covers each of them.
        for (second, label) in [(0, "clip a"), (1, "crossfade and voice-over"), (2, "clip b, music ramp up")] {
            let window = ours[(second * 96_000)..<((second + 1) * 96_000)]
            #expect(window.contains { abs($0) > 0.05 }, "\(label) is silent")
        }
    }

    /// FFmpeg's mix, interleaved float32 stereo.
    func ffmpegMix(_ media: SharedClips, dir: TempDir) throws -> [Float] {
        let raw = dir("reference.f32")
        let float = "aformat=sample_fmts=fltp:channel_layouts=stereo"
        let automation = "if(lt(t,0.5),1,if(lt(t,1),1-0.75*(t-0.5)/0.5,if(lt(t,2.5),0.25,if(lt(t,3),0.25+0.75*(t-2.5)/0.5,1))))"
        let graph = [
            "[0:a]\(float),atrim=end_sample=96000[a]",
            "[1:a]\(float),atrim=end_sample=96000[b]",
            "[a][b]acrossfade=ns=24000:c1=tri:c2=tri[clips]",
            "[2:a]\(float),atrim=end_sample=96000,volume=0.5,adelay=delays=48000S:all=1[vo]",
            "[3:a]\(float),atrim=end_sample=168000,volume=0.8,asetnsamples=n=1,volume=volume='\(automation)':eval=frame[music]",
            "[clips][vo][music]amix=inputs=3:normalize=0:duration=longest,\(float)[mix]",
        ].joined(separator: ";")
        try TestProcess.ffmpeg(["-i", media.clips[0].path, "-i", media.clips[1].path, "-i", media.voiceOver.path,
                                "-i", media.music.path, "-filter_complex", graph, "-map", "[mix]",
                                "-f", "f32le", "-c:a", "pcm_f32le", raw.path])
        let data = try Data(contentsOf: raw)
        return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }
}
