/// A strict, fast JSON parser over UTF-8 bytes (RFC 8259).
///
/// Number literals are kept as text (`JSONValue.number`), so that exact readers can refuse binary
/// floating point and keep integers of any size. In `lenient` mode the parser also accepts the
/// tokens `Inf`, `-Inf`, `Infinity`, `-Infinity` and `NaN` that some writers (OpenTimelineIO)
/// emit. Errors carry the line and column of the offending character.
public enum JSONParser {
    /// The deepest nesting of arrays and objects accepted; deeper documents are refused, never a crash.
    public static let maxDepth = 512

    /// Parses one JSON document.
    /// - Parameters:
    ///   - bytes: UTF-8 text.
    ///   - lenient: also accept `Inf`, `-Inf`, `Infinity`, `-Infinity` and `NaN` as numbers.
    /// - Throws: `JSONSyntaxError` with the line and column of the first problem.
    public static func parse(_ bytes: [UInt8], lenient: Bool = false) throws(JSONSyntaxError) -> JSONValue {
        var scanner = JSONScanner(bytes: bytes, lenient: lenient)
        return try scanner.parseDocument()
    }

    /// Parses one JSON document from a string. See `parse(_:lenient:)`.
    public static func parse(_ text: String, lenient: Bool = false) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8), lenient: lenient)
    }
}

/// The byte loop behind `JSONParser`.
struct JSONScanner {
    let bytes: [UInt8]
    let lenient: Bool
    var pos = 0
    var depth = 0

    init(bytes: [UInt8], lenient: Bool) {
        self.bytes = bytes
        self.lenient = lenient
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { pos = 3 }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard pos == bytes.count else { throw error("unexpected \(describeCurrent()) after the end of the document") }
        return value
    }

    mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard pos < bytes.count else { throw error("unexpected end of input; expected a value") }
        switch bytes[pos] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "I") where lenient, UInt8(ascii: "N") where lenient: return .number(try parseNumber())
        default: throw error("unexpected \(describeCurrent()); expected a value")
        }
    }

    mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        pos += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { pos += 1; depth -= 1; return .object(members) }
        while true {
            guard peek() == UInt8(ascii: "\"") else { throw error("unexpected \(describeCurrent()); expected a key in double quotes") }
            let key = try parseString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw error("unexpected \(describeCurrent()); expected ':' after the key") }
            pos += 1
            skipWhitespace()
            members.append(JSONMember(key: key, value: try parseValue()))
            skipWhitespace()
            if peek() == UInt8(ascii: ",") { pos += 1; skipWhitespace(); continue }
            guard peek() == UInt8(ascii: "}") else { throw error("unexpected \(describeCurrent()); expected ',' or '}' after an object member") }
            pos += 1
            depth -= 1
            return .object(members)
        }
    }

    mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        pos += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { pos += 1; depth -= 1; return .array(elements) }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            if peek() == UInt8(ascii: ",") { pos += 1; skipWhitespace(); continue }
            guard peek() == UInt8(ascii: "]") else { throw error("unexpected \(describeCurrent()); expected ',' or ']' after an array element") }
            pos += 1
            depth -= 1
            return .array(elements)
        }
    }

    mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= JSONParser.maxDepth else { throw error("nesting is deeper than \(JSONParser.maxDepth) levels") }
    }

    mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        for expected in word.utf8 {
            guard peek() == expected else { throw error("unexpected \(describeCurrent()); expected '\(word)'") }
            pos += 1
        }
    }

    mutating func skipWhitespace() {
        while pos < bytes.count {
            switch bytes[pos] {
            case 0x20, 0x0A, 0x0D, 0x09: pos += 1
            default: return
            }
        }
    }

    func peek() -> UInt8? { pos < bytes.count ? bytes[pos] : nil }

    func describeCurrent() -> String {
        guard let b = peek() else { return "end of input" }
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        if b == 0x20 { return "space" }
        return "byte 0x" + String(b, radix: 16, uppercase: true)
    }

    /// An error at the current position.
    func error(_ message: String) -> JSONSyntaxError { error(message, at: pos) }

    /// An error at `offset`, counting lines and characters (not bytes) up to it.
    func error(_ message: String, at offset: Int) -> JSONSyntaxError {
        var line = 1, column = 1
        for b in bytes[..<min(offset, bytes.count)] {
            if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return JSONSyntaxError(line: line, column: column, message: message)
    }
}
