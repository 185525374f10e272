import Foundation
import Testing
import ReelModel
@testable import ReelMedia

@Suite struct InputProbeTests {
    @Test func probesH264AACFacts() throws {
        let path = try MediaFixtures.h264AAC()
        let facts = try MediaProbe.probe(path: path)
        let video = try #require(facts.video)
        let audio = try #require(facts.audio)
        #expect(video.codec == "h264")
        #expect(video.width == 320 && video.height == 240)
        #expect(video.rotation == 0)
        #expect(video.frameRate == (try FrameRate(25)))
        #expect(video.duration == .seconds(2))
        #expect(audio.codec == "aac")
        #expect(audio.sampleRate == 44100)
        #expect(audio.channels == 2)
        #expect(audio.duration >= (try RationalTime(value: 19, timescale: 10)))
        #expect(audio.duration <= (try RationalTime(value: 21, timescale: 10)))
        #expect(facts.duration == max(video.duration, audio.duration))
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        #expect(facts.fileSize == Int64(size ?? -1))
        #expect(facts.modificationTime > 1_600_000_000 * 1_000_000_000)
    }

    @Test(arguments: [false, true])
    func keyframesMatchFFprobe(scan: Bool) throws {
        let path = try MediaFixtures.h264AAC()
        let rows = try MediaFixtures.probeCSV(path, stream: "v", entries: "packet=pts,flags")
        let expected = try rows.filter { $0.count >= 2 && $0[1].hasPrefix("K") }
            .map { try RationalTime(value: Int64($0[0])!, timescale: 12800) }
        let facts = try MediaProbe.probe(path: path, scanKeyframes: scan)
        let video = try #require(facts.video)
        #expect(expected.count >= 5)
        #expect(video.keyframes == expected.sorted())
    }

    @Test func readsRotationFromTheDisplayMatrix() throws {
        let facts = try MediaProbe.probe(path: try MediaFixtures.rotated90())
        #expect(facts.video?.rotation == 90)
        #expect(facts.video?.width == 320)
    }

    @Test func missingFileIsFileNotFound() throws {
        let path = try MediaFixtures.scratch("does-not-exist.mp4")
        #expect(throws: MediaError.fileNotFound(path: path)) { try MediaProbe.probe(path: path) }
        #expect(throws: MediaError.fileNotFound(path: path)) { try FFmpegProber().probe(path: path) }
    }

    @Test func truncatedMP4NamesPathAndFFmpegMessage() throws {
        let path = try MediaFixtures.truncated()
        do {
            _ = try MediaProbe.probe(path: path)
            Issue.record("probing a truncated MP4 succeeded")
        } catch {
            guard case let .ffmpeg(function, _, message, errorPath) = error else {
                Issue.record("unexpected error \(error)"); return
            }
            #expect(function == "avformat_open_input")
            #expect(errorPath == path)
            #expect(message.lowercased().contains("invalid data"))
            #expect(error.description.contains(path))
        }
    }

    @Test func audioOnlyHasNoVideoFacts() throws {
        let facts = try MediaProbe.probe(path: try MediaFixtures.audioOnly())
        #expect(facts.video == nil)
        let audio = try #require(facts.audio)
        #expect(audio.channels == 1 && audio.sampleRate == 44100)
        #expect(facts.duration == audio.duration)
    }

    @Test func videoOnlyHasNoAudioFacts() throws {
        let facts = try FFmpegProber().probe(path: try MediaFixtures.videoOnly())
        #expect(facts.audio == nil)
        #expect(facts.video?.duration == .seconds(1))
        #expect(facts.duration == .seconds(1))
    }
}
