import Foundation

/// An IPv4 or IPv6 network in CIDR form (`10.0.0.0/8`, `fc00::/7`, or one address alone), and what a webhook may
/// not reach without the operator's leave: the networks of this machine, its neighbours and the cloud's metadata.
public struct AddressRange: Sendable, Hashable, CustomStringConvertible {
    /// The network's bytes (4 or 16), its host bits zero.
    let bytes: [UInt8]
    let prefix: Int

    /// - Throws: `ServeError.usage` naming the text.
    public init(parsing text: String) throws(ServeError) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let address = Self.bytes(of: parts[0]) else {
            throw .usage("\"\(text)\": not an address range; write CIDR, e.g. 127.0.0.1/32 or fd00::/8")
        }
        let bits = address.count * 8
        var prefix = bits
        if parts.count == 2 {
            guard let p = Int(parts[1]), parts[1].utf8.allSatisfy({ (48...57).contains($0) }), (0...bits).contains(p) else {
                throw .usage("\"\(text)\": the prefix length must be a number from 0 to \(bits)")
            }
            prefix = p
        }
        self.init(address, prefix: prefix)
    }

    init(_ address: [UInt8], prefix: Int) {
        self.prefix = prefix
        bytes = address.enumerated().map { i, b in
            let keep = max(0, min(8, prefix - i * 8))
            return keep == 8 ? b : b & ~(UInt8.max >> keep)
        }
    }

    /// Whether `address` (4 or 16 bytes) lies in this network; an address of the other family never does.
    func contains(_ address: [UInt8]) -> Bool { address.count == bytes.count && AddressRange(address, prefix: prefix) == self }

    public var description: String {
        (Self.text(of: bytes) ?? "?") + "/\(prefix)"
    }

    /// The 4 or 16 bytes of a numeric address; nil for anything else.
    static func bytes(of text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    /// The numeric text of 4 or 16 bytes.
    static func text(of bytes: [UInt8]) -> String? {
        var out = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        let ok = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &out, socklen_t(out.count)) != nil }
        return ok ? String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
    }

    /// What a webhook may not reach unless `--webhook-allow` names it, each with the reason a refusal gives. The
    /// metadata addresses come first so that they are named as such rather than as link-local or private.
    static let refused: [(range: AddressRange, why: String)] = [
        ("169.254.169.254/32", "a cloud metadata address"), ("fd00:ec2::254/128", "a cloud metadata address"),
        ("0.0.0.0/8", "unspecified (this host)"), ("127.0.0.0/8", "loopback"), ("10.0.0.0/8", "private"),
        ("172.16.0.0/12", "private"), ("192.168.0.0/16", "private"), ("100.64.0.0/10", "shared address space (CGNAT)"),
        ("169.254.0.0/16", "link-local"), ("224.0.0.0/4", "multicast"), ("240.0.0.0/4", "reserved (or broadcast)"),
        ("::/128", "unspecified"), ("::1/128", "loopback"), ("fe80::/10", "link-local"), ("fc00::/7", "private (unique local)"),
        ("ff00::/8", "multicast"),
    ].map { (try! AddressRange(parsing: $0.0), $0.1) }

    /// Why a webhook may not reach `address` unless allowed; nil when it may. An IPv6 address that carries an IPv4
    /// one (`::ffff:a.b.c.d`, `64:ff9b::a.b.c.d`, `::a.b.c.d`) is judged by that IPv4 address too, where it leads.
    static func refusal(of address: [UInt8]) -> String? {
        if let why = refused.first(where: { $0.range.contains(address) })?.why { return why }
        return address.count == 16 ? embeddedIPv4(address).flatMap(refusal) : nil
    }

    private static func embeddedIPv4(_ a: [UInt8]) -> [UInt8]? {
        let tail = Array(a[12...])
        if a[0..<10].allSatisfy({ $0 == 0 }) && ((a[10] == 0xff && a[11] == 0xff) || (a[10] == 0 && a[11] == 0)) {
            return tail
        }
        if a[0..<12] == [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0][...] { return tail }
        return nil
    }
}
