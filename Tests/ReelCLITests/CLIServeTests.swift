import Foundation
import ReelTestSupport
import Testing

/// `reel serve`'s refusals: a bad address or token file is a usage error naming the option; a busy port says so.
@Suite struct CLIServeTests {
    @Test(arguments: [
        (["serve", "--listen", "localhost:8700"], "the host must be a numeric IPv4 or IPv6 address"),
        (["serve", "--listen", "127.0.0.1:99999"], "the port must be a number from 0 to 65535"),
        (["serve", "--listen", "[::1"], "an IPv6 address is written [ADDRESS]:PORT"),
        (["serve", "--token-file", "/nonexistent/token"], "--token-file /nonexistent/token: cannot be read"),
        (["serve", "--public-url", "https://reel.example.com/x"], "write the scheme and host people open, and nothing after"),
        (["serve", "--allow-host", "reel:80"], "--allow-host \"reel:80\": a host name or address without a port"),
        (["serve", "--max-streams", "0"], "--max-streams must be a whole number in 1…10000"),
        (["serve", "--listen", "0.0.0.0:8700"], "--listen 0.0.0.0:8700 reaches beyond this machine without TLS"),
        (["serve", "--listen", "[::]:8700"], "give --tls-cert and --tls-key, or --insecure-listen"),
        (["serve", "--listen", "192.0.2.7:8700"], "tokens and session cookies would cross the network in clear text"),
        (["serve", "--max-requests-per-minute", "0"], "--max-requests-per-minute must be a whole number in 1…1000000"),
    ])
    func usageErrors(args: [String], message: String) throws {
        let line = try CLIMessageTests.firstError(args, status: 2)
        CLIMessageTests.expectOnePrefix(line, command: "serve")
        #expect(line.contains(message), "\(line)")
    }

    @Test("a password in --write-db is refused, since the process list shows it; the message names the safe places",
          arguments: ["postgresql://reel_worker:s3cret@127.0.0.1:1/reel", "postgres://reel_worker@127.0.0.1:1/reel?password=s3cret",
                      "host=127.0.0.1 port=1 user=reel_worker password=s3cret"])
    func writeDatabasePassword(url: String) throws {
        let line = try CLIMessageTests.firstError(["serve", "--db", "postgresql://127.0.0.1:1/none", "--write-db", url], status: 2)
        CLIMessageTests.expectOnePrefix(line, command: "serve")
        #expect(line.contains("--write-db") && line.contains("REEL_SERVE_WRITE_DATABASE_URL") && line.contains("PGPASSFILE"), "\(line)")
        #expect(!line.contains("s3cret"), "the message repeats the password: \(line)")
    }

    /// Tests bind loopback only, so the address is one this machine does not have (TEST-NET-1): past the rule, the
    /// bind itself fails, which shows that --insecure-listen let the address through.
    @Test("--insecure-listen lets a serve without TLS take an address beyond loopback")
    func insecureListen() throws {
        let line = try CLIMessageTests.firstError(["serve", "--listen", "192.0.2.7:0", "--insecure-listen",
                                                   "--db", try TestDatabase.url()], status: 1)
        CLIMessageTests.expectOnePrefix(line, command: "serve")
        #expect(line.contains("cannot listen on 192.0.2.7:0"), "\(line)")
    }

    /// The token is read from the descriptor its checks were made on (`SecretFile`): a FIFO and a folder are refused
    /// with the reason, where the old read said only "cannot be read".
    @Test("a FIFO or a folder as --token-file is refused, naming why", arguments: ["fifo", "folder"])
    func tokenFileNotRegular(kind: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("reel-serve-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(kind).path
        if kind == "fifo" { #expect(mkfifo(path, 0o600) == 0) } else { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) }
        let result = try TestProcess.run(try TestBinary.reel(), ["serve", "--token-file", path], timeout: .seconds(30))
        #expect(result.status == 2, "reel serve --token-file \(kind) exited \(result.status): \(result.stderr)")
        let line = String(result.stderr.split(separator: "\n").first ?? "")
        CLIMessageTests.expectOnePrefix(line, command: "serve")
        #expect(line.contains("--token-file \(path): the token is not a regular file"), "\(line)")
    }

    @Test("a short token is refused; a busy port is named")
    func tokenAndPort() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("reel-serve-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let short = dir.appendingPathComponent("short")
        try "abc".write(to: short, atomically: true, encoding: .utf8)
        let line = try CLIMessageTests.firstError(["serve", "--token-file", short.path], status: 2)
        #expect(line.contains("at least 16 characters"), "\(line)")

        let busy = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(busy) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(busy, $0, len) } }
        _ = listen(busy, 1)
        _ = withUnsafeMutablePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(busy, $0, &len) } }
        let port = UInt16(bigEndian: addr.sin_port)
        let url = try TestDatabase.url()
        let taken = try CLIMessageTests.firstError(["serve", "--listen", "127.0.0.1:\(port)", "--db", url], status: 1)
        CLIMessageTests.expectOnePrefix(taken, command: "serve")
        #expect(taken.contains("cannot listen on 127.0.0.1:\(port)") && taken.contains("another server"), "\(taken)")
    }
}
