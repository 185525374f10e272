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
