import Foundation
import ReelFarm
import ReelTestSupport
import Testing

/// "Frame-exact output": the file holds exactly the planned frames and `S(totalFrames)` samples,
/// its durations say so exactly, and FFmpeg decodes it without a single complaint.
@Suite struct FrameExactTests {
    @Test(arguments: [OutputRate.thirty, .ntsc])
    func aacMP4HoldsExactlyThePlannedFramesAndSamples(_ rate: OutputRate) throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("exact-mp4")
        defer { dir.remove() }
        let out = dir("out.mp4")
        let (project, outcome) = try Rendering.render(try Rendering.write(Compositions.rich(media, rate: rate), in: dir),
                                                      to: out, storage: dir("store"), segmentSeconds: "1")
        let frames = project.plan.totalFrames, samples = project.plan.totalSamples
        #expect(frames == rate.richFrames && samples == rate.samples(frames: rate.richFrames))
        #expect(outcome.report.frames == frames && outcome.report.samples == samples)
        #expect(project.plan.segments.count >= 4)

        let video = try TestProcess.probe(out, stream: "v:0", entries: "nb_read_frames,duration_ts,time_base,width,height",
                                          countFrames: true)
        #expect(Int64(video["nb_read_frames"] ?? "") == frames, "\(video)")
        #expect(video["width"] == "160" && video["height"] == "90")
        // duration_ts · time_base = frames / fps exactly.
        let vtb = try timeBase(video["time_base"])
        #expect(Int64(video["duration_ts"] ?? "").map { $0 * vtb.num * rate.fpsNum == frames * rate.fpsDen * vtb.den } == true,
                "\(video)")
        let container = try TestProcess.run("/usr/bin/ffprobe", ["-v", "error", "-show_entries", "format=duration",
                                                                 "-of", "default=nw=1:nk=1", out.path])
        let seconds = Double(frames * rate.fpsDen) / Double(rate.fpsNum)
        #expect(container.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == String(format: "%.6f", seconds))

        // AAC: the edit list starts after the encoder's 1024 priming samples (start_pts 0) and lasts
        // exactly S(frames), which ffprobe reports as the stream's duration.
        let audio = try TestProcess.probe(out, stream: "a:0", entries: "duration_ts,start_pts,time_base,sample_rate,channels")
        let atb = try timeBase(audio["time_base"])
        #expect(audio["sample_rate"] == "\(rate.sampleRate)" && audio["channels"] == "2" && audio["start_pts"] == "0")
        #expect(Int64(audio["duration_ts"] ?? "").map { $0 * atb.num * rate.sampleRate == samples * atb.den } == true,
                "\(audio)")
        // FFmpeg 5.1's decoder drops the priming but not the last AAC frame's padding (its own AAC
        // files of S samples decode the same way), so a decode yields S rounded up to whole frames.
        let decoded = Int64(try Decoded.samples(of: out, scratch: dir.url).count / 2)
        #expect(decoded == (samples + 1024 + 1023) / 1024 * 1024 - 1024, "decoded \(decoded) samples")

        try expectDecodesCleanly(out)
    }

    @Test func losslessMOVHoldsExactlyThePlannedFramesAndPCMSamples() throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("exact-mov")
        defer { dir.remove() }
        let out = dir("out.mov")
        let (project, _) = try Rendering.render(try Rendering.write(Compositions.rich(media), in: dir), to: out,
                                                storage: dir("store"), segmentSeconds: "2", lossless: true)
        #expect(project.plan.segments.count >= 3)
        let video = try TestProcess.probe(out, stream: "v:0", entries: "nb_read_frames,codec_name", countFrames: true)
        #expect(Int64(video["nb_read_frames"] ?? "") == project.plan.totalFrames, "\(video)")
        let audio = try TestProcess.probe(out, stream: "a:0", entries: "codec_name,duration_ts")
        #expect(audio["codec_name"] == "pcm_f32le")
        #expect(Int64(audio["duration_ts"] ?? "") == project.plan.totalSamples, "\(audio)")
        let decoded = try Decoded.samples(of: out, scratch: dir.url)
        #expect(Int64(decoded.count / 2) == project.plan.totalSamples)
        try expectDecodesCleanly(out)
    }
}

/// `ffmpeg -v error -i FILE -f null -` prints nothing and succeeds.
func expectDecodesCleanly(_ file: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let result = try TestProcess.run("/usr/bin/ffmpeg", ["-nostdin", "-v", "error", "-i", file.path, "-f", "null", "-"])
    #expect(result.status == 0, sourceLocation: sourceLocation)
    #expect(result.stderr.isEmpty, "decode errors: \(result.stderr)", sourceLocation: sourceLocation)
}

/// "1/15360" → (1, 15360).
func timeBase(_ text: String?) throws -> (num: Int64, den: Int64) {
    let parts = (text ?? "").split(separator: "/").compactMap { Int64($0) }
    guard parts.count == 2, parts[1] > 0 else { throw TestFailure("not a time base: \(text ?? "nil")") }
    return (parts[0], parts[1])
}
