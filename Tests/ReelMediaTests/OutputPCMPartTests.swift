import Foundation
import Testing
import ReelModel
@testable import ReelMedia

@Suite struct OutputPCMPartTests {
    /// Odd values that a lossy path would change: tiny denormals, > 1, -0, NaN with a payload.
    private func awkwardAudio() -> AudioBuffer {
        var buffer = OutputFixtures.makeAudio(start: 1234, count: 5000)
        buffer.samples[0][0] = Float(bitPattern: 0x0000_0001)
        buffer.samples[0][1] = 1.75
        buffer.samples[1][2] = -0.0
        buffer.samples[1][3] = Float(bitPattern: 0x7FC0_1234)
        return buffer
    }

    private func bits(_ b: AudioBuffer) -> [[UInt32]] { b.samples.map { $0.map(\.bitPattern) } }

    @Test func roundTripIsBitExactInChunks() throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let path = dir.appendingPathComponent("a.wav").path
        let audio = awkwardAudio()
        let writer = try PCMPartWriter(path: path, sampleRate: 48000, channels: 2)
        // Append in uneven pieces.
        var start = 0
        for size in [1, 999, 1601, 2399] {
            let piece = AudioBuffer(sampleRate: 48000, samples: audio.samples.map { Array($0[start..<start + size]) })
            try writer.append(piece)
            start += size
        }
        try writer.finish()
        #expect(writer.frameCount == 5000)

        let reader = try PCMPartReader(path: path)
        #expect(reader.sampleRate == 48000 && reader.channels == 2 && reader.frameCount == 5000)
        #expect(try MediaFixtures.decodedByFFmpeg(path, rate: 48000, channels: 2).count == 2 * 5000, "ffmpeg's count")
        var got: [[Float]] = [[], []]
        var chunks = 0
        while let chunk = try reader.read(maxFrames: 1024) {
            #expect(chunk.frameCount <= 1024)
            for c in 0..<2 { got[c] += chunk.samples[c] }
            chunks += 1
        }
        #expect(chunks == 5)
        #expect(bits(AudioBuffer(sampleRate: 48000, samples: got)) == bits(audio))
    }

    @Test func ffmpegReadsTheSameSamples() throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let path = dir.appendingPathComponent("b.wav").path
        let audio = OutputFixtures.makeAudio(start: 0, count: 3203)
        let writer = try PCMPartWriter(path: path, sampleRate: 48000, channels: 2)
        try writer.append(audio)
        try writer.finish()
        let raw = try OutputFixtures.decodeRaw(path, audio: true)
        var expected = Data()
        for i in 0..<3203 {
            for c in 0..<2 { withUnsafeBytes(of: audio.samples[c][i].bitPattern.littleEndian) { expected.append(contentsOf: $0) } }
        }
        #expect(raw == expected)
        let reader = try PCMPartReader(path: path)
        #expect(bits(try reader.readAll()) == bits(audio))
    }

    @Test func rejectsMismatchedBuffersAndForeignFiles() throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let path = dir.appendingPathComponent("c.wav").path
        let writer = try PCMPartWriter(path: path, sampleRate: 48000, channels: 2)
        #expect(throws: MediaError.self) { try writer.append(AudioBuffer(sampleRate: 44100, channels: 2, frames: 10)) }
        #expect(throws: MediaError.self) { try writer.append(AudioBuffer(sampleRate: 48000, channels: 1, frames: 10)) }
        try writer.finish()
        #expect(try PCMPartReader(path: path).frameCount == 0)

        let s16 = dir.appendingPathComponent("s16.wav").path
        try OutputFixtures.runChecked("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "sine=d=0.1", "-c:a", "pcm_s16le", s16])
        #expect(throws: MediaError.self) { try PCMPartReader(path: s16) }
        #expect(throws: MediaError.self) { try PCMPartReader(path: dir.appendingPathComponent("none.wav").path) }
    }

    @Test func commitPublishesAtomically() throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let final = dir.appendingPathComponent("part-7.wav").path
        let temp = AtomicFile.temporaryPath(for: final)
        #expect(temp.hasSuffix(".wav") && temp != final)
        #expect(URL(fileURLWithPath: temp).deletingLastPathComponent() == URL(fileURLWithPath: final).deletingLastPathComponent())
        let writer = try PCMPartWriter(path: temp, sampleRate: 48000, channels: 1)
        try writer.append(AudioBuffer(sampleRate: 48000, channels: 1, frames: 480))
        try writer.finish()
        #expect(!FileManager.default.fileExists(atPath: final))
        try AtomicFile.commit(temp: temp, final: final)
        #expect(!FileManager.default.fileExists(atPath: temp))
        #expect(try PCMPartReader(path: final).frameCount == 480)
        #expect(try MediaFixtures.decodedByFFmpeg(final, rate: 48000, channels: 1).count == 480, "ffmpeg's count")
        #expect(throws: MediaError.self) { try AtomicFile.commit(temp: temp, final: final) }
    }
}
