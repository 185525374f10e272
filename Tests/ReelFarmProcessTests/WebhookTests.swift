import Foundation
import ReelTestSupport
import Testing
@testable import ReelQueue

extension FarmTests {
    /// `reel serve`'s webhook deliverer against a real receiver on loopback (Support/webhook_receiver.py, on
    /// 127.0.0.2, allow-listed), with a trap receiver on 127.0.0.1 at the same port that must hear nothing.
    @Suite("Webhooks") struct Webhooks {}
}

extension FarmTests.Webhooks {
    /// A receiver process on `host`: its port and the file it logs each request to.
    final class Receiver {
        let child: TestChild
        let port: UInt16
        let log: URL

        init(_ farm: FarmFixture, host: String, port: UInt16 = 0) async throws {
            log = farm.root.appendingPathComponent("received-\(host).jsonl")
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Support/webhook_receiver.py").path
            child = try TestChild(name: "receiver-\(host)", executable: "/usr/bin/python3",
                                  arguments: [script, host, String(port), log.path], logs: farm.logs)
            let child = self.child
            self.port = try await TestProcess.waitFor("the receiver on \(host) to listen", timeout: .seconds(20),
                                                      context: { child.tail() }) {
                child.stdout.split(separator: "\n").first.flatMap { UInt16($0) }
            }
        }

        /// Every request received: path, headers (as sent), body.
        func requests() throws -> [(path: String, headers: [String: String], body: String)] {
            guard let text = try? String(contentsOf: log, encoding: .utf8) else { return [] }
            return try text.split(separator: "\n").map { line in
                let o = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                let body = try #require(Data(base64Encoded: o["body"] as? String ?? ""))
                return (o["path"] as? String ?? "", o["headers"] as? [String: String] ?? [:], String(decoding: body, as: UTF8.self))
            }
        }
    }

    /// A job ended (canceled) after `url` was set as its webhook.
    static func endedJob(_ farm: FarmFixture, webhook url: (Int64) -> String) throws -> Int64 {
        let id = try FarmTests.ServeLimits.insertJob(farm)
        try farm.queue().jobWebhookSet(id, url: url(id))
        #expect(try farm.queue().jobCancel(id))
        return id
    }

    /// The job's one delivery once it is no longer pending.
    static func settled(_ farm: FarmFixture, _ job: Int64, timeout: Duration = .seconds(30)) async throws -> WebhookDelivery {
        try await TestProcess.waitFor("job \(job)'s webhook to settle", timeout: timeout) {
            try farm.queue().webhookList(jobID: job).first.flatMap { $0.state == .pending ? nil : $0 }
        }
    }

    /// The receiver's own check of `Reel-Signature`: `openssl dgst -sha256 -hmac` over "<t>.<body>".
    static func verify(_ signature: String, body: String, secret: String) throws -> Bool {
        let fields = Dictionary(signature.split(separator: ",").compactMap { part -> (String, String)? in
            let kv = part.split(separator: "=", maxSplits: 1).map(String.init)
            return kv.count == 2 ? (kv[0], kv[1]) : nil
        }, uniquingKeysWith: { a, _ in a })
        guard let t = fields["t"], let v1 = fields["v1"], abs(Double(t).map { $0 - Date().timeIntervalSince1970 } ?? 1e9) < 300 else {
            return false
        }
        let out = try TestProcess.run("/usr/bin/openssl", ["dgst", "-sha256", "-hmac", secret], input: "\(t).\(body)")
        return out.status == 0 && out.stdout.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("= \(v1)")
    }

    /// `reel serve` with a proxy in its environment that goes nowhere (port 9, discard): every delivery that
    /// arrives shows the deliverer ignored it.
    static func serve(_ farm: FarmFixture, secretFile: String) async throws -> ServeProcess {
        let deadProxy = "http://127.0.0.1:9"
        return try await ServeProcess(farm, arguments: ["--webhook-secret-file", secretFile, "--webhook-allow", "127.0.0.2/32",
                                                        "--webhook-retry-base-ms", "300"],
                                      environment: ["http_proxy": deadProxy, "HTTPS_PROXY": deadProxy,
                                                    "https_proxy": deadProxy, "ALL_PROXY": deadProxy])
    }

