import Foundation

/// Where `reel serve` listens: `127.0.0.1:8700`, `[::1]:8700`, `0.0.0.0:8700`, or a port alone (loopback).
public struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: UInt16
    public var isIPv6: Bool

    /// - Throws: `ServeError.usage` naming what is wrong with `text`.
    public init(parsing text: String) throws {
        let bad = { (why: String) in ServeError.usage("--listen \"\(text)\": \(why); write HOST:PORT, e.g. 127.0.0.1:8700") }
        var host = "127.0.0.1"
        var portText = text
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                throw bad("an IPv6 address is written [ADDRESS]:PORT")
            }
            host = String(text[text.index(after: text.startIndex)..<close])
            portText = String(text[text.index(close, offsetBy: 2)...])
        } else if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon])
            portText = String(text[text.index(after: colon)...])
        }
        guard let port = UInt16(portText), portText.utf8.allSatisfy({ (48...57).contains($0) }) else {
            throw bad("the port must be a number from 0 to 65535")
        }
        let v6 = host.contains(":")
        guard Self.isNumericAddress(host, ipv6: v6) else { throw bad("the host must be a numeric IPv4 or IPv6 address") }
        self.host = host; self.port = port; self.isIPv6 = v6
    }

    /// Whether only this machine can connect.
    public var isLoopback: Bool { host == "::1" || host.hasPrefix("127.") }

    public var description: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

    static func isNumericAddress(_ host: String, ipv6: Bool) -> Bool {
        if ipv6 {
            var a = in6_addr()
            return inet_pton(AF_INET6, host, &a) == 1
        }
        var a = in_addr()
        return inet_pton(AF_INET, host, &a) == 1
    }
}

/// What `reel serve` refuses, named for the user.
public enum ServeError: Error, Sendable, Hashable, CustomStringConvertible {
    case usage(String)
    case start(String)

    public var description: String {
        switch self {
        case .usage(let m), .start(let m): m
        }
    }
}
