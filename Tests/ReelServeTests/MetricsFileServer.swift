import Foundation
import ReelTestSupport

/// A real HTTP server (Python's http.server) that answers GET /metrics with a fixed exposition and
/// Prometheus' text Content-Type: the scrape target until the test can start `reel serve` itself.
final class MetricsFileServer: @unchecked Sendable {
    private let process: TestChild
    private let folder: URL
    /// `127.0.0.1:PORT`, as a Prometheus target.
    let target: String

    /// The server: reads the body once, binds port 0 on loopback, prints the port it got.
    private static let script = """
        import http.server, sys
        body = open(sys.argv[1], 'rb').read()
        class H(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                if self.path != '/metrics':
                    self.send_error(404); return
                if sys.argv[3] and self.headers.get('Authorization') != 'Bearer ' + sys.argv[3]:
                    self.send_error(401); return
                self.send_response(200)
                self.send_header('Content-Type', sys.argv[2])
                self.send_header('Content-Length', str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            def log_message(self, *args):
                pass
        server = http.server.HTTPServer(('127.0.0.1', 0), H)
        print('port', server.server_port, flush=True)
        server.serve_forever()
        """

    /// Starts serving `text`, only to requests that carry `Authorization: Bearer <token>` when `token` is
    /// given (as `reel serve` may guard /metrics); waits (polling, up to `PrometheusHarness.ceiling`) until it says its port.
    init(serving text: String, token: String? = nil) async throws {
        folder = try TempDir("metrics-target").url
        let body = folder.appendingPathComponent("metrics")
        try Data(text.utf8).write(to: body)
        let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
            ? "/usr/bin/python3" : try MetricsProcess.tool("python3")
        process = try TestChild(name: "metrics-server", executable: python,
                                arguments: ["-c", Self.script, body.path, "text/plain; version=0.0.4; charset=utf-8",
                                            token ?? ""],
                                logs: folder, joined: true)
        let log = process.stdoutURL
        let clock = ContinuousClock(), deadline = clock.now + PrometheusHarness.ceiling
        var port: String?
        // The log decides: a port line means it listens. (Checking `isRunning` first once missed a server that was
        // up: the loop ended early and reported a log that did hold its port.)
        while true {
            let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            port = said.split(separator: "\n").first { $0.hasPrefix("port ") && $0.count > 5 }
                .map { String($0.dropFirst(5)).trimmingCharacters(in: .whitespaces) }
            if port != nil || clock.now >= deadline || !process.isRunning { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        if port == nil, let said = try? String(contentsOf: log, encoding: .utf8) {
            port = said.split(separator: "\n").first { $0.hasPrefix("port ") && $0.count > 5 }.map { String($0.dropFirst(5)) }
        }
        guard let port else {
            let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            process.stop()
            throw TestFailure("the metrics file server did not start: \(said)")
        }
        target = "127.0.0.1:\(port)"
    }

    /// Stops the server and removes its folder.
    func stop() {
        process.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
