import Foundation
import Testing
import ReelModel
@testable import ReelMedia

@Suite struct OutputAudioEncoderTests {
    /// Feeds `sizes` chunks and returns every packet, the drain included.
    private func encode(_ codec: AudioCodecSettings.Codec, sizes: [Int]) throws -> (AudioEncoder, [Packet]) {
        let encoder = try AudioEncoder(settings: AudioCodecSettings(codec: codec, sampleRate: 48000, channels: 2))
        var packets: [Packet] = []
        var start = 0
        for size in sizes {
            packets += try encoder.encode(OutputFixtures.makeAudio(start: start, count: size))
            start += size
        }
        packets += try encoder.finish()
        return (encoder, packets)
    }

    @Test func aacRechunksAnySizesIntoPrimedFrames() throws {
        let sizes = [1, 1023, 1025, 3000, 7]
        let total = sizes.reduce(0, +)
        let (encoder, packets) = try encode(.aac, sizes: sizes)
        #expect(encoder.codecName == "aac" && encoder.initialPadding == 1024)
        #expect(encoder.samplesFed == Int64(total))
        #expect(packets.count == (total + 1023) / 1024 + 1, "one priming frame plus ceil(n/1024)")
        #expect(packets.first?.pts == -1024)
        let pts = packets.compactMap(\.pts)
        let expectedPTS: [Int64] = (0..<packets.count).map { Int64($0) * 1024 - 1024 }
        #expect(pts == expectedPTS)
        #expect(packets.map(\.duration).reduce(0, +) == Int64(total + 1024), "durations cover priming + samples")
    }

    @Test func pcmPacketsCarryTheSamplesBitForBit() throws {
        let sizes = [500, 1601, 1]
        let (encoder, packets) = try encode(.pcm, sizes: sizes)
        #expect(encoder.codecName == "pcm_f32le" && encoder.initialPadding == 0)
        let bytes = packets.flatMap(\.bytes)
        let audio = OutputFixtures.makeAudio(start: 0, count: sizes.reduce(0, +))
        var expected: [UInt8] = []
        for i in 0..<audio.frameCount {
            for c in 0..<2 { withUnsafeBytes(of: audio.samples[c][i].bitPattern.littleEndian) { expected += $0 } }
        }
        #expect(bytes == expected)
    }

    @Test func rejectsTheWrongLayout() throws {
        let encoder = try AudioEncoder(settings: AudioCodecSettings(codec: .aac, sampleRate: 48000, channels: 2))
        #expect(throws: MediaError.self) { _ = try encoder.encode(AudioBuffer(sampleRate: 48000, channels: 1, frames: 10)) }
        #expect(throws: MediaError.self) { _ = try encoder.encode(AudioBuffer(sampleRate: 44100, channels: 2, frames: 10)) }
    }
}
