import Foundation
import ReelTestSupport
import Testing
@testable import ReelQueue

extension FarmTests {
    /// Issue 22 end to end: PostgreSQL, two `reel worker`s and `reel serve --api-tokens` over https, all on loopback.
    /// Two users with tokens of their own submit, one with curl and one with `reel submit --server --cacert`; both
    /// jobs render; each user sees and steers only its own; a revoked token is refused; each job's webhook is delivered and
    /// verified, one of them after a 500.
    @Suite("Accounts end to end") struct AccountsEndToEnd {}
}

extension FarmTests.AccountsEndToEnd {
    /// curl over https trusting `cert`: the status and the body.
    static func curl(_ base: String, cert: String, _ method: String, _ path: String, token: String? = nil,
                     body: String? = nil) throws -> (status: Int, body: String) {
        var args = ["-sS", "--max-time", "30", "--cacert", cert, "-X", method, "-w", "\n%{http_code}", base + path]
        if let token { args += ["-H", "Authorization: Bearer \(token)"] }
        if let body { args += ["-H", "Content-Type: application/json", "--data-binary", body] }
        let out = try TestProcess.run("/usr/bin/curl", args, timeout: .seconds(40))
        let lines = out.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
    }

    static func jobID(_ json: String) throws -> Int64 {
        let object = try #require(try TestJSON.parse(json) as? [String: Any], "\(json)")
        let job = object["job"]
        if let id = (job as? NSNumber)?.int64Value { return id }
        return try #require(((job as? [String: Any])?["id"] as? NSNumber)?.int64Value, "\(json)")
    }

    @Test("two users over https: both jobs render, each steers only its own, a revoked token is 401, each webhook verifies")
    func twoUsersOverHTTPS() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let project = farm.root.appendingPathComponent("project")
        try await FarmMedia.makeClips(in: project.appendingPathComponent("media"), logs: farm.logs)
        let composition = project.appendingPathComponent("comp.json")
        try FarmMedia.composition.write(to: composition, atomically: true, encoding: .utf8)
        let shared = farm.root.appendingPathComponent("out")
        let roots = ["editor1", "editor2"].map { shared.appendingPathComponent($0) }
        for folder in roots { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let editor1 = try await FarmTests.ServeTokens.token(farm, user: "editor1", scope: "submit",
                                                           extra: ["--media-root", project.path, "--output-root", roots[0].path])
        let editor2 = try await FarmTests.ServeTokens.token(farm, user: "editor2", scope: "submit",
                                                           extra: ["--media-root", project.path, "--output-root", roots[1].path])
        let cert = try FarmTests.ServeTLS.makeCertificate(farm.root, "farm")
        let receiver = try await FarmTests.Webhooks.Receiver(farm, host: "127.0.0.2")
        defer { receiver.child.ensureDead() }
        let secret = "whsec-" + UUID().uuidString
        let secretFile = farm.root.appendingPathComponent("webhook-secret").path
        try secret.write(toFile: secretFile, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: secretFile)
        let serve = try await ServeProcess(farm, arguments: [
            "--api-tokens", "--tls-cert", cert.cert, "--tls-key", cert.key, "--media-root", project.path,
            "--output-root", shared.path, "--webhook-secret-file", secretFile, "--webhook-allow", "127.0.0.2/32",
            "--webhook-retry-base-ms", "300"])
        defer { serve.stop() }
        let base = "https://127.0.0.1:\(serve.port)"
        let workers = try (1...2).map { try farm.startWorker("acct-\($0)") }
        try await farm.waitForWorkers(workers.map(\.name))
        let hook = "http://127.0.0.2:\(receiver.port)"

        // Webhooks the farm may not reach are refused at submission, at `webhook`, and nothing is queued.
        for (url, says) in [("http://169.254.169.254/latest/meta-data/", "metadata"), ("http://10.0.0.1/hook", "private"),
                            ("http://127.0.0.1:\(receiver.port)/x", "loopback"), ("file:///etc/passwd", "http:// or https://")] {
            let refused = try Self.curl(base, cert: cert.cert, "POST", "/api/v1/jobs", token: editor1.text,
                                        body: FarmTests.SubmitAPI.envelope(output: "ssrf.mp4", extra: "\"webhook\": \"\(url)\""))
            #expect(refused.status == 422 && refused.body.contains("\"path\":\"webhook\"") && refused.body.contains(says),
                    "\(url): \(refused)")
        }
        #expect(try farm.queue().jobList(JobListParams(limit: 10)).isEmpty, "a refused webhook queued a job")

