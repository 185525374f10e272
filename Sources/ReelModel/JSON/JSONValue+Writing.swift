/// Writing JSON text. Numbers are written exactly as their literal text; key order is kept.
extension JSONValue {
    /// The value as JSON text: compact, or indented by two spaces when `pretty`.
    public func serialized(pretty: Bool = false) -> String {
        var out = ""
        write(to: &out, pretty: pretty, indent: 0)
        return out
    }

    private func write(to out: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .object(let members):
            writeContainer(members, open: "{", close: "}", to: &out, pretty: pretty, indent: indent) { m, out in
                JSONValue.writeString(m.key, to: &out)
                out += pretty ? ": " : ":"
                m.value.write(to: &out, pretty: pretty, indent: indent + 1)
            }
        case .array(let elements):
            writeContainer(elements, open: "[", close: "]", to: &out, pretty: pretty, indent: indent) { e, out in
                e.write(to: &out, pretty: pretty, indent: indent + 1)
            }
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .number(let n): out += n
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        }
    }

    private func writeContainer<T>(_ items: [T], open: String, close: String, to out: inout String, pretty: Bool,
                                   indent: Int, _ writeItem: (T, inout String) -> Void) {
        out += open
        guard !items.isEmpty else { out += close; return }
        let inner = pretty ? "\n" + String(repeating: "  ", count: indent + 1) : ""
        for (i, item) in items.enumerated() {
            if i > 0 { out += "," }
            out += inner
            writeItem(item, &out)
        }
        out += pretty ? "\n" + String(repeating: "  ", count: indent) + close : close
    }

    static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
