/// Strings and numbers for `JSONScanner`.
extension JSONScanner {
    /// Parses a string starting at the opening quote; the fast path slices bytes without escapes.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        let open = pos
        pos += 1
        let start = pos
        while pos < bytes.count {
            let b = bytes[pos]
            if b == UInt8(ascii: "\"") {
                pos += 1
                return try makeString(bytes[start..<(pos - 1)], at: start)
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw error("control character (byte 0x\(String(b, radix: 16))) inside a string; escape it") }
            pos += 1
        }
        guard pos < bytes.count else { throw error("unterminated string", at: open) }
        var buffer = Array(bytes[start..<pos])
        return try parseEscapedRest(into: &buffer, start: start)
    }

    private mutating func parseEscapedRest(into buffer: inout [UInt8], start: Int) throws(JSONSyntaxError) -> String {
        while pos < bytes.count {
            let b = bytes[pos]
            switch b {
            case UInt8(ascii: "\""):
                pos += 1
                return try makeString(buffer[...], at: start)
            case UInt8(ascii: "\\"):
                try appendEscape(into: &buffer)
            case 0..<0x20:
                throw error("control character (byte 0x\(String(b, radix: 16))) inside a string; escape it")
            default:
                buffer.append(b)
                pos += 1
            }
        }
        throw error("unterminated string", at: start - 1)
    }

    private mutating func appendEscape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
        pos += 1
        guard let c = peek() else { throw error("unterminated string") }
        pos += 1
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(c)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"): buffer.append(contentsOf: try unicodeEscape().utf8)
        default:
            pos -= 2
            throw error("invalid escape '\\\(Character(Unicode.Scalar(c)))' in a string")
        }
    }

    /// Reads the 4 hex digits after `\u` (and a low surrogate after a high one).
    private mutating func unicodeEscape() throws(JSONSyntaxError) -> String {
        let first = try hex4()
        var scalar = UInt32(first)
        if (0xD800..<0xDC00).contains(first) {
            if peek() == UInt8(ascii: "\\"), pos + 1 < bytes.count, bytes[pos + 1] == UInt8(ascii: "u") {
                pos += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { return try loneSurrogate() }
                scalar = 0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else {
                return try loneSurrogate()
            }
        } else if (0xDC00..<0xE000).contains(first) {
            return try loneSurrogate()
        }
        return String(Character(Unicode.Scalar(scalar)!))
    }

    private func loneSurrogate() throws(JSONSyntaxError) -> String {
        guard lenient else { throw error("unpaired UTF-16 surrogate in a \\u escape") }
        return "\u{FFFD}"
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt16 {
        var v: UInt16 = 0
        for _ in 0..<4 {
            guard let b = peek(), let d = JSONScanner.hexValue(b) else {
                throw error("expected 4 hexadecimal digits after \\u")
            }
            v = v << 4 | UInt16(d)
            pos += 1
        }
        return v
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private func makeString(_ slice: ArraySlice<UInt8>, at start: Int) throws(JSONSyntaxError) -> String {
        if let s = String(validating: slice, as: UTF8.self) { return s }
        guard lenient else { throw error("invalid UTF-8 inside a string", at: start) }
        return String(decoding: slice, as: UTF8.self)
    }

    /// Scans a number literal and returns its text. Grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`,
    /// plus `Inf`, `-Inf`, `Infinity`, `-Infinity`, `NaN` when lenient.
    mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = pos
        if peek() == UInt8(ascii: "-") { pos += 1 }
        if lenient, let word = lenientWord() { return (pos - start > word.utf8.count ? "-" : "") + word }
        guard let first = peek(), isDigit(first) else { throw error("expected a digit in a number") }
        pos += 1
        if first == UInt8(ascii: "0"), let next = peek(), isDigit(next) {
            throw error("numbers must not have leading zeros")
        }
        skipDigits()
        if peek() == UInt8(ascii: ".") {
            pos += 1
            guard let d = peek(), isDigit(d) else { throw error("expected a digit after the decimal point") }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            pos += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { pos += 1 }
            guard let d = peek(), isDigit(d) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        return String(decoding: bytes[start..<pos], as: UTF8.self)
    }

    /// Consumes `Infinity`, `Inf` or `NaN` at the current position, if present.
    private mutating func lenientWord() -> String? {
        for word in ["Infinity", "Inf", "NaN"] where bytes[pos...].starts(with: word.utf8) {
            pos += word.utf8.count
            return word
        }
        return nil
    }

    private mutating func skipDigits() {
        while let b = peek(), isDigit(b) { pos += 1 }
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
}
