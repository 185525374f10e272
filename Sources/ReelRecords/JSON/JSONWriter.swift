import Foundation
import ReelModel

/// JSON for the `[String: Any]` trees `FarmJSON` builds, written by Reel's one writer (`JSONValue.utf8`): keys
/// sorted, nil (even an Optional boxed in `Any`), NaN and infinities as null, integral doubles without a fraction.
/// Foundation's `JSONSerialization` on Linux takes about half a second for a 1,000-segment strip; this takes a few
/// milliseconds. Values of other types are written as their description, quoted.
enum JSONWriter {
    static func data(_ value: Any, pretty: Bool) -> Data {
        Data(self.value(value).utf8(pretty: pretty))
    }

    static func value(_ value: Any) -> JSONValue {
        // The exact type first: a failed dynamic cast costs about a microsecond, and a strip has tens of thousands.
        let type = ObjectIdentifier(Swift.type(of: value))
        if type == stringType { return .string(value as! String) }
        if type == int64Type { return .number(String(value as! Int64)) }
        if type == intType { return .number(String(value as! Int)) }
        if type == doubleType { return number(value as! Double) }
        if type == boolType { return .bool(value as! Bool) }
        if type == dictType { return object(value as! [String: Any]) }
        switch value {
        case let s as String: return .string(s)
        case let b as Bool: return .bool(b)
        case let i as Int: return .number(String(i))
        case let i as Int64: return .number(String(i))
        case let i as Int32: return .number(String(i))
        case let d as Double: return number(d)
        case is NSNull: return .null
        case let dict as [String: Any]: return object(dict)
        case let list as [[String: Any]]: return .array(list.map(object))   // before [Any], which copies
        case let list as [Any]: return .array(list.map(self.value))
        default:
            let mirror = Mirror(reflecting: value)
            guard mirror.displayStyle == .optional else { return .string(String(describing: value)) }
            return mirror.children.first.map { self.value($0.value) } ?? .null
        }
    }

    private static let stringType = ObjectIdentifier(String.self), int64Type = ObjectIdentifier(Int64.self)
    private static let intType = ObjectIdentifier(Int.self), doubleType = ObjectIdentifier(Double.self)
    private static let boolType = ObjectIdentifier(Bool.self), dictType = ObjectIdentifier([String: Any].self)

    static func object(_ dict: [String: Any]) -> JSONValue {
        .object(dict.sorted(by: { $0.key < $1.key }).map { JSONMember(key: $0.key, value: value($0.value)) })
    }

    /// Integral values without a fraction ("3", not "3.0"), as JSONSerialization writes them; null when not finite.
    static func number(_ d: Double) -> JSONValue {
        guard d.isFinite else { return .null }
        if d == d.rounded(), abs(d) < 1e15 { return .number(String(Int64(d))) }
        return .number("\(d)")
    }
}
