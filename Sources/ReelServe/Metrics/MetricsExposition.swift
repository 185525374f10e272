import Foundation
import ReelModel
import ReelQueue

/// Reel's `/metrics`: a `QueueMetrics` snapshot as Prometheus metric families.
///
/// Choices an alert or a dashboard relies on:
/// - Every job state, segment state and worker status is written, with 0 when none is in it, so that
///   `sum(...)` and `== 0` comparisons never meet an empty vector.
/// - `reel_oldest_queued_segment_age_seconds` is 0 when no segment waits (not left out): an alert
///   `> threshold` then stays quiet without an `absent()` clause, and a graph shows 0, not a gap.
/// - `reel_segment_failures_total{kind}` always has the kinds in `knownFailureKinds` (0 until one happens),
///   so `rate()`/`increase()` see the first failure of a kind, which a series that appears at 1 would hide.
/// - Counters count rows still in the tables (see `QueueMetrics`): pruning a job lowers them, and
///   Prometheus reads that as a counter reset.
/// - `QueueMetrics.framesPerMinute` is not exposed: Prometheus computes rates from the counters itself.
public enum MetricsExposition {
    /// Failure kinds always written (see `AttemptError`'s kinds); other kinds appear when they occur.
    public static let knownFailureKinds = ["input", "render", "lease_expired", "stall", "stitch"]

    /// The exposition text of `m` followed by `extra` (the server's own families).
    /// - Parameters:
    ///   - m: one snapshot of the queue.
    ///   - goneAfter: how long without a heartbeat makes a worker `gone` (`WorkerInfo.status`).
    ///   - extra: more families, written after Reel's; one whose name is already used is left out.
    public static func render(_ m: QueueMetrics, goneAfter: Duration = .seconds(120),
                              extra: [MetricFamily] = []) -> String {
        PrometheusText.render(families(m, goneAfter: goneAfter) + extra)
    }

    /// Reel's families for `m`, in a fixed order.
    public static func families(_ m: QueueMetrics, goneAfter: Duration = .seconds(120)) -> [MetricFamily] {
        queueFamilies(m) + timingFamilies(m) + workerFamilies(m, goneAfter: goneAfter)
    }

    static func queueFamilies(_ m: QueueMetrics) -> [MetricFamily] {
        let kinds = Set(knownFailureKinds).union(m.failuresByKind.keys).sorted()
        return [
            .gauge("reel_jobs", "Jobs by state (every state present, 0 when none).",
                   JobState.allCases.map { ([MetricLabel("state", $0.rawValue)], Double(m.jobsByState[$0] ?? 0)) }),
            .gauge("reel_segments", "Segments by state (every state present, 0 when none); available = queued.",
                   SegmentState.allCases.map {
                       ([MetricLabel("state", $0.rawValue)], Double(m.segmentsByState[$0] ?? 0))
                   }),
            .counter("reel_frames_rendered_total",
                     "Frames rendered by workers into done segments (reused parts excluded).",
                     Double(m.framesRendered)),
            .counter("reel_frames_reused_total", "Frames of done segments that reused an earlier job's part.",
                     Double(m.framesReused)),
            .counter("reel_segment_failures_total", "Failed segment attempts by kind.",
                     kinds.map { ([MetricLabel("kind", $0)], Double(m.failuresByKind[$0] ?? 0)) }),
        ]
    }

    static func timingFamilies(_ m: QueueMetrics) -> [MetricFamily] {
        let age = m.oldestQueuedAge.map(\.secondsDouble) ?? 0
        return [
            .histogram("reel_segment_render_seconds", "Render wall time of done, rendered segments.",
                       [([], HistogramSeries(m.segmentRenderSeconds))]),
            .histogram("reel_segment_claim_wait_seconds",
                       "Claim latency: from the moment a segment became claimable to its claim.",
                       [([], HistogramSeries(m.claimWaitSeconds))]),
            .histogram("reel_stitch_seconds", "Stitch step wall time of done jobs (claim to publication).",
                       [([], HistogramSeries(m.stitchSeconds))]),
            .gauge("reel_oldest_queued_segment_age_seconds",
                   "Age of the oldest claimable segment; 0 when none waits.", max(age, 0)),
            .gauge("reel_metrics_snapshot_timestamp_seconds",
                   "When the queue snapshot behind these numbers was taken (Unix time, queue clock).",
                   m.at.timeIntervalSince1970),
        ]
    }
}
