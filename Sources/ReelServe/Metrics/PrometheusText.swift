import Foundation

/// The Prometheus text exposition format, version 0.0.4
/// (https://prometheus.io/docs/instrumenting/exposition_formats/).
///
/// Escaping, exactly as the format's parser undoes it:
/// - `# HELP` text: `\` → `\\`, line feed → `\n`.
/// - label values: `\` → `\\`, `"` → `\"`, line feed → `\n`. Any other character, Unicode included,
///   is written as it is (UTF-8).
/// Metric and label names cannot be escaped, so a character outside the allowed set is written as `_`
/// (metric names `[a-zA-Z_:][a-zA-Z0-9_:]*`, label names `[a-zA-Z_][a-zA-Z0-9_]*`, never starting with
/// the reserved `__`). A family whose name was already written is left out, with a comment line saying so,
/// as a second `# TYPE` for one name would make the whole scrape fail; a label name repeated within one
/// sample keeps its first value.
public enum PrometheusText {
    /// The `Content-Type` of a response holding `render`'s text.
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// The exposition of `families`, in order, ending with a line feed.
    public static func render(_ families: [MetricFamily]) -> String {
        var out = ""
        var written = Set<String>()
        for family in families {
            let name = metricName(family.name)
            guard written.insert(name).inserted else {
                out += "# reel: left out a second family named \(name)\n"
                continue
            }
            out += "# HELP \(name) \(escapeHelp(family.help))\n"
            out += "# TYPE \(name) \(family.kind.rawValue)\n"
            for sample in family.samples {
                out += name + metricName(sample.suffix, allowLeadingDigit: true)
                out += labelSet(sample.labels) + " " + number(sample.value) + "\n"
            }
        }
        return out
    }

    /// A sample value or `le` bound: `NaN`, `+Inf`, `-Inf`, an integer without exponent or fraction when
    /// the value is a whole number below 10^15 in magnitude, and otherwise Swift's shortest round-trip
    /// form (`0.05`, `1e-05`, `1.5e+20`), which Prometheus reads back exactly.
    public static func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// `text` for a `# HELP` line.
    public static func escapeHelp(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// `text` for a label value between double quotes.
    public static func escapeLabelValue(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// `{a="x",b="y"}`, or nothing for no labels.
    static func labelSet(_ labels: [MetricLabel]) -> String {
        guard !labels.isEmpty else { return "" }
        var seen = Set<String>()
        var parts: [String] = []
        for label in labels {
            let name = labelName(label.name)
            guard seen.insert(name).inserted else { continue }
            parts.append("\(name)=\"\(escapeLabelValue(label.value))\"")
        }
        return "{" + parts.joined(separator: ",") + "}"
    }

    /// `name` with every character outside `[a-zA-Z0-9_:]` written as `_`, and `_` before a leading digit.
    static func metricName(_ name: String, allowLeadingDigit: Bool = false) -> String {
        var out = String(name.unicodeScalars.map { isNameScalar($0, colon: true) ? Character($0) : "_" })
        if !allowLeadingDigit, out.first.map({ $0.isASCII && $0.isNumber }) ?? true { out = "_" + out }
        return out
    }

    /// `name` with every character outside `[a-zA-Z0-9_]` written as `_`, `_` before a leading digit,
    /// and the reserved leading `__` cut to one `_`.
    static func labelName(_ name: String) -> String {
        var out = String(name.unicodeScalars.map { isNameScalar($0, colon: false) ? Character($0) : "_" })
        if out.first.map({ $0.isASCII && $0.isNumber }) ?? true { out = "_" + out }
        while out.hasPrefix("__") { out.removeFirst() }
        return out
    }

    private static func isNameScalar(_ s: Unicode.Scalar, colon: Bool) -> Bool {
        switch s {
        case "a"..."z", "A"..."Z", "0"..."9", "_": return true
        case ":": return colon
        default: return false
        }
    }
}
