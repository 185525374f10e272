/// A problem with one JSON value, before the caller attaches its JSON path.
struct ValueProblem: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}

/// Exact readers for the number and time forms of the composition format.
///
/// Times are accepted as
/// - a string fraction `"1001/30000"` (kept as written: value 1001, timescale 30000),
/// - an object `{"value": 1001, "timescale": 30000}`,
/// - an exact decimal string `"2.5"` (→ 5/2), `"0.1"` (→ 1/10), `"-1.25"`,
/// - a JSON integer, as whole seconds.
///
/// A JSON number with a fraction or exponent (`2.5`, `1e3`) is a binary floating-point value in
/// most JSON writers and is refused with a message that shows the exact string to write instead.
/// Timescales must fit `Int32` and values `Int64`; anything larger is an error, never a wrap.
public enum JSONExact {
    static let timeForms = "a time such as \"2.5\", \"1001/30000\" or {\"value\": 1001, \"timescale\": 30000}"
    static let rationalForms = "an exact number such as 2, \"0.5\" or \"1/2\""

    /// Reads an exact time in any of the accepted forms.
    /// - Throws: `ModelError.invalidTime(path:message:)` explaining what is wrong and what to write.
    public static func time(_ value: JSONValue, path: String) throws(ModelError) -> RationalTime {
        do { return try timeValue(value) } catch { throw .invalidTime(path: path, message: error.message) }
    }

    /// Reads an exact rational number: a JSON integer, a string fraction `"1/2"` or a decimal string `"0.5"`.
    /// - Throws: `ModelError.invalidTime(path:message:)` explaining what is wrong and what to write.
    public static func rational(_ value: JSONValue, path: String) throws(ModelError) -> Rational {
        do { return try rationalValue(value) } catch { throw .invalidTime(path: path, message: error.message) }
    }

    static func timeValue(_ value: JSONValue) throws(ValueProblem) -> RationalTime {
        switch value {
        case .number(let text):
            return RationalTime.seconds(try integerLiteral(text))
        case .string(let text) where text.contains("/"):
            let (n, d) = try fraction(text)
            guard let ts = Int32(exactly: d) else {
                throw ValueProblem("timescale \(d) in \"\(text)\" does not fit in 32 bits (at most \(Int32.max))")
            }
            return RationalTime(unchecked: n, ts)
        case .string(let text):
            return try timeFromRational(try decimal(text), written: text)
        case .object(let members):
            return try timeObject(members)
        default:
            throw ValueProblem("expected \(timeForms), got \(value.kindDescription)")
        }
    }

    static func rationalValue(_ value: JSONValue) throws(ValueProblem) -> Rational {
        switch value {
        case .number(let text):
            return Rational(unchecked: try integerLiteral(text), 1)
        case .string(let text) where text.contains("/"):
            let (n, d) = try fraction(text)
            guard let r = try? Rational(n, d) else { throw ValueProblem("\"\(text)\" does not fit in 64 bits") }
            return r
        case .string(let text):
            return try decimal(text)
        default:
            throw ValueProblem("expected \(rationalForms), got \(value.kindDescription)")
        }
    }

    /// A JSON number that must be an integer; a float literal gets the "write it as a string" message.
    static func integerLiteral(_ text: String) throws(ValueProblem) -> Int64 {
        guard JSONValue.isIntegerText(text) else { throw floatProblem(text) }
        guard let v = Int64(text) else { throw ValueProblem("\(text) does not fit in 64 bits") }
        return v
    }

    static func floatProblem(_ text: String) -> ValueProblem {
        let head = "\(text) is a binary floating-point number in JSON"
        guard let exact = literalRational(text) else {
            if text.contains("Inf") || text.contains("NaN") { return ValueProblem("\(text) is not a finite number") }
            return ValueProblem("\(head); write it as a string such as \"2.5\" or a fraction such as \"5/2\"")
        }
        if exact.denominator == 1 { return ValueProblem("\(head); write it as the integer \(exact.numerator)") }
        let decimalText = exact.exactDecimalOrFraction
        let alternatives = decimalText == exact.description ? "\"\(decimalText)\"" : "\"\(decimalText)\" or \"\(exact)\""
        return ValueProblem("\(head); write it exactly as the string \(alternatives)")
    }

    /// The exact value of a decimal float literal (`2.5`, `1e-3`), or nil when it does not fit.
    static func literalRational(_ text: String) -> Rational? {
        let parts = text.split(separator: "e", maxSplits: 1, omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "E", maxSplits: 1, omittingEmptySubsequences: false) }
        guard let mantissa = parts.first, let m = try? decimal(String(mantissa)) else { return nil }
        guard parts.count == 2 else { return m }
        guard let e = Int(parts[1].hasPrefix("+") ? parts[1].dropFirst() : parts[1]), abs(e) <= 18 else { return nil }
        var scale: Int64 = 1
        for _ in 0..<abs(e) { scale *= 10 }
        return e >= 0 ? try? m * Rational(unchecked: scale, 1) : try? m / Rational(unchecked: scale, 1)
    }

    static func timeFromRational(_ r: Rational, written: String) throws(ValueProblem) -> RationalTime {
        guard let ts = Int32(exactly: r.denominator) else {
            throw ValueProblem("\"\(written)\" needs a timescale of \(r.denominator), which does not fit in 32 bits; "
                + "round it or write a fraction")
        }
        return RationalTime(unchecked: r.numerator, ts)
    }
}
