import Foundation
@testable import ReelServe
import Testing

/// The parts of `reel serve`'s limits that need no server: which names and origins it accepts, who a client is,
/// and the bounded tables behind the throttles. The process tests (FarmTests.ServeLimits) run them over HTTP.
@Suite struct ServeAccessTests {
    static let policy = try! HostPolicy(listen: try! ListenAddress(parsing: "10.1.2.3:8700"),
                                        publicURL: "https://Reel.Example.com/", allowHosts: ["reel-serve"])

    @Test("Host: IP addresses, localhost and the named hosts are answered; any other name, or garbage, is 421",
          arguments: [("127.0.0.1:8700", true), ("LOCALHOST:8700", true), ("[::1]:8700", true), ("10.9.9.9", true),
                      ("reel.example.com", true), ("reel.example.com.", true), ("Reel-Serve:80", true),
                      ("evil.example", false), ("127.0.0.1.nip.io", false), ("reel.example.com.evil", false),
                      ("", false), ("[", false), ("[::1", false), ("[zz]:1", false), ("a:99999", false), (":80", false),
                      ("a b", false), ("réel.example", false), ("localhost:80:80", false),
                      (String(repeating: "a", count: 5000), false)])
    func hosts(host: String, answered: Bool) {
        let refusal = Self.policy.hostRefusal(HTTPRequest(method: "GET", path: "/", headers: ["host": host]))
        #expect((refusal == nil) == answered, "Host: \(host.prefix(40))")
        if let refusal { #expect(refusal.status == 421) }
    }

    @Test("Origin: this server's own pages only, compared with the list, never with Host; null never",
          arguments: [("https://reel.example.com", true), ("https://reel.example.com:443", true),
                      ("http://reel.example.com", false), ("https://reel.example.com:8443", false),
                      ("http://127.0.0.1:8700", true), ("http://localhost:8700", true), ("http://[::1]:8700", true),
                      ("http://10.1.2.3:8700", true), ("http://reel-serve:8700", true), ("http://127.0.0.1:8701", false),
                      ("http://10.9.9.9:8700", false), ("http://evil.example:8700", false), ("null", false),
                      ("https://127.0.0.1:8700", false), ("file://", false), ("http://127.0.0.1:8700/path", false), ("", false)])
    func origins(origin: String, allowed: Bool) {
        #expect(Self.policy.allowsOrigin(origin, port: 8700) == allowed, "Origin: \(origin)")
    }

    @Test("a public URL or allowed host that is not one is a usage error naming it; an https URL makes cookies Secure")
    func policyOptions() throws {
        for url in ["reel.example.com", "ftp://reel.example.com", "https://reel.example.com/reel", "https://", "https://a b"] {
            #expect(throws: ServeError.self, "\(url)") { try HostPolicy(publicURL: url) }
        }
        for host in ["reel-serve:8700", "http://reel-serve", "a/b", ""] {
            #expect(throws: ServeError.self, "\(host)") { try HostPolicy(allowHosts: [host]) }
        }
        let plain = try HostPolicy(publicURL: "http://reel.example.com")
        #expect(Self.policy.secure && !plain.secure && !HostPolicy.loopback.secure)
    }

    @Test("a client is its IPv4 address, or its IPv6 /64", arguments: [
        ("203.0.113.7", "203.0.113.7"), ("::ffff:203.0.113.7", "203.0.113.7"), ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:bbbb::9", "2001:db8:1:2::/64"), ("::1", "::/64"), ("", ""),
    ])
    func clients(peer: String, client: String) {
        #expect(HTTPRequest(method: "GET", path: "/", peer: peer).client == client)
    }

    @Test("the wrong-token table stays bounded under a spray of addresses, and a throttled client waits at most a minute")
    func throttleTable() {
        let throttle = FailureThrottle(limit: 3, capacity: 100)
        let now = Date()
        for i in 0..<10_000 { _ = throttle.fail("10.0.\(i / 256).\(i % 256)", now: now) }
        #expect(throttle.count <= 100)
        let verdicts = (0..<4).map { _ in throttle.fail("192.0.2.1", now: now) }
        #expect(verdicts == [.counted(left: 2), .counted(left: 1), .counted(left: 0), .refused(retryAfter: 60)])
        #expect(throttle.fail("192.0.2.1", now: now.addingTimeInterval(61)) == .counted(left: 2), "the window slid")
    }

    @Test("stream slots: per client, then in all; every slot given back is free again")
    func streamSlots() {
        var limits = ServeLimits()
        limits.streams = 3
        limits.streamsPerClient = 2
        let slots = StreamSlots(limits)
        #expect(slots.take("a") == nil && slots.take("a") == nil && slots.take("a") == .client)
        #expect(slots.take("b") == nil && slots.take("b") == .all && slots.take("c") == .all)
        slots.give("a")
        #expect(slots.take("c") == nil)
    }

    @Test("the lookup budget gives its burst at once, then one per 1/rate s, and says when to come back")
    func lookupBudget() {
        let budget = RateBudget(rate: 10, burst: 20)
        let start = ContinuousClock.now
        #expect((0..<20).allSatisfy { _ in budget.take(now: start) == nil })
        #expect(budget.take(now: start) == 1)
        #expect(budget.take(now: start + .milliseconds(150)) == nil)
        #expect(budget.take(now: start + .milliseconds(160)) == 1)
    }
}
