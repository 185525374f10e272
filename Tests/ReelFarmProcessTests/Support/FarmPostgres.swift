import Foundation
import ReelTestSupport

/// A PostgreSQL cluster of the restart test's own, made with the server binaries that
/// scripts/test-postgres.sh found (REEL_TEST_PG_BIN), so restarting it mid-job never disturbs the
/// other database tests that share the main test server. Runs as the postgres user when we are root.
/// It listens on 127.0.0.1 plus the addresses asked for, and trusts 127.0.0.1 and ::1 (initdb's
/// defaults) plus the client addresses asked for, nothing else.
final class FarmPostgres: @unchecked Sendable {
    let folder: URL
    let port: Int
    private let bin: String
    private let logs: URL

    var url: String { "postgresql://reel@127.0.0.1:\(port)/postgres" }
    private var data: String { folder.appendingPathComponent("data").path }

    private init(folder: URL, port: Int, bin: String, logs: URL) {
        self.folder = folder
        self.port = port
        self.bin = bin
        self.logs = logs
    }

    /// initdb + start on a random port; its own output goes under its folder.
    /// - Parameters:
    ///   - addresses: more addresses to listen on (the host ends of the test's veth links).
    ///   - clients: more client addresses to trust (the namespaces' ends).
    static func start(listening addresses: [String] = [], clients: [String] = []) async throws -> FarmPostgres {
        guard let bin = ProcessInfo.processInfo.environment["REEL_TEST_PG_BIN"], !bin.isEmpty else {
            throw TestFailure("""
                REEL_TEST_PG_BIN is not set: the restart test needs the PostgreSQL server binaries. \
                Run `eval "$(scripts/test-postgres.sh)"` first.
                """)
        }
        let folder = URL(fileURLWithPath: "/tmp/reel-farm-pg-\(UUID().uuidString.prefix(8).lowercased())")
        let logs = folder.appendingPathComponent("test-logs")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        // Below Linux's ephemeral range (32768-60999): a port in it can be held by any outgoing connection's local
        // end on 127.0.0.1, and PostgreSQL then starts on the other listen addresses only, refusing loopback (a
        // fresh-clone CI run failed so: "127.0.0.1, port 55222 failed: Connection refused" after a clean start).
        let server = FarmPostgres(folder: folder, port: Int.random(in: 20_000...29_999), bin: bin, logs: logs)
        do {
            try await server.initialise(listening: ["127.0.0.1"] + addresses, clients: clients)
            try await server.pgctl(["-l", folder.appendingPathComponent("log").path, "-w", "start"])
        } catch {
            await server.stop()
            throw TestFailure("cannot start the restart test's PostgreSQL: \(error)")
        }
        return server
    }

    private func initialise(listening addresses: [String], clients: [String]) async throws {
        if getuid() == 0 {
            try await TestProcess.check("/bin/chown", ["postgres:postgres", folder.path], logs: logs)
        }
        try await asPostgres("\(bin)/initdb", ["-D", data, "-U", "reel", "--auth=trust", "-E", "UTF8"])
        let conf = """

            listen_addresses = '\(addresses.joined(separator: ","))'
            port = \(port)
            unix_socket_directories = '\(folder.path)'
            fsync = off
            synchronous_commit = off
            full_page_writes = off
            max_connections = 100

            """
        try append(conf, to: "postgresql.conf")
        try append(clients.map { "host all all \($0)/32 trust\n" }.joined(), to: "pg_hba.conf")
    }

    private func append(_ text: String, to file: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: data + "/" + file))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    /// `pg_ctl restart -m fast`: every connection is dropped while the server goes down and up.
    func restart() async throws {
        try await pgctl(["-l", folder.appendingPathComponent("log").path, "-m", "fast", "-w", "restart"])
    }

    /// Stops the server at once and removes its folder.
    func stop() async {
        _ = try? await pgctl(["-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(at: folder)
    }

    @discardableResult
    private func pgctl(_ arguments: [String]) async throws -> TestOutput {
        try await asPostgres("\(bin)/pg_ctl", ["-D", data] + arguments)
    }

    /// Runs a server command as the postgres user (when we are root). It goes through a shell that first
    /// closes every descriptor above 2: Foundation's `Process` on Linux sees a child end only when every
    /// holder of a descriptor it gave the child has closed it, and the postmaster that `pg_ctl start`
    /// leaves running would otherwise hold it for ever.
    @discardableResult
    private func asPostgres(_ executable: String, _ arguments: [String]) async throws -> TestOutput {
        let command = (getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : []) + [executable] + arguments
        let closeAndExec = #"for f in /proc/$$/fd/*; do n=${f##*/}; [ "$n" -gt 2 ] && eval "exec $n>&-"; done; exec "$@""#
        return try await TestProcess.check("/bin/bash", ["-c", closeAndExec, "bash"] + command, logs: logs,
                                           timeout: .seconds(60))
    }
}
