import Foundation

/// Compact JSON for the `[String: Any]` trees `FarmJSON` builds: sorted keys, `/` unescaped, nil, NaN and
/// infinities as null. Foundation's `JSONSerialization` on Linux takes about half a second for a 1,000-segment
/// strip; this takes a few milliseconds. Values of other types are written as their description, quoted.
enum JSONWriter {
    static func data(_ value: Any) -> Data {
        var out = [UInt8]()
        out.reserveCapacity(4096)
        write(value, to: &out)
        return Data(out)
    }

    static func write(_ value: Any, to out: inout [UInt8]) {
        // The exact type first: a failed dynamic cast costs about a microsecond, and a strip has tens of thousands.
        let type = ObjectIdentifier(Swift.type(of: value))
        if type == stringType { return string(value as! String, to: &out) }
        if type == int64Type { out += String(value as! Int64).utf8; return }
        if type == intType { out += String(value as! Int).utf8; return }
        if type == doubleType { let d = value as! Double; out += (d.isFinite ? number(d) : "null").utf8; return }
        if type == boolType { out += ((value as! Bool) ? "true" : "false").utf8; return }
        if type == dictType { return object(value as! [String: Any], to: &out) }
        switch value {
        case let s as String: string(s, to: &out)
        case let b as Bool: out += (b ? "true" : "false").utf8
        case let i as Int: out += String(i).utf8
        case let i as Int64: out += String(i).utf8
        case let i as Int32: out += String(i).utf8
        case let d as Double: out += (d.isFinite ? number(d) : "null").utf8
        case is NSNull: out += "null".utf8
        case let dict as [String: Any]: object(dict, to: &out)
        case let list as [[String: Any]]:   // before [Any]: casting to [Any] would copy every element
            out.append(0x5B)
            for (n, item) in list.enumerated() {
                if n > 0 { out.append(0x2C) }
                write(item, to: &out)
            }
            out.append(0x5D)
        case let list as [Any]:
            out.append(0x5B)
            for (n, item) in list.enumerated() {
                if n > 0 { out.append(0x2C) }
                write(item, to: &out)
            }
            out.append(0x5D)
        default:
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .optional {
                if let inner = mirror.children.first?.value { write(inner, to: &out) } else { out += "null".utf8 }
            } else {
                string(String(describing: value), to: &out)
            }
        }
    }

    private static let stringType = ObjectIdentifier(String.self), int64Type = ObjectIdentifier(Int64.self)
    private static let intType = ObjectIdentifier(Int.self), doubleType = ObjectIdentifier(Double.self)
    private static let boolType = ObjectIdentifier(Bool.self), dictType = ObjectIdentifier([String: Any].self)

    static func object(_ dict: [String: Any], to out: inout [UInt8]) {
        out.append(0x7B)
        for (n, (key, inner)) in dict.sorted(by: { $0.key < $1.key }).enumerated() {
            if n > 0 { out.append(0x2C) }
            string(key, to: &out)
            out.append(0x3A)
            write(inner, to: &out)
        }
        out.append(0x7D)
    }

    /// Integral values without a fraction ("3", not "3.0"), as JSONSerialization writes them.
    static func number(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }

    static func string(_ s: String, to out: inout [UInt8]) {
        out.append(0x22)
        for byte in s.utf8 {
            switch byte {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x0A: out += [0x5C, 0x6E]
            case 0x0D: out += [0x5C, 0x72]
            case 0x09: out += [0x5C, 0x74]
            case 0..<0x20, 0x7F:
                let hex = Array("0123456789abcdef".utf8)
                out += [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default: out.append(byte)
            }
        }
        out.append(0x22)
    }
}
