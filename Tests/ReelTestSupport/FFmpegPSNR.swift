import Foundation

/// FFmpeg's own `psnr` filter between two files' video: an independent measure (nothing of Reel's in it).
public enum FFmpegPSNR {
    /// The average PSNR over all planes and frames of `a` against `b`, both converted to `pixelFormat` first.
    /// - Throws: `TestFailure` with ffmpeg's messages when it prints no summary.
    public static func average(_ a: URL, _ b: URL, pixelFormat: String = "yuv420p") throws -> Double {
        let graph = "[0:v]format=\(pixelFormat)[a];[1:v]format=\(pixelFormat)[b];[a][b]psnr"
        let out = try TestProcess.check("/usr/bin/ffmpeg", ["-nostdin", "-hide_banner", "-i", a.path, "-i", b.path,
                                                            "-lavfi", graph, "-f", "null", "-"])
        // "[Parsed_psnr_2 @ …] PSNR y:… u:… v:… average:34.56 min:… max:…"; identical pictures say "inf".
        guard let line = out.stderr.split(separator: "\n").last(where: { $0.contains("PSNR") && $0.contains("average:") }),
              let field = line.split(separator: " ").first(where: { $0.hasPrefix("average:") }) else {
            throw TestFailure("ffmpeg psnr of \(a.lastPathComponent) against \(b.lastPathComponent) printed no summary: \(out.stderr)")
        }
        let value = String(field.dropFirst("average:".count))
        if value == "inf" { return .infinity }
        guard let db = Double(value) else { throw TestFailure("ffmpeg psnr printed average \(value)") }
        return db
    }
}
