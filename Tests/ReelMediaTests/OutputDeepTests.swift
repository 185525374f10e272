import Foundation
import Testing
import ReelModel
@testable import ReelMedia

/// `VideoPartWriter.append(DeepFrame)`: deep frames rounded to the encoder's depth (no dither) and encoded; a
/// lossless encode decodes back to the rounded values.
@Suite struct OutputDeepTests {
    static let (w, h) = (160, 96)

    /// A deep frame of 10-bit steps (`s << 6`) with some samples between the steps, to see the rounding.
    static func makeDeepFrame(_ index: Int) -> DeepFrame {
        var frame = DeepFrame(width: w, height: h)
        for i in 0..<(w * h) {
            let (x, y) = (i % w, i / w)
            let step = UInt16(64 + (x * 5 + y * 3 + index * 7) % 877) << 6
            frame.y[i] = x % 4 == 3 ? step + UInt16(i % 64) : step
            frame.u[i] = UInt16(64 + (x * 7 + index) % 897) << 6
            frame.v[i] = UInt16(64 + (y * 9 + x) % 897) << 6 + UInt16(y % 2 == 1 ? 31 : 33)
        }
        return frame
    }

    /// Round to nearest 10-bit step, ties up, as the converter documents.
    static func rounded10(_ s: UInt16) -> UInt16 { UInt16(min((Int(s) + 32) >> 6, 1023) << 6) }

