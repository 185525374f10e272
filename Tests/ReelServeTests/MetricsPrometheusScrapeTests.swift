import Foundation
import ReelTestSupport
import ReelQueue
import ReelServe
import Testing

/// A real Prometheus server scrapes the exposition over HTTP and the values are queried back through its API.
/// The target is a real HTTP server serving `render`'s text; once `reel serve` exists, pass its address to
/// `PrometheusHarness` instead (nothing else changes).
@Suite(.serialized) struct MetricsPrometheusScrapeTests {
    @Test func prometheusScrapesTheExpositionAndReadsItBack() async throws {
        let m = MetricsFixture.makeMetrics()
        let text = MetricsExposition.render(m, extra: MetricsFixture.extra)
        let server = try await MetricsFileServer(serving: text)
        defer { server.stop() }
        try await PrometheusHarness.with(target: server.target) { prometheus in
            let frames = try await prometheus.queryUntilAnswered("reel_frames_rendered_total")
            #expect(frames == [.init(labels: ["job": "reel", "instance": server.target], value: 123_456)])

            // Every sample line was taken in: none dropped, none split by a hostile label.
            let scraped = try await prometheus.queryUntilAnswered("scrape_samples_scraped")
            #expect(scraped.first?.value == Double(MetricsLine.parse(text).count))

            // Hostile worker ids and hosts come back exactly (an empty value is no label, in Prometheus' model).
            let ages = try await prometheus.queryUntilAnswered("reel_worker_heartbeat_age_seconds")
            let got = ages.map { [$0.labels["worker"] ?? "", $0.labels["host"] ?? ""] }
                .sorted { $0.lexicographicallyPrecedes($1) }
            let want = m.workers.map { [$0.id, $0.host] }.sorted { $0.lexicographicallyPrecedes($1) }
            #expect(got == want)
            let weird = try await prometheus.query(#"reel_segment_failures_total{kind="weird \"kind\"\n"}"#)
            #expect(weird.map(\.value) == [1])
            let gone = try await prometheus.query(#"reel_worker_status{status="gone"} == 1"#)
            #expect(gone.map { $0.labels["worker"] } == ["gone-1"])

            let p50 = try await prometheus.query("histogram_quantile(0.5, reel_segment_render_seconds_bucket)")
            #expect(p50.count == 1 && (2.5...5).contains(p50[0].value), "\(p50)")
            try await answersEveryDashboardQuery(prometheus)
        }
    }

    /// Every dashboard expression is valid PromQL to the real server (`$__rate_interval` as 1m).
    private func answersEveryDashboardQuery(_ prometheus: PrometheusHarness) async throws {
        for (panel, expr) in try MetricsDashboard.expressions() {
            let query = expr.replacingOccurrences(of: "$__rate_interval", with: "1m")
            do {
                _ = try await prometheus.query(query)
            } catch {
                Issue.record("panel \(panel): \(query): \(error)")
            }
        }
    }

    /// With /metrics behind a bearer token, the harness's `bearerTokenFile` scrapes it.
    @Test func prometheusScrapesWithABearerToken() async throws {
        let token = "t0ken-\(UUID().uuidString)"
        let server = try await MetricsFileServer(serving: MetricsExposition.render(MetricsFixture.makeMetrics()),
                                                 token: token)
        defer { server.stop() }
        let folder = try TempDir("metrics-token").url
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("token")
        try token.write(to: file, atomically: true, encoding: .utf8)
        let frames = try await PrometheusHarness.scrapeAndQuery(target: server.target, bearerTokenFile: file.path,
                                                                query: "reel_frames_rendered_total")
        #expect(frames == 123_456)
    }
}
