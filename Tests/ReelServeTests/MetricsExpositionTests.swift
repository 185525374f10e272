import Foundation
import ReelQueue
import ReelServe
import Testing

/// `MetricsExposition.render`: a `QueueMetrics` snapshot mapped to Reel's families.
@Suite struct MetricsExpositionTests {
    private func value(_ lines: [MetricsLine], _ name: String, _ labels: String = "") -> String? {
        lines.first { $0.name == name && $0.labels == labels }?.value
    }

    @Test func anEmptyFarmHasEveryStateAndStatusAtZero() {
        let lines = MetricsLine.parse(MetricsExposition.render(QueueMetrics(at: MetricsFixture.now)))
        for state in JobState.allCases { #expect(value(lines, "reel_jobs", "state=\"\(state.rawValue)\"") == "0") }
        for state in SegmentState.allCases {
            #expect(value(lines, "reel_segments", "state=\"\(state.rawValue)\"") == "0")
        }
        for status in MetricsExposition.workerStatuses {
            #expect(value(lines, "reel_workers", "status=\"\(status)\"") == "0")
        }
        for kind in MetricsExposition.knownFailureKinds {
            #expect(value(lines, "reel_segment_failures_total", "kind=\"\(kind)\"") == "0")
        }
        #expect(value(lines, "reel_oldest_queued_segment_age_seconds") == "0")
        #expect(value(lines, "reel_segment_render_seconds_bucket", #"le="+Inf""#) == "0")
        #expect(value(lines, "reel_frames_rendered_total") == "0")
    }

    @Test func aBusyFarmsNumbersAreWrittenInBaseUnits() {
        let lines = MetricsLine.parse(MetricsExposition.render(MetricsFixture.makeMetrics()))
        #expect(value(lines, "reel_jobs", #"state="running""#) == "3")
        #expect(value(lines, "reel_jobs", #"state="failed""#) == "0")
        #expect(value(lines, "reel_segments", #"state="available""#) == "40")
        #expect(value(lines, "reel_frames_rendered_total") == "123456")
        #expect(value(lines, "reel_frames_reused_total") == "789")
        #expect(value(lines, "reel_oldest_queued_segment_age_seconds") == "93.25")
        #expect(value(lines, "reel_segment_failures_total", #"kind="render""#) == "4")
        #expect(value(lines, "reel_segment_failures_total", #"kind="weird \"kind\"\n""#) == "1")
        #expect(value(lines, "reel_segment_render_seconds_count") == "6")
        #expect(value(lines, "reel_segment_render_seconds_bucket", #"le="+Inf""#) == "6")
        #expect(value(lines, "reel_segment_render_seconds_bucket", #"le="1800""#) == "5")
        #expect(value(lines, "reel_stitch_seconds_sum") == "12.5")
        #expect(value(lines, "reel_metrics_snapshot_timestamp_seconds") == "1800000000")
    }

    @Test func workersAreCountedByStatusAndDescribedOneByOne() {
        let lines = MetricsLine.parse(MetricsExposition.render(MetricsFixture.makeMetrics(), goneAfter: .seconds(120)))
        #expect(value(lines, "reel_workers", #"status="working""#) == "\(MetricsFixture.hostileIDs.count)")
        #expect(value(lines, "reel_workers", #"status="idle""#) == "1")
        #expect(value(lines, "reel_workers", #"status="draining""#) == "1")
        #expect(value(lines, "reel_workers", #"status="stopped""#) == "1")
        #expect(value(lines, "reel_workers", #"status="gone""#) == "1")
        #expect(value(lines, "reel_worker_up", #"worker="gone-1",host="h2""#) == "0")
        #expect(value(lines, "reel_worker_up", #"worker="stop-1",host="h2""#) == "0")
        #expect(value(lines, "reel_worker_up", #"worker="idle-1",host="h1""#) == "1")
        #expect(value(lines, "reel_worker_frames_per_second", #"worker="idle-1",host="h1""#) == "0")
        #expect(value(lines, "reel_worker_frames_per_second", #"worker="drain-1",host="h1""#) == "24.5")
        #expect(value(lines, "reel_worker_frames_per_second", #"worker="gone-1",host="h2""#) == "0")
        #expect(value(lines, "reel_worker_heartbeat_age_seconds", #"worker="gone-1",host="h2""#) == "500")
        #expect(value(lines, "reel_worker_status", #"worker="gone-1",host="h2",status="gone""#) == "1")
        #expect(value(lines, "reel_worker_status", #"worker="gone-1",host="h2",status="idle""#) == "0")
        #expect(value(lines, "reel_worker_status", #"worker="idle-1",host="h1",status="idle""#) == "1")
        #expect(value(lines, "reel_worker_segments_done_total", #"worker="stop-1",host="h2""#) == "3")
        #expect(value(lines, "reel_worker_info", #"worker="stop-1",host="h2",version="0.9 \"beta\"""#) == "1")
    }

    /// Every hostile id is one escaped label value: no line is broken or injected, and each escaped form
    /// appears exactly where it belongs.
    @Test func hostileWorkerIdsAndHostsAreEscaped() {
        let m = MetricsFixture.makeMetrics()
        let text = MetricsExposition.render(m)
        let lines = MetricsLine.parse(text)
        let perWorker = lines.filter { $0.name == "reel_worker_heartbeat_age_seconds" }
        #expect(perWorker.count == m.workers.count)
        for (i, id) in MetricsFixture.hostileIDs.enumerated() {
            let host = MetricsFixture.hostileIDs[(i + 1) % MetricsFixture.hostileIDs.count]
            let labels = "worker=\"\(PrometheusText.escapeLabelValue(id))\",host=\"\(PrometheusText.escapeLabelValue(host))\""
            #expect(value(lines, "reel_worker_heartbeat_age_seconds", labels) == "\(i)", "worker \(id.debugDescription)")
        }
        #expect(text.contains(#"worker="new\nline""#))
        #expect(text.contains(#"worker="back\\slash\\""#))
        #expect(text.contains(#"worker="quote\"},evil=\"1""#))
        #expect(!text.contains("evil=\"1\"}"))
        #expect(text.contains("worker=\"ユニコード🎬\""))
        // Every line is a comment or `name{…} value` with a known family name.
        let names = Set(MetricsExposition.families(m).map(\.name))
        for line in lines {
            let family = ["_bucket", "_sum", "_count"].reduce(line.name) { n, s in
                n.hasSuffix(s) && !names.contains(n) ? String(n.dropLast(s.count)) : n
            }
            #expect(names.contains(family), "unexpected line \(line)")
            #expect(Double(line.value) != nil || ["NaN", "+Inf", "-Inf"].contains(line.value), "value of \(line)")
        }
    }

    @Test func extraFamiliesFollowAndCannotShadowReelsOwn() {
        let extra = MetricsFixture.extra + [.gauge("reel_jobs", "an impostor", 99)]
        let text = MetricsExposition.render(QueueMetrics(at: MetricsFixture.now), extra: extra)
        #expect(text.contains(#"reel_serve_http_requests_total{code="404"} 2"#))
        #expect(text.contains("reel_serve_sse_clients 3\n"))
        #expect(!text.contains("reel_jobs 99"))
        #expect(text.hasSuffix("\n"))
    }

    @Test func aWorkersBadFpsReportIsWrittenAsZero() {
        var m = QueueMetrics(at: MetricsFixture.now)
        m.workers = [MetricsFixture.makeWorker(id: "a", host: "h", fps: .nan),
                     MetricsFixture.makeWorker(id: "b", host: "h", age: -30, fps: -4)]
        let lines = MetricsLine.parse(MetricsExposition.render(m))
        #expect(value(lines, "reel_worker_frames_per_second", #"worker="a",host="h""#) == "0")
        #expect(value(lines, "reel_worker_frames_per_second", #"worker="b",host="h""#) == "0")
        #expect(value(lines, "reel_worker_heartbeat_age_seconds", #"worker="b",host="h""#) == "0")
    }
}
