import Foundation

/// Which names this server answers to, and which pages may write to it.
///
/// A page on another site can make a browser send requests here and, with DNS rebinding (its own name made to
/// resolve to this machine), read the answers as if they were its own. Such a request carries that site's name in
/// `Host`, so only these names are answered: an IP address (no one can rebind one), `localhost`, the public URL's
/// host and each allowed host; any other gets 421. A write must also come from one of this server's own origins:
/// the public URL's, or `http` (`https` under TLS) on the server's port with a loopback name, the listen address or an
/// allowed host.
/// `Origin` is compared with that list, never with the request's own `Host`.
public struct HostPolicy: Sendable, Hashable {
    /// Names answered besides IP addresses and `localhost`: the public URL's host and the allowed hosts.
    let names: Set<String>
    /// Hosts besides loopback whose `http` origin on the server's port may write: the listen address, allowed hosts.
    let writers: Set<String>
    /// The public URL's origin, `scheme://host[:port]` (the port only when it is not the scheme's default).
    let publicOrigin: String?
    /// Whether the public URL is `https` or this server speaks TLS itself: the session cookie is then `Secure`.
    public let secure: Bool
    /// The scheme of this server's own pages: `https` when it speaks TLS itself, else `http`.
    let ownScheme: String

    /// Loopback only: what a server with no public URL and no allowed hosts, listening on loopback, answers.
    public static let loopback = HostPolicy(names: [], writers: [], publicOrigin: nil, secure: false, ownScheme: "http")

    private init(names: Set<String>, writers: Set<String>, publicOrigin: String?, secure: Bool, ownScheme: String) {
        self.names = names; self.writers = writers; self.publicOrigin = publicOrigin; self.secure = secure
        self.ownScheme = ownScheme
    }

    /// - Parameters:
    ///   - listen: where the server listens; a specific address (not 0.0.0.0 or ::) is a name of its own.
    ///   - publicURL: the URL people open, e.g. behind a reverse proxy (`https://reel.example.com`), or nil.
    ///   - allowHosts: more names this server answers to, whose `http` origin on its port may also write.
    ///   - tls: whether the server speaks TLS itself: its own pages are then `https` origins, and cookies `Secure`.
    /// - Throws: `ServeError.usage` naming the URL or the name that is malformed.
    public init(listen: ListenAddress? = nil, publicURL: String? = nil, allowHosts: [String] = [],
                tls: Bool = false) throws(ServeError) {
        var names = Set<String>(), writers = Set<String>()
        var origin: Origin?
        if let publicURL {
            let text = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
            guard let parsed = Origin(text) else {
                throw .usage("--public-url \"\(publicURL)\": write the scheme and host people open, and nothing after "
                             + "them, e.g. https://reel.example.com (the pages live at the root)")
            }
            origin = parsed
            names.insert(parsed.host)
        }
        for name in allowHosts {
            guard let a = Authority(name[...]), a.port == nil else {
                throw .usage("--allow-host \"\(name)\": a host name or address without a port, e.g. reel-serve")
            }
            names.insert(a.host)
            writers.insert(a.host)
        }
        if let listen, !["0.0.0.0", "::"].contains(listen.host) {
            writers.insert(listen.isIPv6 ? "[\(listen.host.lowercased())]" : listen.host)
        }
        self.init(names: names, writers: writers, publicOrigin: origin?.text, secure: tls || origin?.scheme == "https",
                  ownScheme: tls ? "https" : "http")
    }

    /// The names answered besides IP addresses and `localhost`, sorted.
    public var allowedNames: [String] { names.sorted() }

    /// nil when the request's `Host` names this server (or there is none, as in HTTP/1.0); else a 421 saying so.
    func hostRefusal(_ request: HTTPRequest) -> HTTPResponse? {
        guard let host = request.header("host") else { return nil }
        if let a = Authority(host[...]), a.isAddress || a.host == "localhost" || names.contains(a.host) { return nil }
        return .error(421, "the Host header \"\(host.prefix(200))\" is not a name of this server; it answers to its IP "
                      + "addresses, localhost, its public URL and the hosts it was told to allow")
    }

    /// Whether a page at `origin` (an `Origin` header) is one of this server's, for a request to `port`.
    /// `Origin: null` (a sandboxed frame, a file, a redirect) is never one.
    public func allowsOrigin(_ origin: String, port: UInt16) -> Bool {
        guard let o = Origin(origin) else { return false }
        if o.text == publicOrigin { return true }
        return o.scheme == ownScheme && o.port == Int(port) && (o.isLoopback || writers.contains(o.host))
    }
}
