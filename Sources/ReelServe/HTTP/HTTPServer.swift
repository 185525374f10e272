internal import CMicroHTTPD
import Foundation
import Synchronization

/// An HTTP server on libmicrohttpd, one thread per connection. The only user of libmicrohttpd: requests are
/// parsed by the library (no hand-written HTTP parsing) and handed to `handler` as `HTTPRequest`s. A handler
/// may block (database reads); an event stream's `read` blocks its own connection's thread only, so an ordinary
/// request never waits behind a stream (a thread pool would be shared by both, and open streams would hold it).
public final class HTTPServer: @unchecked Sendable {
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    let handler: Handler
    let limits: HTTPLimits
    private var daemon: OpaquePointer?
    /// libmicrohttpd's messages (a malformed request, a failed write) for the operator's log; nothing while
    /// binding, since a failure to bind is reported by `init` itself.
    private let logger = UnsafeMutablePointer<reel_mhd_logger>.allocate(capacity: 1)
    let log: @Sendable (String) -> Void
    let starting = Atomic<Bool>(true)
    private let bound: Atomic<UInt16>
    public let address: ListenAddress
    /// Whether this server speaks TLS (`tls` was given): then it answers only TLS, on the one port.
    public let isTLS: Bool
    /// The PEM texts libmicrohttpd was given, kept until the daemon stops.
    private let pem: (cert: UnsafeMutablePointer<CChar>, key: UnsafeMutablePointer<CChar>)?
    /// libmicrohttpd's messages while starting, for the error that says why it could not.
    let startMessages = Mutex<[String]>([])

    /// The port bound (the one asked for, or the one the kernel chose for port 0). Requests read it as they
    /// arrive, so it is the asked-for port from the start and the kernel's as soon as the daemon says.
    public var port: UInt16 { bound.load(ordering: .acquiring) }

    /// Binds `listen` and starts serving at once: plain HTTP, or with `tls` only HTTPS.
    /// - Throws: `ServeError.start` when the address cannot be bound (in use, not local, no permission), or when
    ///   GnuTLS refuses the certificate and key (its message, and both files, named).
    public init(listen: ListenAddress, limits: HTTPLimits = HTTPLimits(), tls: TLSCredentials? = nil,
                log: @escaping @Sendable (String) -> Void = { _ in }, handler: @escaping Handler) throws {
        self.handler = handler
        self.log = log
        self.limits = limits
        self.address = listen
        isTLS = tls != nil
        if tls != nil && reel_mhd_has_tls() == 0 {
            throw ServeError.start("this libmicrohttpd was built without TLS; install Debian's libmicrohttpd12 (GnuTLS)")
        }
        pem = tls.map { (strdup($0.certificate)!, strdup($0.key)!) }
        bound = Atomic(listen.port)
        let me = Unmanaged.passUnretained(self).toOpaque()
        logger.initialize(to: reel_mhd_logger(fn: logCallback, ctx: me))
        let c = reel_mhd_limits(connection_limit: UInt32(clamping: limits.connections),
                                per_ip_limit: UInt32(clamping: limits.connectionsPerAddress),
                                timeout_seconds: UInt32(clamping: limits.idleTimeoutSeconds),
                                connection_memory: limits.connectionMemory)
        daemon = try Self.withSocketAddress(listen) { addr in
            reel_mhd_start(addr, listen.isIPv6 ? 1 : 0, c, accessCallback, me, completedCallback, me, logger,
                           pem?.cert, pem?.key)
        }
        let bindFailed = errno == EADDRINUSE || errno == EADDRNOTAVAIL || errno == EACCES
        if daemon == nil, let tls, !bindFailed {
            let why = startMessages.withLock { $0.joined(separator: "; ") }
            throw ServeError.start("cannot start TLS with the certificate \(tls.certificatePath) and the key "
                                   + "\(tls.keyPath): \(why.isEmpty ? "GnuTLS refused them" : why)")
        }
        guard let daemon else {
            throw ServeError.start("cannot listen on \(listen): \(String(cString: strerror(errno))) "
                                   + "(is another server on that port?)")
        }
        bound.store(reel_mhd_port(daemon), ordering: .releasing)
        starting.store(false, ordering: .releasing)
    }

    deinit {
        stop()
        logger.deallocate()
        if let pem { free(pem.cert); free(pem.key) }
    }

    /// Stops accepting, closes every connection and waits for their threads. Call `ResponseStream.close` on open
    /// streams first (the event hub does), or their threads keep the stop waiting until their next read returns.
    public func stop() {
        guard let d = daemon else { return }
        daemon = nil
        MHD_stop_daemon(d)
    }

    private static func withSocketAddress<T>(_ a: ListenAddress, _ body: (UnsafePointer<sockaddr>) -> T) throws -> T {
        if a.isIPv6 {
            var s = sockaddr_in6()
            s.sin6_family = sa_family_t(AF_INET6)
            s.sin6_port = a.port.bigEndian
            guard inet_pton(AF_INET6, a.host, &s.sin6_addr) == 1 else { throw ServeError.usage("bad address \(a)") }
            return withUnsafePointer(to: &s) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
        }
        var s = sockaddr_in()
        s.sin_family = sa_family_t(AF_INET)
        s.sin_port = a.port.bigEndian
        guard inet_pton(AF_INET, a.host, &s.sin_addr) == 1 else { throw ServeError.usage("bad address \(a)") }
        return withUnsafePointer(to: &s) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
    }
}
