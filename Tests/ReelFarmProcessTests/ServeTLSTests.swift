import Foundation
import ReelTestSupport
import Testing

extension FarmTests {
    /// `reel serve` with `--tls-cert`/`--tls-key` (libmicrohttpd's GnuTLS), checked with curl against certificates
    /// made by openssl in the test; the per-client request rate.
    @Suite("Serve TLS") struct ServeTLS {}
}

extension FarmTests.ServeTLS {
    /// A self-signed certificate for 127.0.0.1 and its key (mode 0600) under `folder`, named `name`.
    static func makeCertificate(_ folder: URL, _ name: String) throws -> (cert: String, key: String) {
        let cert = folder.appendingPathComponent("\(name).crt").path, key = folder.appendingPathComponent("\(name).key").path
        try TestProcess.check("/usr/bin/openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                                                   "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1",
                                                   "-keyout", key, "-out", cert])
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: key)
        return (cert, key)
    }

    /// curl's exit status and output (headers and body) for `url`.
    static func curl(_ args: [String]) throws -> TestOutput {
        try TestProcess.run("/usr/bin/curl", ["-sS", "-i", "--max-time", "10"] + args, timeout: .seconds(20))
    }

    @Test("curl --cacert reaches the API over https and gets a Secure cookie; plain http and a wrong CA fail")
    func httpsWithItsCertificate() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let good = try Self.makeCertificate(farm.root, "server"), other = try Self.makeCertificate(farm.root, "other")
        let serve = try await ServeProcess(farm, arguments: ["--tls-cert", good.cert, "--tls-key", good.key])
        defer { serve.stop() }
        let base = "https://127.0.0.1:\(serve.port)"
        #expect(serve.child.stdout.contains("listening on https://127.0.0.1:\(serve.port)/"), "\(serve.child.stdout)")

        let jobs = try Self.curl(["--cacert", good.cert, "\(base)/api/v1/jobs"])
        #expect(jobs.status == 0 && jobs.stdout.hasPrefix("HTTP/1.1 200"), "\(jobs.stdout.prefix(300)) \(jobs.stderr)")
        let signIn = try Self.curl(["--cacert", good.cert, "-X", "POST", "-H", "Origin: \(base)",
                                    "--data", "{\"token\": \"\(serve.token)\"}", "\(base)/api/v1/session"])
        let cookie = signIn.stdout.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie:") } ?? ""
        #expect(signIn.stdout.hasPrefix("HTTP/1.1 200") && cookie.contains("; Secure"), "\(signIn.stdout.prefix(400))")

        let plain = try Self.curl(["http://127.0.0.1:\(serve.port)/api/v1/jobs"])
        #expect(plain.status != 0 && !plain.stdout.contains("HTTP/1.1 200"), "plain http answered: \(plain.stdout.prefix(200))")
        let wrongCA = try Self.curl(["--cacert", other.cert, "\(base)/api/v1/jobs"])
        #expect(wrongCA.status == 60 && !wrongCA.stdout.contains("HTTP/1.1"), "a wrong CA: \(wrongCA.status) \(wrongCA.stderr)")
        #expect(serve.child.isRunning, "reel serve died:\n\(serve.child.tail())")
    }

    @Test("a key readable by everyone, a certificate that is not one, a FIFO and a mismatched pair are refused, naming the file")
    func badCredentials() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let good = try Self.makeCertificate(farm.root, "server"), other = try Self.makeCertificate(farm.root, "other")
        let open = farm.root.appendingPathComponent("open.key").path
        try FileManager.default.copyItem(atPath: good.key, toPath: open)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: open)
        let fifo = farm.root.appendingPathComponent("fifo.crt").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let cases: [([String], Int32, [String])] = [
            (["--tls-cert", good.cert, "--tls-key", open], 2, [open, "may be read by every user", "chmod 600"]),
            (["--tls-cert", good.key, "--tls-key", good.key], 2, [good.key, "not a PEM certificate"]),
            (["--tls-cert", good.cert, "--tls-key", good.cert], 2, [good.cert, "not a PEM private key"]),
            (["--tls-cert", fifo, "--tls-key", good.key], 2, [fifo, "not a regular file"]),
            (["--tls-cert", good.cert], 2, ["--tls-cert needs --tls-key"]),
            (["--tls-cert", good.cert, "--tls-key", other.key], 1, [good.cert, other.key, "cannot start TLS"]),
        ]
        for (args, status, parts) in cases {
            let out = try await farm.run(["serve", "--listen", "127.0.0.1:0"] + args)
            let line = out.stderr.split(separator: "\n").first.map(String.init) ?? ""
            #expect(out.status == status && parts.allSatisfy(line.contains), "\(args): \(out.status) \(out.stderr)")
        }
    }

    @Test("past --max-requests-per-minute a client gets 429 with Retry-After; another address and the right token do not")
    func requestRate() async throws {
        try await FarmTests.ServeLimits.serving(["--max-requests-per-minute", "20"]) { _, serve in
            let statuses = try (0..<25).map { _ in try serve.request("GET", "/api/v1/jobs").status ?? 0 }
            #expect(statuses.prefix(20).allSatisfy { $0 == 200 } && statuses.suffix(5).allSatisfy { $0 == 429 }, "\(statuses)")
            let refused = try serve.request("GET", "/api/v1/workers")
            #expect(refused.status == 429 && refused.header("Retry-After").flatMap(Int.init).map { (1...3).contains($0) } == true
                    && refused.body.contains("20 requests a minute"), "\(refused) \(refused.head)")
            #expect(try serve.request("GET", "/healthz").status == 200, "the probe is counted")
            #expect(try serve.request("GET", "/api/v1/jobs", from: "127.0.0.2").status == 200, "another address was refused")
            let sprayed = try (0..<3).map { i in
                try serve.request("GET", "/api/v1/jobs", headers: [("Authorization", "Bearer made-up-\(i)")]).status ?? 0
            }
            #expect(sprayed == [429, 429, 429], "a made-up token bought a fresh budget: \(sprayed)")
            #expect(try serve.request("GET", "/api/v1/jobs", headers: [serve.bearer]).status == 200,
                    "the right token shares its address's budget")
        }
    }
}
