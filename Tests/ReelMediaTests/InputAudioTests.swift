import Testing
import ReelModel
@testable import ReelMedia

@Suite struct InputAudioTests {
    func time(_ value: Int64, _ timescale: Int32) throws -> RationalTime {
        try RationalTime(value: value, timescale: timescale)
    }

    /// Compares `expected` with `count` samples of `buffer` from `from` by bit pattern (no float
    /// tolerance at all). - Returns: nil when identical, else where they first differ and how often.
    func difference(_ buffer: AudioBuffer, from: Int, _ expected: AudioBuffer) -> String? {
        guard buffer.channelCount == expected.channelCount else { return "channel counts differ" }
        for c in 0..<expected.channelCount {
            let a = buffer.samples[c][from..<from + expected.frameCount].map(\.bitPattern)
            let b = expected.samples[c].map(\.bitPattern)
            let diffs = zip(a, b).enumerated().filter { $0.element.0 != $0.element.1 }
            if let first = diffs.first {
                return "channel \(c): \(diffs.count) samples differ, first at \(first.offset)"
            }
        }
        return nil
    }

    /// Reads `[a, a + n)` directly, then the same samples inside larger reads that start elsewhere,
    /// after unrelated reads and seeks, and through consecutive video-frame-sized blocks.
    @Test(arguments: [44100, 48000])
    func samplesAreBitIdenticalWhateverTheReadHistory(sourceRate: Int) throws {
        let path = try MediaFixtures.tones(rate: sourceRate)
        // Output samples at 48 kHz, 3.958 s … 4.0625 s: across the 4 s decoding-block boundary.
        let a: Int64 = 190_000, n = 5_000
        let direct = try AudioSampleSource(path: path, sampleRate: 48000, channels: 2)
            .samples(from: try time(a, 48000), count: n)
        #expect(direct.samples[0].contains { $0 != 0 } && direct.samples[1].contains { $0 != 0 })

        let wandering = try AudioSampleSource(path: path, sampleRate: 48000, channels: 2)
        _ = try wandering.samples(from: try time(27, 10), count: 3000)
        _ = try wandering.samples(from: try time(55, 10), count: 3000)
        _ = try wandering.samples(from: try time(1, 10), count: 777)
        let before: Int64 = 23_456
        let large = try wandering.samples(from: try time(a - before, 48000), count: Int(before) + n + 9_000)
        #expect(difference(large, from: Int(before), direct) == nil, "after wandering reads")

        let sequential = try AudioSampleSource(path: path, sampleRate: 48000, channels: 2)
        var collected: [[Float]] = [[], []]
        var frame: Int64 = 0
        let rate = try FrameRate(30000, 1001)
        while try rate.sampleIndex(ofFrame: frame, sampleRate: 48000) < a + Int64(n) {
            let s0 = try rate.sampleIndex(ofFrame: frame, sampleRate: 48000)
            let s1 = try rate.sampleIndex(ofFrame: frame + 1, sampleRate: 48000)
            let block = try sequential.samples(from: try time(s0, 48000), count: Int(s1 - s0))
            for c in 0..<2 { collected[c] += block.samples[c] }
            frame += 1
        }
        let joined = AudioBuffer(sampleRate: 48000, samples: collected)
        #expect(difference(joined, from: Int(a), direct) == nil, "in frame-sized blocks")
    }

