import Foundation
import ReelMedia
import ReelModel
import ReelRender
import ReelTestSupport
import Testing

/// The stitcher refuses to publish when a seam check fails, and names the segment.
@Suite struct StitcherTests {
    let rate = try! FrameRate(30)

    func settings(_ rateControl: VideoCodecSettings.RateControl = .crf(28)) -> OutputSettings {
        OutputSettings(width: 64, height: 48, frameRate: rate,
                       video: VideoCodecSettings(rateControl: rateControl, preset: "ultrafast"),
                       audio: AudioCodecSettings(sampleRate: 48000, channels: 2), container: .mp4)
    }

    /// Writes a video part of `frames` frames and a PCM part of `samples` samples; returns the part.
    func makePart(_ dir: String, index: Int, start: Int64, frames: Int64, samples: Int64,
                  settings: OutputSettings) throws -> StitchPart {
        let video = "\(dir)/p\(index).mp4", audio = "\(dir)/p\(index).wav"
        let writer = try VideoPartWriter(path: video, settings: settings)
        for f in 0..<frames {
            try writer.append(PlanarFrame(width: 64, height: 48, y: UInt8(16 + (start + f) % 200)))
        }
        try writer.finish()
        let pcm = try PCMPartWriter(path: audio, sampleRate: 48000, channels: 2)
        try pcm.append(AudioBuffer(sampleRate: 48000, samples: [[Float]](repeating: [Float](repeating: 0.25, count: Int(samples)), count: 2)))
        try pcm.finish()
        return StitchPart(segmentIndex: index, startFrame: start, frames: frames, samples: samples, videoPath: video,
                          audioPath: audio)
    }

    func scratch() throws -> String {
        let dir = NSTemporaryDirectory() + "reel-stitch-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// S(f) at 30 fps and 48 kHz is 1600·f.
    func parts(_ dir: String, _ settings: [OutputSettings]) throws -> [StitchPart] {
        var start: Int64 = 0
        return try settings.enumerated().map { n, s in
            defer { start += 10 }
            return try makePart(dir, index: n, start: start, frames: 10, samples: 16000, settings: s)
        }
    }

    @Test func goodPartsJoinIntoOneVerifiedFile() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let parts = try parts(dir, [settings(), settings(), settings()])
        let report = try Stitcher.stitch(parts: parts, output: settings(), totalFrames: 30, totalSamples: 48000,
                                         to: "\(dir)/out.mp4")
        #expect(report.frames == 30)
        #expect(report.samples == 48000)
        // ffprobe's counts beside the stitcher's: 30 video frames; AAC whose edit list lasts 48000 samples.
        let video = try TestProcess.probe(URL(fileURLWithPath: "\(dir)/out.mp4"), stream: "v:0", entries: "nb_read_packets,nb_read_frames",
                                           countFrames: true, countPackets: true)
        #expect(video["nb_read_packets"] == "30" && video["nb_read_frames"] == "30", "\(video)")
        let audio = try TestProcess.probe(URL(fileURLWithPath: "\(dir)/out.mp4"), stream: "a:0", entries: "time_base,duration_ts",
                                           countFrames: true, countPackets: true)
        #expect(audio["time_base"] == "1/48000" && audio["duration_ts"] == "48000", "\(audio)")
    }

