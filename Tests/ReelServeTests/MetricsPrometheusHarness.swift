import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
import ReelTestSupport
#endif

/// A real Prometheus server (Debian's `/usr/bin/prometheus`) scraping one target every second, with its
/// configuration and TSDB in a temporary folder and its API on a free loopback port.
///
/// To scrape `reel serve`, start it and pass its address: `PrometheusHarness.scrapeAndQuery(target:
/// "127.0.0.1:8700", metricsPath: "/metrics", query: "reel_frames_rendered_total")`, with
/// `bearerTokenFile:` when /metrics is behind the token. Waits poll with a generous ceiling (a failure
/// message, never a speed assertion); Prometheus is stopped however the caller ends.
final class PrometheusHarness: @unchecked Sendable {
    /// One element of an instant vector: its labels (without `__name__`) and value.
    struct Sample: Equatable {
        var labels: [String: String]
        var value: Double
    }

    /// An answer that may change once Prometheus has started: polling goes on.
    private struct NotYet: Error, CustomStringConvertible {
        var description: String
    }

    let folder: URL
    let api: URL
    private let process: TestChild

    /// The longest any wait polls before failing.
    static let ceiling: Duration = .seconds(60)

    /// Scrapes `target` until it is up and `query` answers with one sample, and returns that value.
    static func scrapeAndQuery(target: String, metricsPath: String = "/metrics", bearerTokenFile: String? = nil,
                               query: String) async throws -> Double {
        try await with(target: target, metricsPath: metricsPath, bearerTokenFile: bearerTokenFile) { prometheus in
            let samples = try await prometheus.queryUntilAnswered(query)
            guard samples.count == 1 else {
                throw TestFailure("\(query) gave \(samples.count) samples, not 1: \(samples)")
            }
            return samples[0].value
        }
    }

    /// Runs `body` with a Prometheus that scrapes `target` and has seen it up; stops it afterwards.
    static func with<T>(target: String, metricsPath: String = "/metrics", bearerTokenFile: String? = nil,
                        _ body: (PrometheusHarness) async throws -> T) async throws -> T {
        let prometheus = try await started(target: target, metricsPath: metricsPath, bearerTokenFile: bearerTokenFile)
        defer { prometheus.stop() }
        try await prometheus.waitUntilTargetUp()
        return try await body(prometheus)
    }

    /// How long a started Prometheus may take to answer `/-/ready` (it takes well under a second).
    static let startLimit: Duration = .seconds(20)

    /// A Prometheus that answers `/-/ready`: one that does not within `startLimit` is killed and a fresh one is
    /// started, once. In the fresh-clone run of stop 31 two of them spun at full CPU from their start without
    /// writing a line of log, for nine minutes, starving every other test (a 180 s limit elsewhere ran out), as
    /// promtool had in stop 30; started again by hand, Prometheus was ready in under a second.
    static func started(target: String, metricsPath: String, bearerTokenFile: String?) async throws -> PrometheusHarness {
        var logs: [String] = []
        for _ in 1...2 {
            let prometheus = try PrometheusHarness(target: target, metricsPath: metricsPath, bearerTokenFile: bearerTokenFile)
            if try await prometheus.becomesReady() { return prometheus }
            logs.append(prometheus.log)
            prometheus.stop()
        }
        throw TestFailure("Prometheus was not ready within \(startLimit), twice; its logs: \(logs)")
    }

