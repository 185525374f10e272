import Foundation
import ReelTestSupport

/// One decoded yuv420p picture, as the ffmpeg CLI wrote it.
struct YUVFrame: Equatable {
    var width: Int
    var height: Int
    var y: ArraySlice<UInt8>
    var u: ArraySlice<UInt8>
    var v: ArraySlice<UInt8>

    /// Luma at (x, y).
    func luma(_ x: Int, _ row: Int) -> UInt8 { y[y.startIndex + row * width + x] }
}

/// Decoding outputs and sources with the ffmpeg CLI (the outside reference), plus the measures the tests use.
enum Decoded {
    /// Every video frame of `file` as yuv420p (decoded by ffmpeg, written to a raw file beside `scratch`).
    static func frames(of file: URL, width: Int, height: Int, scratch: URL, extra: [String] = []) throws -> [YUVFrame] {
        let raw = scratch.appendingPathComponent("\(file.lastPathComponent)-\(UUID().uuidString.prefix(6)).yuv")
        defer { try? FileManager.default.removeItem(at: raw) }
        try TestProcess.ffmpeg(["-i", file.path] + extra + ["-map", "0:v:0", "-f", "rawvideo", "-pix_fmt", "yuv420p", raw.path])
        return try split(raw: raw, width: width, height: height)
    }

    /// A raw yuv420p file cut into frames.
    static func split(raw: URL, width: Int, height: Int) throws -> [YUVFrame] {
        let data = [UInt8](try Data(contentsOf: raw))
        let ySize = width * height, cSize = (width / 2) * (height / 2), size = ySize + 2 * cSize
        return stride(from: 0, to: data.count - size + 1, by: size).map { o in
            YUVFrame(width: width, height: height, y: data[o..<o + ySize], u: data[o + ySize..<o + ySize + cSize],
                     v: data[o + ySize + cSize..<o + size])
        }
    }

    /// The first audio stream of `file` as interleaved float32, decoded by ffmpeg.
    static func samples(of file: URL, scratch: URL, channels: Int = 2) throws -> [Float] {
        let raw = scratch.appendingPathComponent("\(file.lastPathComponent)-\(UUID().uuidString.prefix(6)).f32")
        defer { try? FileManager.default.removeItem(at: raw) }
        try TestProcess.ffmpeg(["-i", file.path, "-map", "0:a:0", "-f", "f32le", "-c:a", "pcm_f32le", "-ac", "\(channels)", raw.path])
        let data = try Data(contentsOf: raw)
        return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    /// PSNR of two pictures over the planes chosen, in dB (infinity when identical).
    static func psnr(_ a: YUVFrame, _ b: YUVFrame, lumaOnly: Bool = false) -> Double {
        var sum = 0.0, count = 0
        let planes = lumaOnly ? [(a.y, b.y)] : [(a.y, b.y), (a.u, b.u), (a.v, b.v)]
        for (pa, pb) in planes {
            for (x, y) in zip(pa, pb) { let d = Double(Int(x) - Int(y)); sum += d * d }
            count += pa.count
        }
        return sum == 0 ? .infinity : 10 * log10(255 * 255 / (sum / Double(count)))
    }

    /// The largest absolute difference of two sample runs, in dBFS (−infinity when identical).
    static func peakDeviation(_ a: ArraySlice<Float>, _ b: ArraySlice<Float>) -> (dBFS: Double, index: Int) {
        var worst: Float = 0, at = 0
        for (i, (x, y)) in zip(a.indices, zip(a, b)) where abs(x - y) > worst {
            worst = abs(x - y)
            at = i
        }
        return (worst == 0 ? -.infinity : 20 * log10(Double(worst)), at)
    }

    /// The per-frame MD5 lines of the first video stream (`ffmpeg -f framemd5`), without the header; with
    /// `extra` `["-c:v", "copy"]` the MD5s are of the packets, not decoded.
    static func frameHashes(of file: URL, scratch: URL, extra: [String] = []) throws -> [String] {
        let out = scratch.appendingPathComponent("\(file.lastPathComponent)-\(UUID().uuidString.prefix(6)).md5")
        defer { try? FileManager.default.removeItem(at: out) }
        try TestProcess.ffmpeg(["-i", file.path, "-map", "0:v:0"] + extra + ["-f", "framemd5", out.path])
        let text = try String(contentsOf: out, encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }
}
