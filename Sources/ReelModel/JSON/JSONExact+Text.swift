/// Parsing of the exact string forms: fractions `"n/d"` and decimals `"-1.25"`.
extension JSONExact {
    /// `"n/d"` with an optional minus on `n` and a positive `d`, both written in decimal digits.
    static func fraction(_ text: String) throws(ValueProblem) -> (Int64, Int64) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, isSignedDigits(parts[0]), isDigits(parts[1]) else {
            throw ValueProblem("\"\(text)\" is not a fraction; write it as \"1001/30000\" (integers, no spaces)")
        }
        guard let n = Int64(parts[0]) else { throw ValueProblem("\(parts[0]) in \"\(text)\" does not fit in 64 bits") }
        guard let d = Int64(parts[1]) else { throw ValueProblem("\(parts[1]) in \"\(text)\" does not fit in 64 bits") }
        guard d > 0 else { throw ValueProblem("the denominator of \"\(text)\" must be positive") }
        return (n, d)
    }

    /// An exact decimal: `-?digits(.digits)?`, reduced (`"2.50"` → 5/2).
    static func decimal(_ text: String) throws(ValueProblem) -> Rational {
        var body = Substring(text)
        let negative = body.hasPrefix("-")
        if negative { body = body.dropFirst() }
        let pieces = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard isDigits(pieces[0]), pieces.count == 1 || isDigits(pieces[1]) else {
            throw ValueProblem("\"\(text)\" is not an exact number; write a decimal such as \"2.5\" or a fraction such as \"5/2\"")
        }
        var fractionDigits = pieces.count == 2 ? pieces[1] : ""
        while fractionDigits.hasSuffix("0") { fractionDigits = fractionDigits.dropLast() }
        guard fractionDigits.count <= 18, let magnitude = Int64(pieces[0] + fractionDigits) else {
            throw ValueProblem("\"\(text)\" has too many digits to fit in 64 bits")
        }
        var scale: Int64 = 1
        for _ in 0..<fractionDigits.count { scale *= 10 }
        // Cannot fail: the denominator is a positive power of ten and the magnitude is non-negative.
        return try! Rational(negative ? -magnitude : magnitude, scale)
    }

    static func isDigits(_ s: Substring) -> Bool {
        !s.isEmpty && s.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    static func isSignedDigits(_ s: Substring) -> Bool { isDigits(s.hasPrefix("-") ? s.dropFirst() : s) }

    /// `{"value": integer, "timescale": positive integer ≤ Int32.max}` with no other keys.
    static func timeObject(_ members: [JSONMember]) throws(ValueProblem) -> RationalTime {
        let keys = members.map(\.key)
        guard Set(keys) == ["value", "timescale"], keys.count == 2 else {
            throw ValueProblem("a time object has exactly the keys \"value\" and \"timescale\", got "
                + keys.map { "\"\($0)\"" }.joined(separator: ", "))
        }
        let value = members.first { $0.key == "value" }!.value
        let timescale = members.first { $0.key == "timescale" }!.value
        guard case .number(let vText) = value else { throw ValueProblem("\"value\" must be an integer, got \(value.kindDescription)") }
        guard case .number(let tText) = timescale else {
            throw ValueProblem("\"timescale\" must be an integer, got \(timescale.kindDescription)")
        }
        let v = try integerLiteral(vText)
        let t = try integerLiteral(tText)
        guard t > 0 else { throw ValueProblem("\"timescale\" must be positive, got \(t)") }
        guard let ts = Int32(exactly: t) else { throw ValueProblem("timescale \(t) does not fit in 32 bits (at most \(Int32.max))") }
        return RationalTime(unchecked: v, ts)
    }
}
