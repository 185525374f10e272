import Foundation

/// Where one webhook POST goes: its URL checked (http or https, a host, no credentials) and its host resolved once
/// to an address it may reach (`AddressRange.refusal`, unless the operator's allow-list holds it). The POST then
/// connects to that very address (`WebhookPost`), so a name that resolves elsewhere a moment later (DNS
/// rebinding) cannot move it.
struct WebhookTarget: Sendable, Hashable {
    var url: String
    var host: String
    var port: Int
    /// The numeric address connected to.
    var address: String

    /// Why a URL cannot be delivered to: for good (`permanent`: the delivery fails now) or for now (a name that
    /// does not resolve may resolve later).
    enum Refusal: Error, Hashable {
        case permanent(String)
        case transient(String)

        var message: String {
            switch self { case .permanent(let m), .transient(let m): m }
        }
    }

    /// - Parameter allow: networks the operator allows despite `AddressRange.refused` (`--webhook-allow`).
    static func resolve(_ url: String, allow: [AddressRange]) -> Result<WebhookTarget, Refusal> {
        // As the queue stores it (`JobSpec.validate`, the jobs table's CHECK): a lowercase scheme, at most 2,048 bytes.
        // "HTTPS://…" passed here once, to be refused by the queue after the whole composition was validated.
        guard url.utf8.count <= 2048 else { return .failure(.permanent("the webhook URL is longer than 2048 bytes")) }
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
            return .failure(.permanent("the webhook URL must begin with http:// or https:// (in lowercase)"))
        }
        guard let parts = URLComponents(string: url), let scheme = parts.scheme?.lowercased(),
              ["http", "https"].contains(scheme) else {
            return .failure(.permanent("the webhook URL must be http or https"))
        }
        guard parts.user == nil && parts.password == nil else {
            return .failure(.permanent("the webhook URL must not hold credentials"))
        }
        guard var host = parts.host, !host.isEmpty else { return .failure(.permanent("the webhook URL has no host")) }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        let port = parts.port ?? (scheme == "https" ? 443 : 80)
        guard (1...65535).contains(port) else { return .failure(.permanent("the webhook URL's port is out of range")) }
        let addresses: [[UInt8]]
        switch Self.lookup(host) {
        case .success(let found): addresses = found
        case .failure(let refusal): return .failure(refusal)
        }
        if let usable = addresses.first(where: { a in AddressRange.refusal(of: a) == nil || allow.contains { $0.contains(a) } }),
           let text = AddressRange.text(of: usable) {
            return .success(WebhookTarget(url: url, host: host, port: port, address: text))
        }
        let first = addresses[0]
        return .failure(.permanent("\(host) is \(AddressRange.text(of: first) ?? "?"), \(AddressRange.refusal(of: first) ?? "refused"): "
                                   + "webhooks may not reach it unless the operator allows its range"))
    }

    /// The host's addresses (a numeric host is its own), each 4 or 16 bytes, as the system resolver gives them.
    private static func lookup(_ host: String) -> Result<[[UInt8]], Refusal> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0, let list else {
            return .failure(.transient("\(host) does not resolve: \(String(cString: gai_strerror(status)))"))
        }
        defer { freeaddrinfo(list) }
        var found: [[UInt8]] = []
        var next: UnsafeMutablePointer<addrinfo>? = list
        while let info = next, found.count < 32 {
            if let sa = info.pointee.ai_addr {
                if info.pointee.ai_family == AF_INET {
                    found.append(sa.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { p in
                        withUnsafeBytes(of: p.pointee.sin_addr) { Array($0) } })
                } else if info.pointee.ai_family == AF_INET6 {
                    found.append(sa.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { p in
                        withUnsafeBytes(of: p.pointee.sin6_addr) { Array($0) } })
                }
            }
            next = info.pointee.ai_next
        }
        return found.isEmpty ? .failure(.transient("\(host) has no IPv4 or IPv6 address")) : .success(found)
    }
}
