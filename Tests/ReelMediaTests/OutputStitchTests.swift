import Foundation
import Testing
import ReelModel
@testable import ReelMedia

@Suite struct OutputStitchTests {
    static let cuts = [0, 10, 27, 40]

    // The containers that take H.264 with AAC and exact timestamps (mkv rounds to milliseconds: InterCodecTests).
    @Test(arguments: [Container.mp4, .mov, .m4v])
    func threePartsAndAACMakeACleanFile(container: Container) throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let settings = OutputFixtures.makeSettings(container: container)
        let parts = try OutputFixtures.makeParts(in: dir, settings: settings, cuts: Self.cuts)
        let out = dir.appendingPathComponent("out.\(container.rawValue)").path
        try OutputFixtures.stitch(parts, settings: settings, to: out)

        #expect(try OutputFixtures.decodeErrors(out) == "")
        let json = try OutputFixtures.probeJSON(out, ["-count_frames", "-show_streams", "-show_format"])
        let streams = try #require(json["streams"] as? [[String: Any]])
        let v = try #require(streams.first { $0["codec_type"] as? String == "video" })
        let a = try #require(streams.first { $0["codec_type"] as? String == "audio" })
        #expect(v["nb_read_frames"] as? String == "40")
        #expect(a["codec_name"] as? String == "aac")
        #expect(v["start_time"] as? String == "0.000000")
        #expect(v["duration_ts"] as? Int == 40 * 1001, "40 frames of 1001/30000, edit list exact")
        #expect(a["start_time"] as? String == "0.000000", "the edit list hides the AAC priming")
        let samples = try settings.frameRate.sampleIndex(ofFrame: 40, sampleRate: 48000)
        #expect(a["duration_ts"] as? Int == Int(samples), "audio track lasts exactly S(40) samples")
        // FFmpeg 5.1 skips the priming when decoding but does not trim the last frame's padding.
        let decoded = try OutputFixtures.decodeRaw(out, audio: true).count / 8
        #expect(decoded >= Int(samples) && decoded < Int(samples) + AudioEncoder.frameSamples,
                "decoded \(decoded) samples, fed \(samples)")

        let format = try #require(json["format"] as? [String: Any])
        let brand = (format["tags"] as? [String: Any])?["major_brand"] as? String
        #expect(brand == ["mp4": "isom", "mov": "qt  ", "m4v": "M4V "][container.rawValue])
        let boxes = try OutputFixtures.topLevelBoxes(out)
        #expect(try #require(boxes.firstIndex(of: "moov")) < #require(boxes.firstIndex(of: "mdat")), "faststart")
    }

    @Test(arguments: [cuts, [0, 1, 2, 5, 40]])
    func stitchedTimestampsRunOnAcrossJoins(cuts: [Int]) throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let settings = OutputFixtures.makeSettings()
        let parts = try OutputFixtures.makeParts(in: dir, settings: settings, cuts: cuts)
        let out = dir.appendingPathComponent("out.mp4").path
        try OutputFixtures.stitch(parts, settings: settings, to: out)
        #expect(try OutputFixtures.decodeErrors(out) == "")
        let rows = try OutputFixtures.probeRows(out, stream: "v:0", section: "packet", entries: "pts,dts,flags")
        #expect(rows.count == 40)
        let dts = rows.compactMap { $0["dts"] as? Int }
        let pts = rows.compactMap { $0["pts"] as? Int }
        #expect(dts.count == 40 && zip(dts, dts.dropFirst()).allSatisfy { $0 < $1 }, "dts \(dts)")
        #expect(pts.sorted() == (0..<40).map { $0 * 1001 }, "one tick of 1/30000 per 1001, no gaps")
        let keyPackets = rows.enumerated().filter { ($0.element["flags"] as? String)?.hasPrefix("K") == true }.map(\.offset)
        #expect(Set(cuts.dropLast()).isSubset(of: Set(keyPackets)), "every part opens on a keyframe: \(keyPackets)")
    }

    @Test(arguments: [[0, 40], [0, 10, 27, 40], [0, 1, 2, 5, 39, 40]])
    func losslessMOVIsBitExactForAnyCut(cuts: [Int]) throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let settings = OutputFixtures.makeSettings(video: .lossless, audio: .pcm, container: .mov)
        let parts = try OutputFixtures.makeParts(in: dir, settings: settings, cuts: cuts)
        let out = dir.appendingPathComponent("out.mov").path
        try OutputFixtures.stitch(parts, settings: settings, to: out)
        #expect(try OutputFixtures.decodeErrors(out) == "")

        let frames = (0..<40).map { OutputFixtures.makeFrame($0, width: settings.width, height: settings.height) }
        #expect(try OutputFixtures.decodeRaw(out, audio: false) == OutputFixtures.rawBytes(frames))
        let samples = Int(try settings.frameRate.sampleIndex(ofFrame: 40, sampleRate: 48000))
        let audio = OutputFixtures.makeAudio(start: 0, count: samples)
        var expected = Data(capacity: samples * 8)
        for i in 0..<samples {
            for c in 0..<2 { withUnsafeBytes(of: audio.samples[c][i].bitPattern.littleEndian) { expected.append(contentsOf: $0) } }
        }
        #expect(try OutputFixtures.decodeRaw(out, audio: true) == expected)
    }

    @Test func negativeCTSOffsetsAlsoDecodeCleanly() throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let settings = OutputFixtures.makeSettings()
        let parts = try OutputFixtures.makeParts(in: dir, settings: settings, cuts: [0, 12, 30])
        let out = dir.appendingPathComponent("out.mp4").path
        try OutputFixtures.stitch(parts, settings: settings, to: out, negativeCTSOffsets: true)
        #expect(try OutputFixtures.decodeErrors(out) == "")
        let json = try OutputFixtures.probeJSON(out, ["-count_frames", "-show_streams", "-select_streams", "v:0"])
        let v = try #require((json["streams"] as? [[String: Any]])?.first)
        #expect(v["nb_read_frames"] as? String == "30")
        #expect(v["start_time"] as? String == "0.000000")
    }

    @Test func aJoinThatGoesBackInTimeIsRejected() throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let settings = OutputFixtures.makeSettings()
        let parts = try OutputFixtures.makeParts(in: dir, settings: settings, cuts: [0, 8, 16])
        let muxer = try OutputMuxer(path: dir.appendingPathComponent("bad.mp4").path, container: .mp4)
        try muxer.addVideoStream(copying: PacketReader(path: parts[0].video), frameRate: settings.frameRate)
        let first = try PacketReader(path: parts[0].video)
        while let p = try first.next() { try muxer.writeVideo(p, ptsOffset: 0, dtsOffset: 0) }
        let second = try PacketReader(path: parts[1].video)
        let p = try #require(try second.next())
        // Reset to zero instead of offsetting by the start frame: dts would go back.
        #expect(throws: MediaError.self) { try muxer.writeVideo(p, ptsOffset: 0, dtsOffset: 0) }
    }

    @Test(arguments: [Container.mp4, .m4v])
    func pcmAudioNeedsMOV(container: Container) throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let muxer = try OutputMuxer(path: dir.appendingPathComponent("x.\(container.rawValue)").path, container: container)
        let encoder = try AudioEncoder(settings: AudioCodecSettings(codec: .pcm))
        #expect(throws: MediaError.self) { try muxer.addAudioStream(encoder) }
    }
}
