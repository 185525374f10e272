import Foundation

/// A least-squares line `seconds = overhead + perFrame × frames` through measured segment render costs.
struct CostFit {
    var overhead: Double
    var perFrame: Double
    /// Coefficient of variation of the measured costs around the line.
    var spread: Double
    var samples: Int

    /// Reads lines whose last two tab-separated fields are `frames` and `seconds` (bench/results/segments.tsv,
    /// optionally only lines containing `filter`), and fits them.
    init?(file: String, filter: String?) {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        var points: [(x: Double, y: Double)] = []
        for line in text.split(separator: "\n") where filter.map({ line.contains($0) }) ?? true {
            let fields = line.split(separator: "\t")
            guard fields.count >= 2, let x = Double(fields[fields.count - 2]), let y = Double(fields[fields.count - 1])
            else { continue }
            points.append((x, y))
        }
        guard points.count >= 2 else { return nil }
        let n = Double(points.count)
        let mx = points.map(\.x).reduce(0, +) / n, my = points.map(\.y).reduce(0, +) / n
        let sxx = points.map { ($0.x - mx) * ($0.x - mx) }.reduce(0, +)
        let sxy = points.map { ($0.x - mx) * ($0.y - my) }.reduce(0, +)
        var slope = sxx > 0 ? sxy / sxx : my / max(mx, 1)
        var intercept = my - slope * mx
        if intercept < 0 {   // a negative fixed cost is noise: fit the line through the origin instead
            intercept = 0
            slope = points.map { $0.x * $0.y }.reduce(0, +) / max(points.map { $0.x * $0.x }.reduce(0, +), 1e-9)
        }
        let residuals = points.map { ($0.y - (intercept + slope * $0.x)) / max(intercept + slope * $0.x, 1e-9) }
        perFrame = slope
        overhead = intercept
        spread = (residuals.map { $0 * $0 }.reduce(0, +) / n).squareRoot()
        samples = points.count
    }
}
