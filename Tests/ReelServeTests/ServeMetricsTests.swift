import Foundation
import ReelQueue
import ReelServe
import Testing

/// `reel serve`'s own `/metrics`, checked by Debian's promtool and scraped by a real Prometheus server.
@Suite(.serialized) struct ServeMetricsTests {
    @Test("GET /metrics passes promtool check metrics and counts the queue's segments")
    func promtoolOnServe() throws {
        let serve = try ServeFixture()
        _ = try serve.insertJob(name: "metrics \"job\"", segments: 4)
        let r = try serve.request("GET", "/metrics")
        #expect(r.status == 200)
        #expect(r.body.contains("reel_segments{state=\"available\"} 4"), "\(r.body.prefix(2000))")
        #expect(r.body.contains("reel_serve_database_up 1"))
        let lint = try MetricsProcess.run(try MetricsProcess.tool("promtool"), ["check", "metrics"], input: r.body)
        #expect(lint.status == 0 && lint.stdout.isEmpty, "promtool check metrics: \(lint.stdout)")
    }

    @Test("a real Prometheus scrapes reel serve and reads the queued segments and the server's own gauges back")
    func prometheusScrapesServe() async throws {
        let serve = try ServeFixture()
        _ = try serve.insertJob(name: "scraped", segments: 7)
        try await PrometheusHarness.with(target: "127.0.0.1:\(serve.port)") { prometheus in
            let queued = try await prometheus.queryUntilAnswered(#"reel_segments{state="available"}"#)
            #expect(queued.map(\.value) == [7], "\(queued)")
            let jobs = try await prometheus.queryUntilAnswered(#"reel_jobs{state="queued"}"#)
            #expect(jobs.map(\.value) == [1], "\(jobs)")
            let up = try await prometheus.queryUntilAnswered("reel_serve_database_up")
            #expect(up.map(\.value) == [1], "\(up)")
        }
    }
}