        // editor1 with curl, editor2 with reel submit --server (which refuses the self-signed server without --cacert).
        let posted = try Self.curl(base, cert: cert.cert, "POST", "/api/v1/jobs", token: editor1.text,
                                   body: FarmTests.SubmitAPI.envelope(output: "spot1.mp4",
                                                                   extra: "\"name\": \"editor1 spot\", \"webhook\": \"\(hook)/ok/editor1\""))
        #expect(posted.status == 201, "\(posted)")
        let first = try Self.jobID(posted.body)
        let tokenFile = farm.root.appendingPathComponent("editor2.token")
        try editor2.text.write(to: tokenFile, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenFile.path)
        let submit = ["submit", composition.path, "-o", "spot2.mp4", "--name", "editor2 spot", "--json",
                      "--server", base, "--token-file", tokenFile.path, "--webhook", "\(hook)/fail-once/editor2"]
        let untrusted = try await farm.run(submit)
        #expect(untrusted.status == 1 && untrusted.stderr.contains("certificate"), "without --cacert: \(untrusted.stderr)")
        let viaCLI = try await farm.run(submit + ["--cacert", cert.cert])
        #expect(viaCLI.status == 0, "\(viaCLI.stderr)")
        let second = try Self.jobID(viaCLI.stdout)
        #expect(try farm.queue().jobGet(first).webhookURL == "\(hook)/ok/editor1"
                && farm.queue().jobGet(second).webhookURL == "\(hook)/fail-once/editor2", "the webhooks were not kept with the jobs")

        let queue = try farm.queue()
        #expect(try queue.jobGet(first).owner == "editor1" && queue.jobGet(second).owner == "editor2")
        #expect(try queue.jobGet(first).outputLocation == roots[0].appendingPathComponent("spot1.mp4").path)
        #expect(try queue.jobGet(second).outputLocation == roots[1].appendingPathComponent("spot2.mp4").path)
        for id in [first, second] {
            let job = try await farm.waitForJob(id, timeout: .seconds(120))
            #expect(job.state == .done, "job \(id) ended \(job.state.rawValue): \(job.error ?? "")\n\(farm.workerLogs())")
        }
        for (root, name) in zip(roots, ["spot1.mp4", "spot2.mp4"]) {
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path), "\(name) was not published")
        }

        // Each user sees only its own job, and steers only it: another user's answers 404, as a job nobody has.
        for (token, own, other) in [(editor1.text, first, second), (editor2.text, second, first)] {
            // The list is the server's snapshot, refreshed about once a second: wait until it holds the user's job.
            let list = try await TestProcess.waitFor("the snapshot to list job \(own)", timeout: .seconds(30)) {
                let r = try Self.curl(base, cert: cert.cert, "GET", "/api/v1/jobs", token: token)
                return try r.status == 200 && FarmTests.ServeTokens.listedJobs(r.body).contains(own) ? r : nil
            }
            #expect(try FarmTests.ServeTokens.listedJobs(list.body) == [own], "\(list)")
            let detail = try Self.curl(base, cert: cert.cert, "GET", "/api/v1/jobs/\(other)", token: token)
            #expect(detail.status == 404, "\(detail)")
        }
        let unsigned = try Self.curl(base, cert: cert.cert, "GET", "/api/v1/jobs")
        #expect(unsigned.status == 401, "\(unsigned)")
        let cross = try Self.curl(base, cert: cert.cert, "POST", "/api/v1/jobs/\(second)/retry", token: editor1.text)
        #expect(cross.status == 404 && cross.body.contains("job \(second) does not exist"), "\(cross)")
        let crossCancel = try Self.curl(base, cert: cert.cert, "POST", "/api/v1/jobs/\(second)/cancel", token: editor1.text)
        #expect(crossCancel.status == 404, "\(crossCancel)")
        let own = try Self.curl(base, cert: cert.cert, "POST", "/api/v1/jobs/\(first)/priority", token: editor1.text,
                                body: #"{"priority": 3}"#)
        #expect(own.status == 200, "\(own)")

        _ = try await farm.check(["token", "revoke", "\(editor1.id)"])
        let revoked = try Self.curl(base, cert: cert.cert, "POST", "/api/v1/jobs", token: editor1.text,
                                    body: FarmTests.SubmitAPI.envelope(output: "late.mp4"))
        #expect(revoked.status == 401, "\(revoked)")
        #expect(try queue.jobList(JobListParams(limit: 10)).count == 2, "nothing more was queued")

        // One delivery per job, signed with its submitter's own webhook secret (not the server's key); editor2's after a 500.
        for (id, expected) in [(first, 1), (second, 2)] {
            let delivery = try await FarmTests.Webhooks.settled(farm, id, timeout: .seconds(60))
            #expect(delivery.state == .delivered && delivery.attempts == expected, "job \(id): \(delivery)")
        }
        let received = try receiver.requests()
        for (path, count, own, other) in [("/ok/editor1", 1, editor1.secret, editor2.secret),
                                          ("/fail-once/editor2", 2, editor2.secret, editor1.secret)] {
            let got = received.filter { $0.path == path && $0.headers["Reel-Event"] == "job.done" }
            #expect(got.count == count, "\(path): \(received.map(\.path))")
            let last = try #require(got.last)
            let signature = last.headers["Reel-Signature"] ?? ""
            #expect(try FarmTests.Webhooks.verify(signature, body: last.body, secret: own), "\(path) does not verify: \(last.headers)")
            #expect(try !FarmTests.Webhooks.verify(signature, body: last.body, secret: other)
                    && !FarmTests.Webhooks.verify(signature, body: last.body, secret: secret), "\(path) verifies with another secret")
        }
        let stuck = await farm.drainWorkers()
        #expect(stuck.isEmpty, "\(stuck)")
    }
}
