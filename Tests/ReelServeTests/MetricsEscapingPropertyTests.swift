import Foundation
import ReelServe
import ReelTestSupport
import Testing

/// Escaping and name cleaning over many generated hostile strings, read back by an independent unescaper
/// written from the format's specification.
@Suite struct MetricsEscapingPropertyTests {
    /// Characters that matter to the format, and some that should pass through untouched.
    private static let alphabet: [Character] = ["\\", "\"", "\n", "\r", "\t", "{", "}", "=", ",", "#", " ", "a", "Z",
                                                "0", "_", ":", "-", ".", "é", "🎬", "\u{0}", "\u{7F}", "\u{2028}", "n"]

    private static func strings(count: Int, seed: UInt64) -> [String] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            String((0..<Int.random(in: 0...12, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
        }
    }

    /// The format's label-value unescaping: `\\` → `\`, `\"` → `"`, `\n` → line feed; nothing else is an escape.
    private static func unescape(_ text: String) -> String? {
        var out = "", escaping = false
        for c in text {
            if escaping {
                switch c {
                case "\\": out.append("\\")
                case "\"": out.append("\"")
                case "n": out.append("\n")
                default: return nil
                }
                escaping = false
            } else if c == "\\" {
                escaping = true
            } else {
                out.append(c)
            }
        }
        return escaping ? nil : out
    }

    @Test func labelValuesRoundTripAndNeverCarryARawQuoteOrLineFeed() {
        for original in Self.strings(count: 2000, seed: 10) {
            let escaped = PrometheusText.escapeLabelValue(original)
            #expect(Self.unescape(escaped) == original, "\(original.debugDescription) → \(escaped.debugDescription)")
            #expect(!escaped.contains("\n"))
            var previous: Character = " ", run = 0
            for c in escaped {   // every quote is preceded by an odd run of backslashes
                if c == "\"" { #expect(previous == "\\" && run % 2 == 1, "\(escaped.debugDescription)") }
                run = c == "\\" ? run + 1 : 0
                previous = c
            }
        }
    }

    @Test func helpTextNeverCarriesARawLineFeed() {
        for original in Self.strings(count: 2000, seed: 11) {
            let escaped = PrometheusText.escapeHelp(original)
            #expect(!escaped.contains("\n"))
            #expect(Self.unescape(escaped.replacingOccurrences(of: "\"", with: "\\\"")) == original)
        }
    }

    @Test func everyNameIsWrittenValid() {
        let metric = try! Regex("^[a-zA-Z_:][a-zA-Z0-9_:]*$"), label = try! Regex("^[a-zA-Z_][a-zA-Z0-9_]*$")
        for name in Self.strings(count: 2000, seed: 12) {
            let text = PrometheusText.render([.gauge(name, "h", [([MetricLabel(name, "v")], 1)])])
            let sample = text.split(separator: "\n").first { !$0.hasPrefix("#") }.map(String.init) ?? ""
            let family = String(sample.prefix { $0 != "{" })
            let labelName = String(sample.dropFirst(family.count + 1).prefix { $0 != "=" })
            #expect(family.wholeMatch(of: metric) != nil, "\(name.debugDescription) → \(family)")
            #expect(labelName.wholeMatch(of: label) != nil && !labelName.hasPrefix("__"), "\(name.debugDescription)")
        }
    }
}
