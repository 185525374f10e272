import Foundation
import ReelTestSupport
import ReelQueue
import ReelServe
import Testing

/// Debian's real `promtool` (package `prometheus`) on the exposition and on deploy/monitoring.
/// promtool prints nothing and exits 0 when it is content; any output or status is a failure here.
/// A missing promtool fails the test with how to install it (it is never skipped).
@Suite struct MetricsPromtoolTests {
    private var monitoring: URL { MetricsFixture.repoRoot.appendingPathComponent("deploy/monitoring") }

    private func checkMetrics(_ text: String) throws -> TestOutput {
        try MetricsProcess.run(try MetricsProcess.tool("promtool"), ["check", "metrics"], input: text)
    }

    @Test func promtoolAcceptsABusyHostileFarm() throws {
        let text = MetricsExposition.render(MetricsFixture.makeMetrics(), extra: MetricsFixture.extra)
        let result = try checkMetrics(text)
        #expect(result.status == 0 && result.stdout.isEmpty, "promtool check metrics: \(result.stdout)")
    }

    @Test func promtoolAcceptsAnEmptyFarm() throws {
        let result = try checkMetrics(MetricsExposition.render(QueueMetrics(at: MetricsFixture.now)))
        #expect(result.status == 0 && result.stdout.isEmpty, "promtool check metrics: \(result.stdout)")
    }

    /// The check can fail: promtool objects to a counter without `_total`, and to a broken escape.
    @Test func promtoolRejectsWhatBreaksTheConventions() throws {
        let lint = try checkMetrics(PrometheusText.render([.counter("reel_frames", "no suffix", 1)]))
        #expect(lint.status != 0 && lint.stdout.contains("_total"), "\(lint.status): \(lint.stdout)")
        let broken = try checkMetrics("# TYPE x gauge\nx{a=\"\\q\"} 1\n")
        #expect(broken.status != 0 && broken.stdout.contains("escape"), "\(broken.status): \(broken.stdout)")
    }

    /// The guard against a tool that hangs: killed after its timeout, tried once more, then reported.
    @Test func aToolThatHangsIsKilledAndReported() throws {
        let started = ContinuousClock.now
        #expect(throws: TestProcess.TimedOut.self) {
            try MetricsProcess.run("/bin/sleep", ["30"], timeout: .seconds(1))
        }
        #expect(started.duration(to: .now) < .seconds(10), "two 1 s attempts took \(started.duration(to: .now))")
    }

    @Test func promtoolAcceptsTheAlertRules() throws {
        let result = try MetricsProcess.run(try MetricsProcess.tool("promtool"),
                                            ["check", "rules", monitoring.appendingPathComponent("alerts.yml").path])
        #expect(result.status == 0 && result.stdout.contains("SUCCESS: 7 rules found"), "\(result.stdout)")
    }

    /// alerts.test.yml feeds series to every alert: each fires when it should and stays quiet on a near miss.
    @Test func theAlertRulesPassTheirUnitTests() throws {
        let result = try MetricsProcess.run(try MetricsProcess.tool("promtool"),
                                            ["test", "rules", monitoring.appendingPathComponent("alerts.test.yml").path])
        #expect(result.status == 0 && result.stdout.contains("SUCCESS"), "\(result.stdout)")
        let alerts = try String(contentsOf: monitoring.appendingPathComponent("alerts.yml"), encoding: .utf8)
        let tests = try String(contentsOf: monitoring.appendingPathComponent("alerts.test.yml"), encoding: .utf8)
        for line in alerts.split(separator: "\n") where line.contains("- alert: ") {
            let name = line.split(separator: " ").last.map(String.init) ?? ""
            #expect(tests.contains("alertname: \(name)\n"), "alerts.test.yml has no case for \(name)")
        }
    }

    /// The example configuration, as shipped (open /metrics) and with its `authorization:` block enabled.
    @Test func promtoolAcceptsTheExampleConfigurationBothWays() throws {
        let promtool = try MetricsProcess.tool("promtool")
        let shipped = try MetricsProcess.run(promtool, ["check", "config",
                                                        monitoring.appendingPathComponent("prometheus.yml").path])
        #expect(shipped.status == 0 && shipped.stdout.contains("is valid"), "\(shipped.stdout)")

        let folder = try TempDir("prometheus-config").url
        defer { try? FileManager.default.removeItem(at: folder) }
        let token = folder.appendingPathComponent("reel-serve.token")
        try "s3cret\n".write(to: token, atomically: true, encoding: .utf8)
        let original = try String(contentsOf: monitoring.appendingPathComponent("prometheus.yml"), encoding: .utf8)
        let withToken = original.replacingOccurrences(of: "    # authorization:", with: "    authorization:")
            .replacingOccurrences(of: "    #   type: Bearer", with: "      type: Bearer")
            .replacingOccurrences(of: "    #   credentials_file: /etc/prometheus/reel-serve.token",
                                  with: "      credentials_file: \(token.path)")
        #expect(withToken.contains("credentials_file: \(token.path)"))
        try withToken.write(to: folder.appendingPathComponent("prometheus.yml"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: monitoring.appendingPathComponent("alerts.yml"),
                                         to: folder.appendingPathComponent("alerts.yml"))
        let tokened = try MetricsProcess.run(promtool, ["check", "config", folder.appendingPathComponent("prometheus.yml").path])
        #expect(tokened.status == 0 && tokened.stdout.contains("is valid"), "\(tokened.stdout)")
    }
}
