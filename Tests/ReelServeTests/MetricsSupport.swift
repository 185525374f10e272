import Foundation
@testable import ReelQueue   // WorkerInfo has no public initialiser
import ReelServe

/// Fixtures and tools shared by the metrics tests.
enum MetricsFixture {
    /// The snapshot's clock.
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// Worker ids and hosts that try to break out of a label value, or carry Unicode.
    static let hostileIDs = [
        #"quote"},evil="1"#, #"back\slash\"#, "new\nline", "tab\there", "ユニコード🎬", "", "le", "#comment",
        "car\rriage", "nul\u{0}byte\u{7F}",
    ]

    /// A worker last seen `age` seconds before `now`.
    static func makeWorker(id: String, host: String, age: Double = 1, segment: Int64? = 7, fps: Double? = 24.5,
                           done: Int = 3, state: WorkerRunState = .running) -> WorkerInfo {
        WorkerInfo(id: id, host: host, pid: 42, version: "0.9 \"beta\"", tags: ["gpu"],
                   startedAt: now.addingTimeInterval(-3600), lastSeenAt: now.addingTimeInterval(-age),
                   currentSegmentID: segment, recentFramesPerSecond: fps, segmentsDone: done, state: state)
    }

    /// A histogram with `values` observed in the default buckets.
    static func makeHistogram(_ values: [Double]) -> QueueHistogram {
        var h = QueueHistogram()
        for v in values { h.observe(v) }
        return h
    }

    /// A busy farm: some of every state, hostile workers of every status, histograms with data.
    static func makeMetrics() -> QueueMetrics {
        var workers = hostileIDs.enumerated().map { i, id in
            makeWorker(id: id, host: hostileIDs[(i + 1) % hostileIDs.count], age: Double(i))
        }
        workers.append(makeWorker(id: "idle-1", host: "h1", segment: nil, fps: 9))
        workers.append(makeWorker(id: "drain-1", host: "h1", state: .draining))
        workers.append(makeWorker(id: "stop-1", host: "h2", state: .stopped))
        workers.append(makeWorker(id: "gone-1", host: "h2", age: 500))
        return QueueMetrics(
            at: now, jobsByState: [.queued: 2, .running: 3, .done: 10],
            segmentsByState: [.available: 40, .running: 6, .done: 300, .failed: 1],
            framesRendered: 123_456, framesReused: 789,
            segmentRenderSeconds: makeHistogram([0.2, 3, 3, 45, 700, 4000]),
            claimWaitSeconds: makeHistogram([0.01, 0.07, 1.5]),
            stitchSeconds: makeHistogram([12.5]), oldestQueuedAge: .milliseconds(93_250),
            failuresByKind: ["render": 4, "lease_expired": 2, "weird \"kind\"\n": 1],
            framesPerMinute: Array(repeating: 100, count: 60), workers: workers)
    }

    /// The server's own families, as `reel serve` would pass them in `extra`.
    static let extra: [MetricFamily] = [
        .counter("reel_serve_http_requests_total", "HTTP requests answered, by status code.",
                 [([MetricLabel("code", "200")], 17), ([MetricLabel("code", "404")], 2)]),
        .gauge("reel_serve_sse_clients", "Open server-sent-event streams.", 3),
    ]

    /// The repository root (three levels above this file).
    static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
}

/// One parsed sample line of the exposition: the name, the raw text between the braces, the value text.
struct MetricsLine: Equatable {
    var name: String
    var labels: String
    var value: String

    /// Every sample line of `text` (comment lines skipped). A line that does not parse is returned with
    /// its whole text as `name` and an empty value, so tests fail on it.
    static func parse(_ text: String) -> [MetricsLine] {
        text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { raw in
            let line = String(raw)
            if line.isEmpty || line.hasPrefix("#") { return nil }
            guard let space = line.lastIndex(of: " ") else { return MetricsLine(name: line, labels: "", value: "") }
            let head = line[..<space], value = String(line[line.index(after: space)...])
            guard let brace = head.firstIndex(of: "{") else {
                return MetricsLine(name: String(head), labels: "", value: value)
            }
            let labels = head[head.index(after: brace)..<head.index(before: head.endIndex)]
            return MetricsLine(name: String(head[..<brace]), labels: String(labels), value: value)
        }
    }
}
