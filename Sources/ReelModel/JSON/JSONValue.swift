/// One member of a JSON object, kept in document order.
public struct JSONMember: Sendable, Hashable {
    public var key: String
    public var value: JSONValue

    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// A parsed JSON value.
///
/// Objects keep their members in document order (duplicates included, so a reader can report
/// them). Numbers keep their literal text exactly as written: `2.5` stays `"2.5"`, a 256-bit
/// integer stays intact, and in lenient mode `Infinity` or `NaN` are kept as written. Nothing is
/// ever converted through a binary floating-point value unless a caller asks for `doubleValue`.
public enum JSONValue: Sendable, Hashable {
    case object([JSONMember])
    case array([JSONValue])
    case string(String)
    /// The number's literal text, e.g. `"-12"`, `"2.5"`, `"1e3"`, or in lenient mode `"-Inf"`.
    case number(String)
    case bool(Bool)
    case null

    /// The first member named `key` when this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The members when this is an object.
    public var objectMembers: [JSONMember]? {
        if case .object(let m) = self { return m }
        return nil
    }

    /// The elements when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The text when this is a string.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The value when this is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool { self == .null }

    /// Whether this is a number written as an integer (no fraction, no exponent), of any size.
    public var isIntegerLiteral: Bool {
        guard case .number(let text) = self else { return false }
        return JSONValue.isIntegerText(text)
    }

    /// The value when this is an integer literal that fits in `Int64`; nil otherwise (never traps).
    public var int64Value: Int64? {
        guard case .number(let text) = self, JSONValue.isIntegerText(text) else { return nil }
        return Int64(text)
    }

    /// The nearest `Double`, for formats that store floating point (OpenTimelineIO).
    /// Lenient tokens map to `±infinity` and `nan`.
    public var doubleValue: Double? {
        guard case .number(let text) = self else { return nil }
        switch text {
        case "Inf", "Infinity": return .infinity
        case "-Inf", "-Infinity": return -.infinity
        case "NaN", "-NaN": return .nan
        default: return Double(text)
        }
    }

    /// A short phrase naming the kind of value, for messages: "an object", "the string \"x\"".
    public var kindDescription: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string(let s): return s.count <= 40 ? "the string \"\(s)\"" : "a string"
        case .number(let n): return "the number \(n)"
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        }
    }

    static func isIntegerText(_ text: String) -> Bool {
        var utf8 = text.utf8[...]
        if utf8.first == UInt8(ascii: "-") { utf8 = utf8.dropFirst() }
        return !utf8.isEmpty && utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}
