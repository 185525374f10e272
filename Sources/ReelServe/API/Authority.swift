import Foundation

/// `host[:port]` as in a URL or a `Host` header: the host lower-cased (an IPv6 address in brackets, a name without
/// a final dot); nil when malformed.
struct Authority {
    var host: String
    var port: Int?

    init?(_ text: Substring) {
        let text = text.lowercased()[...]
        var rest: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            var v6 = in6_addr()
            guard inet_pton(AF_INET6, String(text[text.index(after: text.startIndex)..<close]), &v6) == 1 else { return nil }
            host = String(text[...close])
            rest = text[text.index(after: close)...]
        } else {
            let colon = text.firstIndex(of: ":") ?? text.endIndex
            let name = text[..<colon]
            guard !name.isEmpty, name.utf8.allSatisfy({ Self.nameBytes.contains($0) }) else { return nil }
            host = name.hasSuffix(".") && name.count > 1 ? String(name.dropLast()) : String(name)
            rest = text[colon...]
        }
        guard !rest.isEmpty else { return }
        guard rest.first == ":", (1...5).contains(rest.count - 1), rest.dropFirst().utf8.allSatisfy({ (48...57).contains($0) }),
              let p = Int(rest.dropFirst()), p <= 65535 else { return nil }
        port = p
    }

    private static let nameBytes = Set("abcdefghijklmnopqrstuvwxyz0123456789.-_".utf8)

    /// An IPv4 or bracketed IPv6 address rather than a name.
    var isAddress: Bool {
        if host.hasPrefix("[") { return true }
        var v4 = in_addr()
        return inet_pton(AF_INET, host, &v4) == 1
    }

    /// `localhost`, 127.0.0.0/8 or [::1].
    var isLoopback: Bool { host == "localhost" || host == "[::1]" || (isAddress && host.hasPrefix("127.")) }
}

/// An `http` or `https` origin, `scheme://host[:port]`, its port made explicit.
struct Origin {
    var scheme: String
    var authority: Authority

    init?(_ text: String) {
        let lower = text.lowercased()
        guard let split = lower.range(of: "://") else { return nil }
        scheme = String(lower[..<split.lowerBound])
        guard ["http", "https"].contains(scheme), let a = Authority(lower[split.upperBound...]) else { return nil }
        authority = a
    }

    var host: String { authority.host }
    var port: Int { authority.port ?? (scheme == "https" ? 443 : 80) }
    var isLoopback: Bool { authority.isLoopback }
    /// The origin as a browser writes it: the port only when it is not the scheme's default.
    var text: String { "\(scheme)://\(host)" + (port == (scheme == "https" ? 443 : 80) ? "" : ":\(port)") }
}
