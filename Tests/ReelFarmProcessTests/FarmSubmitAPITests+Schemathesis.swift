import Foundation
import ReelTestSupport
import Testing

extension FarmTests.SubmitAPI {
    /// The checks Schemathesis makes of every answer: no 5xx, a documented status, content type and headers, and a
    /// body the document's schema accepts.
    static let schemathesisChecks = "not_a_server_error,status_code_conformance,content_type_conformance,"
        + "response_headers_conformance,response_schema_conformance"

    @Test("Schemathesis against the real reel serve: every operation of docs/openapi.json, no 5xx, no schema violation")
    func schemathesis() async throws {
        let st = TestRepository.root.appendingPathComponent(".build/pyenv/bin/st").path
        try #require(FileManager.default.isExecutableFile(atPath: st), "scripts/setup.sh installs schemathesis")
        try await Self.serving { farm, serve, _ in
            // Job 1 exists, so the document's example id reaches a real job and not only 404s.
            let job = try serve.request("POST", "/api/v1/jobs", headers: [serve.bearer, Self.json], body: Self.envelope(output: "st.mp4"))
            #expect(job.status == 201, "\(job)")
            // The event stream never ends, so it is left out. The rate stays under the API's budget of single-job
            // reads (10 a second): over it the server answers 503 by design, which not_a_server_error would count.
            // Run in the test's folder: Schemathesis and Hypothesis leave folders of their own in the working directory.
            let folder = farm.root.appendingPathComponent("st")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let out = try await TestProcess.run("/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", folder.path, st,
                "run", "http://127.0.0.1:\(serve.port)/api/v1/openapi.json", "-H", "Authorization: Bearer \(serve.token)",
                "--exclude-path", "/events", "--max-examples", "5", "--seed", "1", "--rate-limit", "14/s",
                "--checks", Self.schemathesisChecks, "--workers", "2", "--no-color", "--max-time", "40",
                "--generation-database", "none",
            ], environment: ["HOME": farm.root.path], logs: farm.logs, timeout: .seconds(120))
            let summary = out.stdout.split(separator: "\n").filter { $0.contains("generated") || $0.contains(" in ") && $0.contains("=") }
            print("schemathesis: \(summary.joined(separator: " | "))")
            #expect(out.status == 0 && out.stdout.contains("passed") && !out.stdout.contains("FAILURES"),
                    "schemathesis:\n\(out.stdout.suffix(6000))\n\(out.stderr.suffix(2000))")
        }
    }
}
