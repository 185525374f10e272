/// Writing JSON text: Reel's one JSON writer, for compositions, OTIO files and the farm's records alike.
/// Numbers are written exactly as their literal text; key order is kept; `/` is not escaped; control characters
/// are written as `\n`, `\r`, `\t` or `\u00XX`.
extension JSONValue {
    /// The value as JSON text: compact, or indented by two spaces when `pretty`.
    public func serialized(pretty: Bool = false) -> String {
        String(decoding: utf8(pretty: pretty), as: UTF8.self)
    }

    /// The value as UTF-8 JSON text (what `serialized` returns, without the String).
    public func utf8(pretty: Bool = false) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(4096)
        write(to: &out, pretty: pretty, indent: 0)
        return out
    }

    private func write(to out: inout [UInt8], pretty: Bool, indent: Int) {
        switch self {
        case .object(let members):
            writeContainer(members, open: 0x7B, close: 0x7D, to: &out, pretty: pretty, indent: indent) { m, out in
                JSONValue.writeString(m.key, to: &out)
                out += pretty ? [0x3A, 0x20] : [0x3A]
                m.value.write(to: &out, pretty: pretty, indent: indent + 1)
            }
        case .array(let elements):
            writeContainer(elements, open: 0x5B, close: 0x5D, to: &out, pretty: pretty, indent: indent) { e, out in
                e.write(to: &out, pretty: pretty, indent: indent + 1)
            }
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .number(let n): out += n.utf8
        case .bool(let b): out += (b ? "true" : "false").utf8
        case .null: out += "null".utf8
        }
    }

    private func writeContainer<T>(_ items: [T], open: UInt8, close: UInt8, to out: inout [UInt8], pretty: Bool,
                                   indent: Int, _ writeItem: (T, inout [UInt8]) -> Void) {
        out.append(open)
        guard !items.isEmpty else { out.append(close); return }
        for (i, item) in items.enumerated() {
            if i > 0 { out.append(0x2C) }
            if pretty { JSONValue.newline(indent + 1, to: &out) }
            writeItem(item, &out)
        }
        if pretty { JSONValue.newline(indent, to: &out) }
        out.append(close)
    }

    private static func newline(_ indent: Int, to out: inout [UInt8]) {
        out.append(0x0A)
        out += repeatElement(0x20, count: 2 * indent)
    }

    static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(0x22)
        for byte in s.utf8 {
            switch byte {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x0A: out += [0x5C, 0x6E]
            case 0x0D: out += [0x5C, 0x72]
            case 0x09: out += [0x5C, 0x74]
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default: out.append(byte)
            }
        }
        out.append(0x22)
    }
}
