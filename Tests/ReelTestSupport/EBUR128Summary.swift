import Foundation

/// FFmpeg's `ebur128=peak=true` reading of a file, the independent check of Reel's loudness meter and correction:
/// integrated loudness (LUFS), loudness range (LU) and true peak (dBFS, the highest channel), as FFmpeg's summary
/// prints them (0.1 resolution).
public struct EBUR128Summary: Sendable {
    public var integrated: Double
    public var range: Double
    public var truePeak: Double

    /// Runs the filter over `stream` of `file` and parses its summary.
    public static func read(_ file: URL, stream: String = "0:a:0") throws -> EBUR128Summary {
        let out = try TestProcess.check("/usr/bin/ffmpeg", ["-nostdin", "-hide_banner", "-nostats", "-i", file.path,
                                                            "-map", stream, "-af", "ebur128=peak=true", "-f", "null", "-"])
        guard let start = out.stderr.range(of: "Summary:") else {
            throw TestFailure("no ebur128 summary for \(file.path) in:\n\(out.stderr)")
        }
        let lines = out.stderr[start.upperBound...].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        func value(_ label: String) throws -> Double {
            guard let line = lines.first(where: { $0.hasPrefix(label) }),
                  let field = line.split(separator: " ").dropFirst().first(where: { Double($0) != nil || $0 == "-inf" }) else {
                throw TestFailure("no \(label) value in the ebur128 summary of \(file.path):\n\(lines.joined(separator: "\n"))")
            }
            return field == "-inf" ? -.infinity : Double(field)!
        }
        return EBUR128Summary(integrated: try value("I:"), range: try value("LRA:"), truePeak: try value("Peak:"))
    }
}
