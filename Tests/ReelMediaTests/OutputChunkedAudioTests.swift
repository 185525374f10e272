import Foundation
import Testing
import ReelModel
@testable import ReelMedia

/// The parallel chunked AAC encode (`AudioChunking`, issue 23 §4) against the single encode, decoded by FFmpeg:
/// exact length, no more different from the single encode than another encode of the same signal is, and no
/// click at a join.
@Suite struct OutputChunkedAudioTests {
    static let rate = 48_000
    static let settings = AudioCodecSettings(codec: .aac, sampleRate: 48_000, channels: 2)

    /// 40 s of stereo programme made by ffmpeg: gliding tones, a bright partial that swells, a percussive burst
    /// every 0.37 s (transients make the encoder switch to short blocks, the hardest place for a join) and pink
    /// noise; as planar floats.
    static let programme: [[Float]] = {
        let path = try! MediaFixtures.file("chunk-programme.wav", [
            "-filter_complex",
            "aevalsrc='0.25*sin(2*PI*(220+40*sin(0.5*t))*t)+0.15*sin(2*PI*1760*t)*(0.5+0.5*sin(3*t))"
                + "+0.5*exp(-120*mod(t,0.37))*sin(2*PI*2500*t)|0.25*sin(2*PI*(330+30*sin(0.7*t))*t)"
                + "+0.4*exp(-90*mod(t+0.1,0.41))*sin(2*PI*1900*t)':s=48000:d=40[a];"
                + "anoisesrc=c=pink:a=0.08:d=40:r=48000:seed=7,pan=stereo|c0=c0|c1=c0[n];"
                + "[a][n]amix=inputs=2:duration=first,volume=2",
            "-c:a", "pcm_f32le"])
        let interleaved = try! MediaFixtures.decodedByFFmpeg(path, rate: rate, channels: 2)
        return (0..<2).map { c in stride(from: c, to: interleaved.count, by: 2).map { interleaved[$0] } }
    }()

    /// Encodes `samples` in part-like buffers of a few seconds with `chunking`, into an M4A; FFmpeg's decode of it
    /// (planar) and the file's bytes.
    func encodeAndDecode(_ samples: [[Float]], chunking: AudioChunking?, name: String) throws -> ([[Float]], Data) {
        let (decoded, bytes, _) = try encodeDecodeAndProbe(samples, chunking: chunking, name: name)
        return (decoded, bytes)
    }

    /// `encodeAndDecode`, plus the audio stream's length in samples as ffprobe reads the file (its edit list).
    func encodeDecodeAndProbe(_ samples: [[Float]], chunking: AudioChunking?,
                              name: String) throws -> ([[Float]], Data, Int) {
        let path = try MediaFixtures.scratch("chunked-\(name).m4a")
        let muxer = try OutputMuxer(path: path, container: .mp4)
        let encoder = try AudioEncoder(settings: Self.settings, chunking: chunking)
        try muxer.addAudioStream(encoder)
        var at = 0
        let sizes = [70_001, 144_000, 3, 96_000, 200_017]
        var i = 0
        while at < samples[0].count {
            let n = min(sizes[i % sizes.count], samples[0].count - at)
            let buffer = AudioBuffer(sampleRate: 48_000, samples: samples.map { Array($0[at..<at + n]) })
            try muxer.writeAudio(buffer)
            at += n
            i += 1
        }
        try muxer.finish()
        let interleaved = try MediaFixtures.decodedByFFmpeg(path, rate: Self.rate, channels: 2)
        let planar = (0..<2).map { c in stride(from: c, to: interleaved.count, by: 2).map { interleaved[$0] } }
        let length = Int(try MediaFixtures.probeCSV(path, stream: "a", entries: "stream=duration_ts").first?.first ?? "") ?? -1
        // FFmpeg's decoder trims the priming (the edit list's start) but not the last frame's padding: cut it here.
        return (planar.map { Array($0.prefix(samples[0].count)) }, try Data(contentsOf: URL(fileURLWithPath: path)), length)
    }

    /// RMS of `a − b` over `range` of both channels.
    func rms(_ a: [[Float]], _ b: [[Float]], _ range: Range<Int>) -> Double {
        var sum = 0.0
        for c in 0..<2 { for i in range { let d = Double(a[c][i] - b[c][i]); sum += d * d } }
        return (sum / Double(2 * range.count)).squareRoot()
    }

    /// Per join: the coding error (decoded − source) in 2,048 samples around it, over the single encode's error in
    /// the same samples (the single encode has no join there).
    /// `offset` (a fraction of a chunk) moves the windows off the joins, for the same figure elsewhere.
    func joinRatios(_ decoded: [[Float]], single: [[Float]], source: [[Float]], chunkSamples: Int,
                    offset: Double = 0) -> [Double] {
        stride(from: chunkSamples, to: source[0].count - 1024 - chunkSamples, by: chunkSamples).map { join in
            let j = join + Int(offset * Double(chunkSamples))
            let w = (j - 1024)..<(j + 1024)
            return rms(decoded, source, w) / max(rms(single, source, w), 1e-9)
        }
    }

