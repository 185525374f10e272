import ReelModel

/// Exact reading of OTIO's numbers. OTIO writes times as binary floating point (`"value": 86400.0`,
/// `"rate": 23.976`); Reel converts each literal to an exact rational at the boundary, from its
/// decimal text, never through a `Double` sum.
enum OTIONumber {
    /// The exact value of a decimal literal (`3`, `-86243.0`, `0.8545454551724138`, `1e3`), or a
    /// sentence saying why there is none (`Inf`, `NaN`, too many digits).
    static func exact(_ text: String) -> Result<Rational, OTIOValueProblem> {
        if text.contains("Inf") || text.contains("NaN") { return .failure(.init("\(text) is not a finite number")) }
        let lower = text.lowercased()
        let parts = lower.split(separator: "e", maxSplits: 1, omittingEmptySubsequences: false)
        guard let mantissa = decimal(parts[0]) else {
            return .failure(.init("\(text) has too many digits to be read exactly in 64 bits"))
        }
        guard parts.count == 2 else { return .success(mantissa) }
        let expText = parts[1].hasPrefix("+") ? parts[1].dropFirst() : parts[1]
        guard let e = Int(expText), abs(e) <= 18 else { return .failure(.init("\(text) is out of range")) }
        var scale: Int64 = 1
        for _ in 0..<abs(e) { scale *= 10 }
        let factor = Rational.unit(scale)
        guard let r = try? (e >= 0 ? mantissa * factor : mantissa / factor) else {
            return .failure(.init("\(text) is out of range"))
        }
        return .success(r)
    }

    /// `-?digits(.digits)?` as an exact rational; nil when it does not fit in 64 bits.
    static func decimal(_ text: Substring) -> Rational? {
        var body = text
        let negative = body.hasPrefix("-")
        if negative { body = body.dropFirst() }
        let pieces = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = pieces.first, whole.allSatisfy(\.isASCIIDigit) else { return nil }
        var fraction = pieces.count == 2 ? pieces[1] : ""
        guard fraction.allSatisfy(\.isASCIIDigit), !(whole.isEmpty && fraction.isEmpty) else { return nil }
        while fraction.hasSuffix("0") { fraction = fraction.dropLast() }
        var digits = String(whole + fraction)
        while digits.count > 1 && digits.hasPrefix("0") { digits.removeFirst() }
        guard fraction.count <= 18, let magnitude = Int64(digits.isEmpty ? "0" : digits) else { return nil }
        var scale: Int64 = 1
        for _ in 0..<fraction.count { scale *= 10 }
        return try? Rational(negative ? -magnitude : magnitude, scale)
    }

    /// The simplest fraction within a relative `1e-9` of `value` whose denominator is at most
    /// `maxDenominator` (continued fractions), for time scalars such as 0.8545454551724138 (→ 47/55).
    static func simplest(_ value: Double, maxDenominator: Int64 = 100_000) -> Rational? {
        guard value.isFinite, abs(value) < 1e9 else { return nil }
        var (h0, h1): (Int64, Int64) = (0, 1), (k0, k1): (Int64, Int64) = (1, 0)
        var x = value
        for _ in 0..<40 {
            let a = Int64(x.rounded(.down))
            let (h2, k2) = (a * h1 + h0, a * k1 + k0)
            guard k2 <= maxDenominator else { break }
            (h0, h1, k0, k1) = (h1, h2, k1, k2)
            let approx = Double(h1) / Double(k1)
            if abs(approx - value) <= 1e-9 * max(1, abs(value)) { break }
            let frac = x - Double(a)
            guard frac > 1e-15 else { break }
            x = 1 / frac
        }
        guard k1 > 0, abs(Double(h1) / Double(k1) - value) <= 1e-9 * max(1, abs(value)) else { return nil }
        return try? Rational(h1, k1)
    }

    /// The shortest text that reads back as the same `Double` (Swift's description), with ".0" on
    /// whole numbers the way OTIO writes them.
    static func literal(_ value: Double) -> String {
        let text = "\(value)"
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

    /// An exact rational written as an OTIO float literal: integers as "24.0", others by `Double`.
    static func literal(_ r: Rational) -> String {
        r.denominator == 1 ? "\(r.numerator).0" : literal(r.doubleValue)
    }
}

/// A problem with one value, before the caller attaches its JSON path.
struct OTIOValueProblem: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}

extension Rational {
    /// `n/1` for a value known to be valid.
    static func unit(_ n: Int64) -> Rational { try! Rational(n, 1) }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