    @Test func losslessTenBit444RoundTripsWithinTenBitRounding() throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        var settings = OutputFixtures.makeSettings(width: Self.w, height: Self.h, video: .lossless)
        settings.video.bitDepth = 10
        settings.video.chroma = .yuv444
        let path = dir.appendingPathComponent("deep.mp4").path
        let frames = (0..<3).map(Self.makeDeepFrame)
        let writer = try VideoPartWriter(path: path, settings: settings)
        for f in frames { try writer.append(f) }
        try writer.finish()
        let stream = try MediaFixtures.probeCSV(path, stream: "v", entries: "stream=profile,pix_fmt")
        #expect(stream.first == ["High 4:4:4 Predictive", "yuv444p10le"])
        let source = try VideoFrameSource(path: path, width: Self.w, height: Self.h)
        for (k, original) in frames.enumerated() {
            let back = try source.deepFrame(at: try settings.frameRate.time(ofFrame: Int64(k)))
            for (a, b) in [(back.y, original.y), (back.u, original.u), (back.v, original.v)] {
                #expect(MediaFixtures.maxDifference(a, b) <= 32, "frame \(k): beyond 10-bit rounding")
                #expect(a == b.map(Self.rounded10), "frame \(k): not the rounded 10-bit values")
            }
        }
    }

    @Test func eightBit420DeepFramesMatchThe8BitPath() throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let settings = OutputFixtures.makeSettings(width: Self.w, height: Self.h, video: .lossless)
        // An 8-bit picture widened exactly (s << 8, chroma repeated 2×2) encodes to itself: each 2×2 block's mean
        // is the chroma sample it was made from (`DeepChroma`). Through swscale's bicubic filter, whose taps reach
        // beyond the block, it came back within 4 codes, not equal.
        let planar = OutputFixtures.makeFrame(3, width: Self.w, height: Self.h)
        var deep = DeepFrame(width: Self.w, height: Self.h)
        for i in 0..<(Self.w * Self.h) {
            let c = (i / Self.w / 2) * planar.chromaWidth + (i % Self.w) / 2
            (deep.y[i], deep.u[i], deep.v[i]) = (UInt16(planar.y[i]) << 8, UInt16(planar.u[c]) << 8, UInt16(planar.v[c]) << 8)
        }
        let paths = ["planar.mp4", "deep.mp4"].map { dir.appendingPathComponent($0).path }
        try OutputFixtures.writePart(paths[0], frames: [planar], settings: settings)
        let writer = try VideoPartWriter(path: paths[1], settings: settings)
        try writer.append(deep)
        try writer.finish()
        let decoded = try paths.map { [UInt8](try OutputFixtures.decodeRaw($0, audio: false)) }
        #expect(decoded[0] == [UInt8](OutputFixtures.rawBytes([planar])))
        #expect(decoded[1] == decoded[0], "the deep frame's picture differs from the 8-bit one's")
    }

    /// A 10-bit 4:2:0 encoder takes each chroma sample as the mean of its 2×2 block (rounded half up), rounded to
    /// 10 bits: a lossless encode decodes to exactly that.
    @Test func tenBit420ChromaIsTheBlockMean() throws {
        let (w, h) = (Self.w, Self.h)
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        var settings = OutputFixtures.makeSettings(width: w, height: h, video: .lossless)
        settings.video.bitDepth = 10
        var frame = DeepFrame(width: w, height: h)
        var state: UInt32 = 7
        for i in 0..<(w * h) {
            state = state &* 1_664_525 &+ 1_013_904_223
            (frame.y[i], frame.u[i], frame.v[i]) = (4096 + UInt16(state >> 20) * 13, UInt16(truncatingIfNeeded: state >> 8),
                                                    UInt16(truncatingIfNeeded: state >> 3))
        }
        let path = dir.appendingPathComponent("deep420.mkv").path
        let writer = try VideoPartWriter(path: path, settings: settings)
        try writer.append(frame)
        try writer.finish()
        let raw = try OutputFixtures.runChecked("ffmpeg", ["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt",
                                                           "yuv420p10le", "-"]).stdout
        let words = raw.withUnsafeBytes { b in (0..<(raw.count / 2)).map { UInt16(littleEndian: b.loadUnaligned(fromByteOffset: 2 * $0, as: UInt16.self)) } }
        let (cw, ch) = ((w + 1) / 2, (h + 1) / 2)
        #expect(words.count == w * h + 2 * cw * ch)
        for (k, plane) in [frame.u, frame.v].enumerated() {
            var wrong = 0
            for i in 0..<ch {
                for j in 0..<cw {
                    let xs = Set([2 * j, min(2 * j + 1, w - 1)]), ys = Set([2 * i, min(2 * i + 1, h - 1)])
                    let samples = ys.flatMap { y in xs.map { x in Int(plane[y * w + x]) } }
                    let mean = (samples.reduce(0, +) + samples.count / 2) / samples.count
                    let expected = UInt16(min((mean + 32) >> 6, 1023))
                    if words[w * h + k * cw * ch + i * cw + j] != expected { wrong += 1 }
                }
            }
            #expect(wrong == 0, "plane \(k + 1): \(wrong) of \(cw * ch) chroma samples are not the block mean")
        }
    }

    /// At an odd width the last chroma sample is the mean of its one column's two rows; at an odd height the last
    /// row passes the same row twice (`EncoderDeepConverter`), which gives the mean of its one row.
    @Test func oddEdgesAreTheirHalfBlocksMean() {
        let upper: [UInt16] = [1000, 2000, 3001, 4000, 65535], lower: [UInt16] = [1001, 2000, 3000, 4003, 65535]
        let rounding = [UInt16](repeating: 1 << 7, count: 5)   // half an 8-bit code: plain rounding
        var out = [UInt8](repeating: 0, count: 3), sameRow = [UInt8](repeating: 0, count: 3)
        DeepChroma.downsampleRow(upper, lower, width: 5, rounding, bits: 8, into: &out)
        DeepChroma.downsampleRow(upper, upper, width: 5, rounding, bits: 8, into: &sameRow)
        func code(_ mean: Int) -> UInt8 { UInt8(min((mean + 128) >> 8, 255)) }
        #expect(out == [code((1000 + 2000 + 1001 + 2000 + 2) / 4), code((3001 + 4000 + 3000 + 4003 + 2) / 4), 255])
        #expect(sameRow == [code((1000 + 2000 + 1) / 2), code((3001 + 4000 + 1) / 2), 255])
    }
}