    /// Whether `/-/ready` answers 200 within `startLimit`; each request may take 2 s at most.
    func becomesReady() async throws -> Bool {
        let clock = ContinuousClock(), deadline = clock.now + Self.startLimit
        var request = URLRequest(url: api.appendingPathComponent("-/ready"))
        request.timeoutInterval = 2
        while clock.now < deadline {
            guard process.isRunning else {
                throw TestFailure("prometheus exited (\(process.exitStatus)): \(log)")
            }
            if let (_, response) = try? await URLSession.shared.data(for: request),
               (response as? HTTPURLResponse)?.statusCode == 200 {
                return true
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    private init(target: String, metricsPath: String, bearerTokenFile: String?) throws {
        let binary = try MetricsProcess.tool("prometheus")
        folder = try TempDir("prometheus").url
        let port = try MetricsPorts.free()
        api = URL(string: "http://127.0.0.1:\(port)")!
        let config = folder.appendingPathComponent("prometheus.yml")
        try Self.config(target: target, metricsPath: metricsPath, bearerTokenFile: bearerTokenFile)
            .write(to: config, atomically: true, encoding: .utf8)
        process = try TestChild(name: "prometheus", executable: binary, arguments: [
            "--config.file=\(config.path)", "--storage.tsdb.path=\(folder.appendingPathComponent("data").path)",
            "--web.listen-address=127.0.0.1:\(port)", "--log.level=warn",
        ], logs: folder, joined: true)
    }

    /// The scrape configuration: one job, `reel`, every second.
    static func config(target: String, metricsPath: String, bearerTokenFile: String?) -> String {
        let auth = bearerTokenFile.map { "\n    authorization:\n      type: Bearer\n      credentials_file: \"\($0)\"" } ?? ""
        return """
            global:
              scrape_interval: 1s
              scrape_timeout: 1s
              evaluation_interval: 1s
            scrape_configs:
              - job_name: reel
                metrics_path: "\(metricsPath)"
                static_configs:
                  - targets: ["\(target)"]\(auth)

            """
    }

    /// Stops Prometheus and removes its folder.
    func stop() {
        process.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Prometheus' own log so far, for failure messages.
    var log: String {
        process.stdout
    }

    /// Polls `/api/v1/targets` until the one target's health is `up`.
    func waitUntilTargetUp() async throws {
        var last = "no answer"
        try await poll("the target to be scraped (last: \(last))") {
            let json = try await self.get("/api/v1/targets")
            let data = json["data"] as? [String: Any]
            let target = (data?["activeTargets"] as? [[String: Any]])?.first
            last = "health \(target?["health"] ?? "none"), error \(target?["lastError"] ?? "none")"
            return target?["health"] as? String == "up"
        }
    }

    /// Polls an instant query until it returns at least one sample.
    func queryUntilAnswered(_ query: String) async throws -> [Sample] {
        var samples: [Sample] = []
        try await poll("an answer to \(query)") {
            samples = try await self.query(query)
            return !samples.isEmpty
        }
        return samples
    }

    /// One instant query through `/api/v1/query`.
    /// - Throws: when Prometheus answers with an error (a PromQL syntax error, say) or not a vector.
    func query(_ query: String) async throws -> [Sample] {
        var components = URLComponents(string: "/api/v1/query")!
        components.queryItems = [URLQueryItem(name: "query", value: query)]
        let encoded = components.percentEncodedQuery!.replacingOccurrences(of: "+", with: "%2B")
        let json = try await get("/api/v1/query?" + encoded)
        guard json["status"] as? String == "success", let data = json["data"] as? [String: Any] else {
            throw TestFailure("query \(query) failed: \(json)")
        }
        guard data["resultType"] as? String == "vector", let result = data["result"] as? [[String: Any]] else {
            return []
        }
        return try result.map { element in
            var labels = element["metric"] as? [String: String] ?? [:]
            labels["__name__"] = nil
            guard let pair = element["value"] as? [Any], pair.count == 2, let text = pair[1] as? String,
                  let value = Double(text) ?? (text == "+Inf" ? .infinity : nil) else {
                throw TestFailure("query \(query): cannot read \(element)")
            }
            return Sample(labels: labels, value: value)
        }
    }

    /// GETs `path` from the API and decodes its JSON object (the body of an HTTP error too).
    private func get(_ path: String) async throws -> [String: Any] {
        let (data, _) = try await URLSession.shared.data(from: URL(string: api.absoluteString + path)!)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw NotYet(description: "GET \(path): not a JSON object: \(String(decoding: data, as: UTF8.self))")
        }
        return object
    }

    /// Calls `check` every 250 ms until it says true; fails after `ceiling`, or at once if Prometheus exited.
    /// A connection refused while Prometheus starts counts as "not yet".
    private func poll(_ what: @autoclosure () -> String, _ check: () async throws -> Bool) async throws {
        let clock = ContinuousClock(), deadline = clock.now + Self.ceiling
        var lastError: Error?
        while clock.now < deadline {
            guard process.isRunning else {
                throw TestFailure("prometheus exited (\(process.exitStatus)): \(log)")
            }
            do {
                if try await check() { return }
                lastError = nil
            } catch let error as TestFailure {
                throw error
            } catch {
                lastError = error
            }
            try await Task.sleep(for: .milliseconds(250))
        }
        throw TestFailure("""
            waited \(Self.ceiling) for \(what()) and gave up; last error: \(lastError.map { "\($0)" } ?? "none"); \
            prometheus log: \(log)
            """)
    }
}