    @Test("chunked AAC: exact length, no further from the single encode than another encode is, no click at a join")
    func chunkedMatchesSingle() throws {
        // Not a whole number of AAC frames, so the last frame is a short one.
        let source = Self.programme.map { Array($0.dropLast(333)) }
        let n = source[0].count
        let cf = 128   // 2.73 s chunks: 14 joins, with the default roll
        let chunking = AudioChunking(threads: 3, chunkFrames: cf)
        let (single, _, singleLength) = try encodeDecodeAndProbe(source, chunking: nil, name: "single")
        let (chunked, _, chunkedLength) = try encodeDecodeAndProbe(source, chunking: chunking, name: "chunked")
        #expect(singleLength == n && chunkedLength == n, "the stream lasts exactly the programme: \(singleLength), \(chunkedLength) of \(n)")
        // Another encode of the same signal: started 777 samples later (its frames fall elsewhere), then trimmed.
        let shiftedSource = source.map { [Float](repeating: 0, count: 777) + $0 }
        let (shiftedFull, _) = try encodeAndDecode(shiftedSource, chunking: nil, name: "shifted")
        let shifted = shiftedFull.map { Array($0[777...]) }   // (decoded as n + 777, then cut to n)
        #expect(single[0].count == n && chunked[0].count == n && shifted[0].count == n,
                "exact sample counts: \(single[0].count), \(chunked[0].count), \(shifted[0].count) of \(n)")
        guard single[0].count == n, chunked[0].count == n, shifted[0].count == n else { return }

        let all = 0..<n
        let chunkedVsSingle = rms(chunked, single, all), shiftedVsSingle = rms(shifted, single, all)
        let signal = rms(source, source.map { $0.map { _ in 0 } }, all)
        print(String(format: "chunked AAC: signal RMS %.4f; chunked vs single %.6f (%.1f dB below the signal), "
                     + "another encode vs single %.6f (%.1f dB)", signal, chunkedVsSingle,
                     20 * log10(signal / chunkedVsSingle), shiftedVsSingle, 20 * log10(signal / shiftedVsSingle)))
        #expect(chunkedVsSingle <= shiftedVsSingle,
                "the chunked encode differs from the single one by \(chunkedVsSingle), another encode by \(shiftedVsSingle)")

        let ratios = joinRatios(chunked, single: single, source: source, chunkSamples: cf * 1024)
        let mean = ratios.reduce(0, +) / Double(ratios.count)
        let elsewhere = joinRatios(chunked, single: single, source: source, chunkSamples: cf * 1024, offset: 0.5)
        let meanElsewhere = elsewhere.reduce(0, +) / Double(elsewhere.count)
        print(String(format: "chunked AAC: %d joins, coding error at a join / the single encode's there: mean %.3f, "
                     + "max %.3f; half a chunk from the joins: mean %.3f, max %.3f", ratios.count, mean,
                     ratios.max() ?? 0, meanElsewhere, elsewhere.max() ?? 0))
        #expect(ratios.count == 13)
        #expect(mean <= 1.15 && (ratios.max() ?? 0) <= 1.6, "joins: \(ratios)")
        #expect(mean <= meanElsewhere * 1.15, "a join's error is no larger than elsewhere: \(ratios) against \(elsewhere)")

        // What the roll prevents: encoders started cold at each join, their packets spliced as they are.
        let naiveChunking = AudioChunking(unchecked: 3, chunkFrames: cf, prerollFrames: 0, postrollFrames: 0)
        let (naive, _) = try encodeAndDecode(source, chunking: naiveChunking, name: "naive")
        let naiveRatios = joinRatios(naive, single: single, source: source, chunkSamples: cf * 1024)
        print(String(format: "naive splice: coding error at a join / the single encode's: mean %.3f, max %.3f",
                     naiveRatios.reduce(0, +) / Double(naiveRatios.count), naiveRatios.max() ?? 0))
        #expect((naiveRatios.max() ?? 0) > 1.6, "the join check must catch a naive splice: \(naiveRatios)")
    }

    @Test("the chunks, not the threads, decide the bytes; a programme of one chunk is the single encode")
    func deterministic() throws {
        let twelve = Self.programme.map { Array($0[0..<(12 * Self.rate)]) }
        let (_, two) = try encodeAndDecode(twelve, chunking: AudioChunking(threads: 2, chunkFrames: 128), name: "t2")
        let (_, five) = try encodeAndDecode(twelve, chunking: AudioChunking(threads: 5, chunkFrames: 128), name: "t5")
        #expect(two == five)
        let (_, single) = try encodeAndDecode(twelve, chunking: nil, name: "one")
        #expect(two != single, "twelve seconds in 2.73 s chunks are chunked")
        // 8 s: inside one default chunk (20.48 s), so one encoder from sample 0, which is the single encode.
        let eight = Self.programme.map { Array($0[0..<(8 * Self.rate)]) }
        let (_, oneChunk) = try encodeAndDecode(eight, chunking: AudioChunking(threads: 2), name: "onechunk")
        let (_, eightSingle) = try encodeAndDecode(eight, chunking: nil, name: "eight")
        #expect(oneChunk == eightSingle)
    }
}
