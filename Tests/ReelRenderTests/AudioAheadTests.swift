import Foundation
import ReelMedia
import ReelModel
import ReelRender
import Testing

/// `RollingStitcher.encodeAudioAhead`: a part's audio encoded before its turn is written where the part's own append
/// would have written it, and at the append its PCM must still be what was encoded.
@Suite struct AudioAheadTests {
    let support = StitcherTests()

    /// Four parts of 10 frames; each one's PCM is its stretch of one 440 Hz tone (−tone on the right).
    func parts(_ dir: String) throws -> [StitchPart] {
        let parts = try support.parts(dir, Array(repeating: support.settings(), count: 4))
        for part in parts { try writeTone(part, gain: 1) }
        return parts
    }

    /// Writes `part`'s PCM as a new file (a temporary name renamed over the old, as the renderer commits a part).
    func writeTone(_ part: StitchPart, gain: Float) throws {
        let offset = part.startFrame * 1600
        let tone = (0..<Int(part.samples)).map { i in
            gain * 0.3 * Float(sin(Double(Int64(i) + offset) * 2 * Double.pi * 440 / 48000))
        }
        let temp = part.audioPath + ".new"
        let pcm = try PCMPartWriter(path: temp, sampleRate: 48000, channels: 2)
        try pcm.append(AudioBuffer(sampleRate: 48000, samples: [tone, tone.map { -$0 }]))
        try pcm.finish()
        #expect(rename(temp, part.audioPath) == 0)
    }

    /// Appends the first part, encodes every other part's audio ahead, runs `change`, then appends the rest.
    func rolling(_ parts: [StitchPart], output: OutputSettings? = nil, to path: String,
                 change: () throws -> Void = {}) throws -> StitchReport {
        let stitcher = try RollingStitcher(output: output ?? support.settings(), to: path, totals: (40, 64000))
        defer { stitcher.discard() }
        try stitcher.append(parts[0])
        for part in parts.dropFirst() {
            let encoded = try stitcher.encodeAudioAhead(part)
            #expect(encoded == (output == nil), "segment \(part.segmentIndex)")
        }
        try change()
        for part in parts.dropFirst() { try stitcher.append(part) }
        return try stitcher.finish(totalFrames: 40, totalSamples: 64000)
    }

    func oneCall(_ parts: [StitchPart], to path: String) throws -> Data? {
        _ = try Stitcher.stitch(parts: parts, output: support.settings(), totalFrames: 40, totalSamples: 64000, to: path)
        return FileManager.default.contents(atPath: path)
    }

    @Test func theFileIsTheOneOfAStitchWithNothingAhead() throws {
        let dir = try support.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let parts = try parts(dir)
        let report = try rolling(parts, to: "\(dir)/ahead.mp4")
        #expect(report.partsEncodedAhead == 3)
        let whole = try oneCall(parts, to: "\(dir)/whole.mp4")
        #expect(whole != nil && FileManager.default.contents(atPath: "\(dir)/ahead.mp4") == whole,
                "encoding ahead changed the file")
    }

    @Test("the first part's audio is encoded before the stitch opens, and the file is the one-pass stitch's")
    func theFirstPartBeforeTheStitchOpens() throws {
        let dir = try support.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let parts = try parts(dir)
        let stitcher = try RollingStitcher(output: support.settings(), to: "\(dir)/ahead.mp4", totals: (40, 64000))
        defer { stitcher.discard() }
        #expect(try !stitcher.encodeAudioAhead(parts[1]), "encoded a part before the first")
        for part in parts { #expect(try stitcher.encodeAudioAhead(part), "segment \(part.segmentIndex)") }
        for part in parts { try stitcher.append(part) }
        let report = try stitcher.finish(totalFrames: 40, totalSamples: 64000)
        #expect(report.partsEncodedAhead == 4)
        let whole = try oneCall(parts, to: "\(dir)/whole.mp4")
        #expect(whole != nil && FileManager.default.contents(atPath: "\(dir)/ahead.mp4") == whole,
                "encoding ahead changed the file")
    }

    @Test func onlyTheNextPart() throws {
        let dir = try support.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let parts = try parts(dir)
        let stitcher = try RollingStitcher(output: support.settings(), to: "\(dir)/out.mp4")
        defer { stitcher.discard() }
        #expect(try !stitcher.encodeAudioAhead(parts[1]), "encoded a part before the first")
        try stitcher.append(parts[0])
        #expect(try !stitcher.encodeAudioAhead(parts[2]), "encoded a part out of order")
        var missing = parts[1]
        missing.audioPath = "\(dir)/nothing.wav"
        #expect(try !stitcher.encodeAudioAhead(missing), "encoded a part whose PCM is not there")
        var short = parts[1]
        short.samples += 1
        #expect(try !stitcher.encodeAudioAhead(short), "encoded a part whose PCM is not the plan's length")
        #expect(try stitcher.encodeAudioAhead(parts[1]))
        #expect(try stitcher.encodeAudioAhead(parts[1]), "a part encoded ahead is encoded")
        #expect(try stitcher.encodeAudioAhead(parts[2]))
    }

    @Test func aPartWrittenAgainWithTheSameSamplesIsTaken() throws {
        let dir = try support.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let parts = try parts(dir)
        let before = try parts.map { try PCMPartReader(path: $0.audioPath).fileID }
        let report = try rolling(parts, to: "\(dir)/ahead.mp4") {
            for part in parts.dropFirst() { try writeTone(part, gain: 1) }
        }
        let after = try parts.map { try PCMPartReader(path: $0.audioPath).fileID }
        #expect(zip(before, after).dropFirst().allSatisfy { !$0.isSameFile(as: $1) }, "the parts were not rewritten")
        #expect(report.partsEncodedAhead == 3)
        let whole = try oneCall(parts, to: "\(dir)/whole.mp4")
        #expect(whole != nil && FileManager.default.contents(atPath: "\(dir)/ahead.mp4") == whole)
    }

    @Test func aPartWhoseSamplesChangedIsRefused() throws {
        let dir = try support.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let parts = try parts(dir)
        #expect {
            _ = try rolling(parts, to: "\(dir)/ahead.mp4") { try writeTone(parts[2], gain: 0.5) }
        } throws: { error in
            "\(error)".hasPrefix("segment 2: PCM part changed after its audio was encoded ahead")
        }
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/ahead.mp4"))
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains("ahead") }
        #expect(left.isEmpty, "left behind: \(left)")
    }

    @Test func pcmIsNotEncodedAhead() throws {
        let dir = try support.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let parts = try parts(dir)
        var output = support.settings()
        output.audio.codec = .pcm
        output.container = .mov
        let report = try rolling(parts, output: output, to: "\(dir)/pcm.mov")
        #expect(report.partsEncodedAhead == 0)
    }
}
