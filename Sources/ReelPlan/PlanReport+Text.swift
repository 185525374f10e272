/// The readable form of a plan report: a header line, then the instructions and the segments
/// as aligned tables. Times are exact seconds.
extension PlanReport {
    /// The text `reel plan` prints without `--json`.
    public func text() -> String {
        var lines: [String] = []
        lines.append("timeline \(duration) s, \(totalFrames) frames at \(frameRate) fps, "
            + "\(totalSamples) samples at \(sampleRate) Hz")
        lines.append("")
        lines.append("instructions (\(instructions.count))")
        var rows = [["#", "start", "end", "layers (bottom to top)"]]
        for (i, ins) in instructions.enumerated() {
            let layers = ins.layers.map(Self.describe).joined(separator: " | ")
            rows.append(["\(i)", ins.start, ins.end, layers.isEmpty ? "(black)" : layers])
        }
        lines += Self.table(rows)
        lines.append("")
        lines.append("segments (\(segments.count))")
        rows = [["#", "frames", "time", "samples", "hash", "titles", "audio"]]
        for s in segments {
            rows.append(["\(s.index)", "\(s.frames[0])..<\(s.frames[1])", "[\(s.start), \(s.end))",
                         "\(s.samples[0])..<\(s.samples[1])", String(s.hash.prefix(12)),
                         s.titles.map(String.init).joined(separator: ","),
                         s.audioItems.map(String.init).joined(separator: ",")])
        }
        lines += Self.table(rows)
        lines += duckingLines()
        return lines.joined(separator: "\n") + "\n"
    }

    static func describe(_ l: Layer) -> String {
        if l.kind == "passthrough" { return "\(l.track) \(l.from ?? "-")" }
        return "\(l.track) \(l.kind) \(l.from ?? "nothing") → \(l.to ?? "nothing")"
    }

    /// Left-aligned columns separated by two spaces; trailing spaces trimmed.
    static func table(_ rows: [[String]]) -> [String] {
        let widths = (0..<(rows.first?.count ?? 0)).map { c in rows.map { $0[c].count }.max() ?? 0 }
        return rows.map { row in
            var line = ""
            for (c, cell) in row.enumerated() {
                line += cell + String(repeating: " ", count: c + 1 < row.count ? widths[c] - cell.count + 2 : 0)
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return "  " + line
        }
    }
}
