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
        // An 8-bit picture widened exactly (s << 8, chroma repeated 2×2) encodes to the same luma as itself; its
        // chroma is subsampled again by swscale's bicubic filter (taps beyond the 2×2 block), so it comes back
        // close (within 4 codes on these bands), not equal.
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
        let n = Self.w * Self.h
        #expect(decoded[0] == [UInt8](OutputFixtures.rawBytes([planar])))
        #expect(decoded[1].prefix(n) == decoded[0].prefix(n), "luma")
        let chroma = zip(decoded[1].dropFirst(n), decoded[0].dropFirst(n)).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
        #expect(decoded[1].count == decoded[0].count && chroma <= 4, "chroma differs by up to \(chroma)")
    }
}