    @Test("signed deliveries, a retry after a 500, no redirect followed, no refused address reached, no proxy used, and delivery after a restart")
    func deliveries() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let receiver = try await Receiver(farm, host: "127.0.0.2")
        defer { receiver.child.ensureDead() }
        let trap = try await Receiver(farm, host: "127.0.0.1", port: receiver.port)
        defer { trap.child.ensureDead() }
        let secret = "whsec-" + UUID().uuidString
        let secretFile = farm.root.appendingPathComponent("webhook-secret").path
        try secret.write(toFile: secretFile, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: secretFile)
        let base = "http://127.0.0.2:\(receiver.port)"
        var serve = try await Self.serve(farm, secretFile: secretFile)
        defer { serve.stop() }

        let ok = try Self.endedJob(farm) { "\(base)/ok/\($0)" }
        let flaky = try Self.endedJob(farm) { "\(base)/fail-once/\($0)" }
        let redirect = try Self.endedJob(farm) { "\(base)/redirect/\($0)" }
        let refused: [(url: String, why: String)] = [
            ("http://127.0.0.1:\(receiver.port)/x", "127.0.0.1, loopback"),
            ("http://localhost:\(receiver.port)/x", "loopback"),
            ("http://169.254.169.254/latest/meta-data/", "169.254.169.254, a cloud metadata address"),
            ("http://10.0.0.1/hook", "10.0.0.1, private"),
            ("http://[::ffff:127.0.0.1]:\(receiver.port)/x", "loopback"),
        ]
        let refusedJobs = try refused.map { target in try Self.endedJob(farm) { _ in target.url } }

        let delivered = try await Self.settled(farm, ok)
        #expect(delivered.state == .delivered && delivered.attempts == 1 && delivered.lastStatus == 200
                && delivered.lastResponse == "thanks", "\(delivered)")
        let first = try #require(try receiver.requests().first { $0.path == "/ok/\(ok)" })
        #expect(first.headers["Reel-Event"] == "job.canceled" && first.headers["Content-Type"] == "application/json")
        #expect(try Self.verify(first.headers["Reel-Signature"] ?? "", body: first.body, secret: secret),
                "the signature does not verify: \(first.headers)")
        #expect(try !Self.verify(first.headers["Reel-Signature"] ?? "", body: first.body, secret: secret + "x"))
        let payload = try #require(try JSONSerialization.jsonObject(with: Data(first.body.utf8)) as? [String: Any])
        let job = try #require(payload["job"] as? [String: Any])
        #expect(payload["event"] as? String == "job.canceled" && (job["id"] as? NSNumber)?.int64Value == ok
                && job["state"] as? String == "canceled", "\(payload)")

        let retried = try await Self.settled(farm, flaky)
        #expect(retried.state == .delivered && retried.attempts == 2, "\(retried)")
        let tries = try receiver.requests().filter { $0.path == "/fail-once/\(flaky)" }
        #expect(tries.count == 2 && tries[0].body == tries[1].body, "the retry sent other bytes: \(tries.map(\.body))")

        let redirected = try await Self.settled(farm, redirect)
        #expect(redirected.state == .failed && redirected.lastStatus == 302
                && redirected.lastResponse?.contains("do not follow") == true, "\(redirected)")
        #expect(try receiver.requests().filter { $0.path == "/ok" }.isEmpty, "the redirect was followed")

        for (job, target) in zip(refusedJobs, refused) {
            let d = try await Self.settled(farm, job)
            #expect(d.state == .failed && d.lastStatus == nil && d.lastResponse?.contains(target.why) == true
                    && d.lastResponse?.contains("refused") == true, "\(target.url): \(d)")
        }
        let trapped = try trap.requests().map(\.path)
        #expect(trapped.isEmpty, "a refused address was reached: \(trapped)")

        let shown = try serve.request("GET", "/api/v1/jobs/\(flaky)")
        let hooks = try #require((try JSONSerialization.jsonObject(with: Data(shown.body.utf8)) as? [String: Any])?["webhooks"]
                                 as? [[String: Any]], "\(shown)")
        #expect(hooks.count == 1 && hooks[0]["state"] as? String == "delivered" && (hooks[0]["attempts"] as? Int) == 2
                && (hooks[0]["last_status"] as? Int) == 200, "\(hooks)")

        serve.stop()
        let later = try Self.endedJob(farm) { "\(base)/ok/\($0)" }
        #expect(try farm.queue().webhookList(jobID: later).map(\.state) == [.pending], "no delivery row while no server runs")
        serve = try await Self.serve(farm, secretFile: secretFile)
        let afterRestart = try await Self.settled(farm, later)
        #expect(afterRestart.state == .delivered && afterRestart.attempts == 1, "\(afterRestart)")
        #expect(try receiver.requests().filter { $0.path == "/ok/\(later)" }.count == 1)
    }
}
