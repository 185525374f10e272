import Foundation
import ReelQueue
import ReelServe
import Testing

/// What deploy/monitoring's dashboard and rules ask of the exposition.
enum MetricsDashboard {
    static var folder: URL { MetricsFixture.repoRoot.appendingPathComponent("deploy/monitoring") }

    /// Every `expr` in grafana-dashboard.json, with the panel title it belongs to.
    static func expressions() throws -> [(panel: String, expr: String)] {
        let data = try Data(contentsOf: folder.appendingPathComponent("grafana-dashboard.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let panels = try #require(root["panels"] as? [[String: Any]])
        return panels.flatMap { panel in
            ((panel["targets"] as? [[String: Any]]) ?? []).compactMap { target in
                (target["expr"] as? String).map { (panel["title"] as? String ?? "?", $0) }
            }
        }
    }

    /// The `reel_…` metric names in a PromQL text.
    static func metricNames(in text: String) -> Set<String> {
        var names = Set<String>()
        var current = ""
        for c in text.unicodeScalars {
            if CharacterSet.alphanumerics.contains(c) && c.isASCII || c == "_" || c == ":" {
                current.unicodeScalars.append(c)
            } else {
                if current.hasPrefix("reel_") { names.insert(current) }
                current = ""
            }
        }
        if current.hasPrefix("reel_") { names.insert(current) }
        return names
    }

    /// Every sample name `render` writes for a busy farm (histograms' `_bucket`, `_sum`, `_count` included).
    static func exposedNames() -> Set<String> {
        Set(MetricsLine.parse(MetricsExposition.render(MetricsFixture.makeMetrics())).map(\.name))
    }
}

@Suite struct MetricsDashboardTests {
    @Test func everyDashboardQueryUsesOnlyExposedMetrics() throws {
        let expressions = try MetricsDashboard.expressions()
        #expect(expressions.count >= 16)
        let exposed = MetricsDashboard.exposedNames()
        var used = Set<String>()
        for (panel, expr) in expressions {
            let names = MetricsDashboard.metricNames(in: expr)
            #expect(!names.isEmpty, "panel \(panel): \(expr) reads no reel_ metric")
            for name in names {
                #expect(exposed.contains(name), "panel \(panel) reads \(name), which /metrics does not write")
            }
            used.formUnion(names)
        }
        // What the issue asks the dashboard to show.
        for needed in ["reel_segments", "reel_frames_rendered_total", "reel_worker_frames_per_second",
                       "reel_segment_failures_total", "reel_segment_render_seconds_bucket", "reel_stitch_seconds_bucket",
                       "reel_oldest_queued_segment_age_seconds"] {
            #expect(used.contains(needed), "the dashboard shows nothing of \(needed)")
        }
    }

    @Test func everyPanelReadsTheDatasourceVariable() throws {
        let data = try Data(contentsOf: MetricsDashboard.folder.appendingPathComponent("grafana-dashboard.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        for panel in try #require(root["panels"] as? [[String: Any]]) {
            let source = panel["datasource"] as? [String: Any]
            #expect(source?["uid"] as? String == "${datasource}", "panel \(panel["title"] ?? "?")")
        }
    }

    @Test func everyAlertRuleUsesOnlyExposedMetrics() throws {
        let rules = try String(contentsOf: MetricsDashboard.folder.appendingPathComponent("alerts.yml"), encoding: .utf8)
        let exposed = MetricsDashboard.exposedNames()
        let used = MetricsDashboard.metricNames(in: rules)
        #expect(used.count >= 8)
        for name in used { #expect(exposed.contains(name), "alerts.yml reads \(name), which /metrics does not write") }
    }
}
