import Foundation
import Testing
import ReelModel
@testable import ReelMedia

@Suite struct OutputVideoPartTests {
    /// Reads every packet of a part.
    private func packets(_ reader: PacketReader) throws -> [Packet] {
        var all: [Packet] = []
        while let p = try reader.next() { all.append(p) }
        return all
    }

    @Test(arguments: [VideoCodecSettings.RateControl.crf(23), .bitrate(kbps: 400), .lossless])
    func partsOpenOnIDRWithIdenticalExtradata(rateControl: VideoCodecSettings.RateControl) throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let settings = OutputFixtures.makeSettings(video: rateControl)
        var extradata: [[UInt8]] = []
        for (k, count) in [20, 13].enumerated() {
            let path = dir.appendingPathComponent("part\(k).mp4").path
            let frames = (0..<count).map { OutputFixtures.makeFrame($0, seed: k * 5 + 1) }
            let writer = try OutputFixtures.writePart(path, frames: frames, settings: settings)
            #expect(writer.packetCount == Int64(count))
            let reader = try PacketReader(path: path)
            let all = try packets(reader)
            #expect(all.count == count, "every appended frame comes back as one packet (B-frames drained)")
            #expect(try MediaFixtures.ffprobeCount(path, stream: "v", packets: true) == count, "ffprobe's packet count")
            #expect(try MediaFixtures.ffprobeCount(path, stream: "v") == count, "ffprobe's decoded frame count")
            let first = try #require(all.first)
            #expect(first.isKeyframe)
            #expect(reader.isIDR(first), "NAL types \(reader.nalUnitTypes(in: first))")
            #expect(all.dropFirst().allSatisfy { !reader.isIDR($0) } || count > 10)
            extradata.append(reader.extradata)
            #expect(reader.codecName == "h264" && reader.width == 160 && reader.height == 96)
        }
        #expect(extradata[0] == extradata[1], "SPS/PPS must not depend on content")
        #expect(!extradata[0].isEmpty)
    }

    @Test func timestampsCountFramesFromZeroWithUniformDTS() throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let settings = OutputFixtures.makeSettings()
        let path = dir.appendingPathComponent("part.mp4").path
        let writer = try OutputFixtures.writePart(path, frames: (0..<24).map { OutputFixtures.makeFrame($0) },
                                                  settings: settings)
        #expect(writer.reorderDelay == 2, "veryfast: 3 B-frames with pyramid")
        #expect(writer.dtsRewrites == 0, "libx264's own dts already follows i - delay")
        let reader = try PacketReader(path: path)
        let all = try packets(reader)
        let rate = settings.frameRate
        let pts = try all.map { try reader.frames(ofTicks: #require($0.pts), frameRate: rate) }
        let dts = try all.map { try reader.frames(ofTicks: #require($0.dts), frameRate: rate) }
        #expect(pts.sorted() == Array(0..<24))
        #expect(dts == (0..<24).map { Int64($0) - writer.reorderDelay })
        #expect(zip(pts, dts).allSatisfy { $0 >= $1 })
        #expect(try all.allSatisfy { try reader.frames(ofTicks: $0.duration, frameRate: rate) == 1 })
    }

    @Test(arguments: [1, 2, 3])
    func shortPartsKeepTheUniformDTS(count: Int) throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let settings = OutputFixtures.makeSettings()
        let path = dir.appendingPathComponent("short.mp4").path
        let writer = try OutputFixtures.writePart(path, frames: (0..<count).map { OutputFixtures.makeFrame($0) },
                                                  settings: settings)
        let reader = try PacketReader(path: path)
        let all = try packets(reader)
        #expect(all.count == count)
        #expect(try MediaFixtures.ffprobeCount(path, stream: "v", packets: true) == count, "ffprobe's packet count")
        let dts = try all.map { try reader.frames(ofTicks: #require($0.dts), frameRate: settings.frameRate) }
        #expect(dts == (0..<count).map { Int64($0) - writer.reorderDelay })
    }

    @Test func ffprobeSeesAnIDRFirstAndEveryFrame() throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let path = dir.appendingPathComponent("part.mp4").path
        try OutputFixtures.writePart(path, frames: (0..<17).map { OutputFixtures.makeFrame($0) },
                                     settings: OutputFixtures.makeSettings())
        let frames = try OutputFixtures.probeRows(path, stream: "v:0", section: "frame", entries: "pict_type,key_frame")
        #expect(frames.count == 17)
        #expect(frames.first?["pict_type"] as? String == "I")
        #expect(frames.first?["key_frame"] as? Int == 1)
        #expect(try OutputFixtures.decodeErrors(path) == "")
        let stream = try OutputFixtures.probeJSON(path, ["-show_streams", "-select_streams", "v:0"])
        let info = try #require((stream["streams"] as? [[String: Any]])?.first)
        #expect(info["color_primaries"] as? String == "bt709")
        #expect(info["sample_aspect_ratio"] as? String == "1:1")
        #expect(info["avg_frame_rate"] as? String == "30000/1001")
    }

    @Test func losslessPartDecodesToTheExactInputPlanes() throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let path = dir.appendingPathComponent("lossless.mp4").path
        let frames = (0..<12).map { OutputFixtures.makeFrame($0, seed: 3) }
        try OutputFixtures.writePart(path, frames: frames, settings: OutputFixtures.makeSettings(video: .lossless))
        let decoded = try OutputFixtures.decodeRaw(path, audio: false)
        #expect(decoded.count == OutputFixtures.rawBytes(frames).count)
        #expect(decoded == OutputFixtures.rawBytes(frames))
    }

    @Test func reEncodingAPartGivesTheSameBytes() throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let frames = (0..<15).map { OutputFixtures.makeFrame($0, seed: 9) }
        var payloads: [[[UInt8]]] = []
        for k in 0..<2 {
            let path = dir.appendingPathComponent("again\(k).mp4").path
            try OutputFixtures.writePart(path, frames: frames, settings: OutputFixtures.makeSettings())
            let reader = try PacketReader(path: path)
            payloads.append(try packets(reader).map(\.bytes))
        }
        #expect(payloads[0].count == 15)
        #expect(payloads[0] == payloads[1], "a retried segment must produce the same bitstream")
    }

    @Test func rejectsAFrameOfTheWrongSize() throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let writer = try VideoPartWriter(path: dir.appendingPathComponent("p.mp4").path,
                                        settings: OutputFixtures.makeSettings())
        #expect(throws: MediaError.self) { try writer.append(PlanarFrame(width: 64, height: 48)) }
    }
}