    @Test("--stitch-audio-threads: the stitch's AAC in parallel chunks lasts exactly the programme, its video is the same packets, its audio within 1 dB of the single encode's error")
    func chunkedAudioStitch() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Twelve parts of 10 frames and 16,000 samples of a 997 Hz tone: 4 s of programme, 5 chunks of 0.68 s.
        var parts: [StitchPart] = []
        for n in 0..<12 {
            var part = try makePart(dir, index: n, start: Int64(10 * n), frames: 10, samples: 16000, settings: settings())
            let tone = (0..<16000).map { i in Float(0.4 * sin(2 * Double.pi * 997 * Double(16000 * n + i) / 48000)) }
            let pcm = try PCMPartWriter(path: "\(dir)/tone\(n).wav", sampleRate: 48000, channels: 2)
            try pcm.append(AudioBuffer(sampleRate: 48000, samples: [tone, tone]))
            try pcm.finish()
            part.audioPath = "\(dir)/tone\(n).wav"
            parts.append(part)
        }
        _ = try Stitcher.stitch(parts: parts, output: settings(), totalFrames: 120, totalSamples: 192_000, to: "\(dir)/one.mp4")
        let chunking = AudioChunking(threads: 3, chunkFrames: 32, prerollFrames: 8, postrollFrames: 2)
        let report = try Stitcher.stitch(parts: parts, output: settings(), totalFrames: 120, totalSamples: 192_000,
                                         to: "\(dir)/chunked.mp4", audioChunking: chunking)
        #expect(report.samples == 192_000)
        let audio = try TestProcess.probe(URL(fileURLWithPath: "\(dir)/chunked.mp4"), stream: "a:0", entries: "duration_ts")
        #expect(audio["duration_ts"] == "192000", "\(audio)")
        func md5(_ file: String, _ map: String) throws -> String {
            try TestProcess.check("/usr/bin/ffmpeg", ["-v", "error", "-i", "\(dir)/\(file)", "-map", map, "-c", "copy",
                                                      "-f", "md5", "-"]).stdout
        }
        #expect(try md5("chunked.mp4", "0:v") == md5("one.mp4", "0:v"), "the video is stream-copied alike")
        #expect(try md5("chunked.mp4", "0:a") != md5("one.mp4", "0:a"), "4 s in 0.68 s chunks are chunked")
        func decoded(_ file: String) throws -> [Float] {
            let data = try TestProcess.check("/usr/bin/ffmpeg", ["-v", "error", "-i", "\(dir)/\(file)", "-af", "pan=mono|c0=FL",
                                                                 "-f", "f32le", "-"]).stdoutData
            return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        }
        let source = (0..<192_000).map { i in Float(0.4 * sin(2 * Double.pi * 997 * Double(i) / 48000)) }
        func errorDB(_ d: [Float]) -> Double {
            var e = 0.0, s = 0.0
            for i in 2048..<(192_000 - 2048) { e += Double(d[i] - source[i]) * Double(d[i] - source[i]); s += Double(source[i] * source[i]) }
            return 10 * log10(s / max(e, 1e-20))
        }
        let single = errorDB(try decoded("one.mp4")), chunked = errorDB(try decoded("chunked.mp4"))
        print(String(format: "chunked stitch: tone SNR %.1f dB, single encode %.1f dB", chunked, single))
        #expect(chunked > 30 && abs(chunked - single) < 1, "SNR \(chunked) dB against the single encode's \(single) dB")
    }

    @Test func differentEncoderSettingsAreRefusedNamingTheSegment() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var other = settings()
        other.video.preset = "veryfast"   // CABAC on: a different PPS
        let parts = try parts(dir, [settings(), settings()]) + [try makePart(dir, index: 2, start: 20, frames: 10,
                                                                                samples: 16000, settings: other)]
        #expect {
            try Stitcher.stitch(parts: parts, output: settings(), totalFrames: 30, totalSamples: 48000, to: "\(dir)/out.mp4")
        } throws: { error in
            guard case RenderError.seam(let segment, let message) = error else { return false }
            return segment == 2 && message.contains("extradata")
        }
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/out.mp4"), "nothing is published")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".tmp") }
        #expect(leftovers.isEmpty, "no temporary file is left: \(leftovers)")
    }

    @Test func aPartWithTheWrongFrameCountIsRefused() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var parts = try parts(dir, [settings(), settings()])
        parts[1] = try makePart(dir, index: 1, start: 10, frames: 9, samples: 16000, settings: settings())
        parts[1].frames = 10   // the plan says 10; the part holds 9
        #expect {
            try Stitcher.stitch(parts: parts, output: settings(), totalFrames: 20, totalSamples: 32000, to: "\(dir)/out.mp4")
        } throws: { error in
            guard case RenderError.seam(let segment, let message) = error else { return false }
            return segment == 1 && message.contains("9 video packets")
        }
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/out.mp4"))
    }

    @Test func samplesMustAddUpToTheTotal() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var parts = try parts(dir, [settings(), settings()])
        parts[0] = try makePart(dir, index: 0, start: 0, frames: 10, samples: 15999, settings: settings())
        #expect {
            try Stitcher.stitch(parts: parts, output: settings(), totalFrames: 20, totalSamples: 32000, to: "\(dir)/out.mp4")
        } throws: { error in
            guard case RenderError.seam(_, let message) = error else { return false }
            return message.contains("32000") || message.contains("15999")
        }
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/out.mp4"))
    }

    @Test func aGapBetweenPartsIsRefused() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var parts = try parts(dir, [settings(), settings()])
        parts[1].startFrame = 11
        #expect {
            try Stitcher.stitch(parts: parts, output: settings(), totalFrames: 21, totalSamples: 33600, to: "\(dir)/out.mp4")
        } throws: { error in
            guard case RenderError.seam(let segment, _) = error else { return false }
            return segment == 1
        }
    }
}
