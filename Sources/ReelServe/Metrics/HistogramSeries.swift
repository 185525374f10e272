import Foundation
import ReelQueue

/// One histogram's numbers, made consistent for the exposition whatever the source held:
/// bounds that are not finite or not strictly ascending are dropped (`+Inf` is always written, once,
/// as the last bucket); the cumulative counts never fall (a running maximum); and the count is at
/// least the last bucket, so `le="+Inf"` equals `_count` and `histogram_quantile` gets a monotone input.
/// A consistent `QueueHistogram` passes through unchanged.
public struct HistogramSeries: Sendable, Hashable {
    /// Finite, strictly ascending upper bounds, in seconds.
    public private(set) var upperBounds: [Double] = []
    /// Cumulative counts, one per bound, never falling.
    public private(set) var cumulativeCounts: [Int64] = []
    public private(set) var count: Int64
    /// The sum of all observations; NaN is kept as NaN (Prometheus accepts it).
    public private(set) var sum: Double

    /// Reads `histogram`, repairing what is inconsistent (see the type's comment).
    public init(_ histogram: QueueHistogram) {
        var running: Int64 = 0
        for (bound, cumulative) in zip(histogram.upperBounds, histogram.cumulativeCounts) {
            guard bound.isFinite, upperBounds.last.map({ bound > $0 }) ?? true else { continue }
            running = max(running, max(cumulative, 0))
            upperBounds.append(bound)
            cumulativeCounts.append(running)
        }
        count = max(histogram.count, running)
        sum = histogram.sum
    }

    /// The sample lines: one `_bucket` per bound and `le="+Inf"`, then `_sum` and `_count`.
    /// A label named `le` in `labels` is dropped: the buckets own it.
    func samples(labels given: [MetricLabel]) -> [MetricSample] {
        let labels = given.filter { $0.name != "le" }
        var out: [MetricSample] = []
        for (bound, cumulative) in zip(upperBounds, cumulativeCounts) {
            out.append(MetricSample(suffix: "_bucket", labels: labels + [MetricLabel("le", PrometheusText.number(bound))],
                                    value: Double(cumulative)))
        }
        out.append(MetricSample(suffix: "_bucket", labels: labels + [MetricLabel("le", "+Inf")], value: Double(count)))
        out.append(MetricSample(suffix: "_sum", labels: labels, value: sum))
        out.append(MetricSample(suffix: "_count", labels: labels, value: Double(count)))
        return out
    }
}