    /// A PCM file is opened once however many 4 s blocks are read (each block's decode is sought, not reopened:
    /// an open reads and decodes the file's start), and its samples are still ffmpeg's own decode, bit for bit, in
    /// every block, after reads that wandered back and forth.
    @Test func pcmIsOpenedOnceAcrossBlocks() throws {
        let path = try MediaFixtures.longPCMWAV()
        let reference = try MediaFixtures.decodedByFFmpeg(path, rate: 48000, channels: 2)
        #expect(reference.count == 2 * 480_000)
        let source = try AudioSampleSource(path: path, sampleRate: 48000, channels: 2)
        _ = try source.samples(from: try time(9, 1), count: 4_800)
        _ = try source.samples(from: try time(1, 1), count: 4_800)
        _ = try source.samples(from: try time(5, 1), count: 4_800)
        let all = try source.samples(from: .zero, count: reference.count / 2)
        let mismatch = (0..<reference.count / 2).first { i in
            (0..<2).contains { c in all.samples[c][i].bitPattern != reference[2 * i + c].bitPattern }
        }
        #expect(mismatch == nil, "first differing sample: \(mismatch ?? -1)")
        #expect(source.window.stateless)
        #expect(source.window.blockOpenCount >= 6 && source.window.fileOpenCount == 1,
                "\(source.window.blockOpenCount) blocks, \(source.window.fileOpenCount) opens")
    }

    /// AAC is decoded by a fresh decoder per block (its state depends on where decoding began); the stream opened
    /// first, still unread, serves the first block.
    @Test func aacOpensAFreshDecoderForEveryBlockButTheFirst() throws {
        let source = try AudioSampleSource(path: try MediaFixtures.tones(rate: 48000), sampleRate: 48000, channels: 2)
        _ = try source.samples(from: .zero, count: 6 * 48_000)
        #expect(!source.window.stateless)
        #expect(source.window.blockOpenCount == 2 && source.window.fileOpenCount == 2,
                "\(source.window.blockOpenCount) blocks, \(source.window.fileOpenCount) opens")
    }

    /// Within the first 4 s decoding block (decoded from the file start, as the CLI does) the
    /// samples equal ffmpeg's own decode bit for bit: same timing, no stray conversion.
    @Test func sameRateMatchesFFmpegsDecodeExactly() throws {
        for path in [try MediaFixtures.tones(rate: 48000), try MediaFixtures.pcmWAV()] {
            let reference = try MediaFixtures.decodedByFFmpeg(path, rate: 48000, channels: 2)
            let source = try AudioSampleSource(path: path, sampleRate: 48000, channels: 2)
            #expect(source.sourceSampleRate == 48000)
            let count = min(reference.count / 2, 4 * 48000)
            let ours = try source.samples(from: .zero, count: count)
            var differing = 0
            for i in 0..<count where ours.samples[0][i].bitPattern != reference[2 * i].bitPattern
                || ours.samples[1][i].bitPattern != reference[2 * i + 1].bitPattern {
                differing += 1
            }
            #expect(differing == 0, "\(path)")
        }
    }

    @Test func resampledTimingAgreesWithFFmpeg() throws {
        let path = try MediaFixtures.tones(rate: 44100)
        let reference = try MediaFixtures.decodedByFFmpeg(path, rate: 48000, channels: 2)
        let source = try AudioSampleSource(path: path, sampleRate: 48000, channels: 2)
        let start = 40_000, count = 20_000
        let ours = try source.samples(from: try time(Int64(start), 48000), count: count)
        var worst: Float = 0
        for i in 0..<count {
            for c in 0..<2 { worst = max(worst, abs(ours.samples[c][i] - reference[2 * (start + i) + c])) }
        }
        // One sample of misalignment would differ by up to ~0.07 on these tones.
        #expect(worst < 0.002)
    }

    @Test(arguments: [44100, 48000])
    func outsideTheMediaIsSilence(sourceRate: Int) throws {
        let source = try AudioSampleSource(path: try MediaFixtures.tones(rate: sourceRate), sampleRate: 48000, channels: 2)
        let before = try source.samples(from: try time(-1, 1), count: 48_000)
        #expect(before.samples.allSatisfy { $0.allSatisfy { $0 == 0 } })
        let straddle = try source.samples(from: try time(-1, 100), count: 1_000)
        #expect(straddle.samples[0][..<480].allSatisfy { $0 == 0 })
        #expect(straddle.samples[0][480...].contains { $0 != 0 })
        let after = try source.samples(from: try time(10, 1), count: 4_800)
        #expect(after.samples.allSatisfy { $0.allSatisfy { $0 == 0 } })
        #expect(after.frameCount == 4_800 && after.channelCount == 2)
    }

    @Test func monoIsDuplicatedToStereo() throws {
        let source = try AudioSampleSource(path: try MediaFixtures.audioOnly(), sampleRate: 48000, channels: 2)
        let buffer = try source.samples(from: try time(1, 4), count: 4_800)
        #expect(buffer.samples[0].contains { $0 != 0 })
        #expect(buffer.samples[0].map(\.bitPattern) == buffer.samples[1].map(\.bitPattern))
    }

    @Test func firstSampleIndexFloorsToTheGrid() throws {
        let source = try AudioSampleSource(path: try MediaFixtures.pcmWAV(), sampleRate: 48000, channels: 2)
        #expect(source.firstSampleIndex(for: try time(1001, 30000)) == 1601)
        #expect(source.firstSampleIndex(for: try time(-1, 96000)) == -1)
        #expect(source.firstSampleIndex(for: try time(3, 2)) == 72000)
    }

    /// In an MPEG-TS both streams share the video's origin: frame n is at n/25 s, and the tone that
    /// starts at 1 s starts at output sample 48000 (not 1024 samples late, as it would be if the
    /// audio's own start, the AAC priming, were its origin).
    @Test func mpegTSAudioStaysInSyncWithVideo() throws {
        let path = try MediaFixtures.lumaCodedWithOnsetTS()
        let video = try VideoFrameSource(path: path, width: 64, height: 48)
        #expect(MediaFixtures.codedFrameNumber(PlanarFrameProbe(try video.frame(at: .seconds(1)))) == 25)
        let audio = try AudioSampleSource(path: path, sampleRate: 48000, channels: 1)
        let buffer = try audio.samples(from: .zero, count: 96_000)
        let onset = try #require(buffer.samples[0].firstIndex { abs($0) > 0.05 })
        #expect(abs(onset - 48_000) < 100, "tone starts at sample \(onset)")
    }

    @Test func videoOnlyFileHasNoAudio() throws {
        let path = try MediaFixtures.videoOnly()
        #expect(throws: MediaError.noAudioStream(path: path)) {
            try AudioSampleSource(path: path, sampleRate: 48000, channels: 2)
        }
    }
}
