import Foundation
import ReelTestSupport

/// Network namespaces that stand in for separate hosts. Each gets a veth pair in its own private /24
/// (10.231.K.0/24, K unused on this machine): the host end is 10.231.K.1, the namespace end 10.231.K.2.
/// Names carry a random token, so concurrent runs never collide. `remove()` deletes every namespace
/// (which deletes its veth pair too); call it in a `defer`.
final class FarmNetwork: @unchecked Sendable {
    struct Host: Sendable {
        var namespace: String
        var hostInterface: String
        var hostAddress: String
        var address: String
    }

    private(set) var hosts: [Host] = []
    /// The `ip` commands' output; a folder of its own, so it outlives the test's fixture.
    private let logs: URL
    private let token = String(UUID().uuidString.lowercased().prefix(6))

    private init() {
        logs = FileManager.default.temporaryDirectory.appendingPathComponent("reel-farm-net-\(token)")
    }

    /// Creates `count` namespaces, each linked to this host by a veth pair.
    /// - Throws: a clear message when `ip netns` is not permitted (not root, no CAP_NET_ADMIN).
    static func create(count: Int) async throws -> FarmNetwork {
        let network = FarmNetwork()
        do {
            try FileManager.default.createDirectory(at: network.logs, withIntermediateDirectories: true)
            let token = network.token
            let used = try await network.ip(["-o", "addr", "show"]).stdout + (try await network.ip(["route", "show"]).stdout)
            let free = (1...250).filter { !used.contains("10.231.\($0).") }.shuffled()
            guard free.count >= count else { throw TestFailure("no free 10.231.K.0/24 subnet on this machine") }
            for (n, k) in free.prefix(count).enumerated() {
                let host = Host(namespace: "reelfarm-\(token)-\(n)", hostInterface: "rf\(token)h\(n)",
                                hostAddress: "10.231.\(k).1", address: "10.231.\(k).2")
                network.hosts.append(host)
                try await network.add(host, peer: "rf\(token)n\(n)")
            }
        } catch {
            await network.remove()
            throw TestFailure("""
                cannot build network namespaces for the several-hosts test (needs root or CAP_NET_ADMIN and \
                `ip netns`): \(error)
                """)
        }
        return network
    }

    private func add(_ host: Host, peer: String) async throws {
        let ns = host.namespace
        try await ip(["netns", "add", ns])
        try await ip(["link", "add", host.hostInterface, "type", "veth", "peer", "name", peer])
        try await ip(["link", "set", peer, "netns", ns])
        try await ip(["addr", "add", "\(host.hostAddress)/24", "dev", host.hostInterface])
        try await ip(["link", "set", host.hostInterface, "up"])
        try await ip(["-n", ns, "addr", "add", "\(host.address)/24", "dev", peer])
        try await ip(["-n", ns, "link", "set", peer, "up"])
        try await ip(["-n", ns, "link", "set", "lo", "up"])
    }

    /// Cuts host `n` off: its veth's host end goes down, so its packets go nowhere (no reset is sent).
    func cut(_ n: Int) async throws {
        try await ip(["link", "set", hosts[n].hostInterface, "down"])
    }

    /// Deletes every namespace (and with it each veth pair), and any host end left behind.
    func remove() async {
        for host in hosts {
            _ = try? await TestProcess.run("/usr/sbin/ip", ["netns", "delete", host.namespace], logs: logs)
            _ = try? await TestProcess.run("/usr/sbin/ip", ["link", "delete", host.hostInterface], logs: logs)
        }
        hosts = []
        try? FileManager.default.removeItem(at: logs)
    }

    @discardableResult
    private func ip(_ arguments: [String]) async throws -> TestOutput {
        try await TestProcess.check("/usr/sbin/ip", arguments, logs: logs, timeout: .seconds(20))
    }
}
