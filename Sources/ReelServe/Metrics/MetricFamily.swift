import Foundation

/// One metric family of the Prometheus text exposition (format 0.0.4): a name, its `# HELP` and
/// `# TYPE` lines, and its samples. `MetricsExposition.render` builds Reel's own families from a
/// `QueueMetrics`; the server passes its own (requests served, SSE clients) through `extra`.
///
/// Names follow Prometheus' conventions: base units (`_seconds`, `_bytes`), `_total` on counters
/// (the family name includes it, as client_golang writes it), no unit on gauges that count things.
public struct MetricFamily: Sendable, Hashable {
    /// The `# TYPE` of a family.
    public enum Kind: String, Sendable, Hashable {
        case counter, gauge, histogram
    }

    /// The family name; characters outside `[a-zA-Z0-9_:]` are written as `_` (see `PrometheusText`).
    public var name: String
    /// Free text for `# HELP`; backslashes and line breaks are escaped when written.
    public var help: String
    public var kind: Kind
    public var samples: [MetricSample]

    public init(name: String, help: String, kind: Kind, samples: [MetricSample]) {
        self.name = name; self.help = help; self.kind = kind; self.samples = samples
    }

    /// A gauge family: one sample per label set.
    public static func gauge(_ name: String, _ help: String, _ series: [([MetricLabel], Double)]) -> MetricFamily {
        MetricFamily(name: name, help: help, kind: .gauge,
                     samples: series.map { MetricSample(labels: $0.0, value: $0.1) })
    }

    /// A gauge family of one unlabelled sample.
    public static func gauge(_ name: String, _ help: String, _ value: Double) -> MetricFamily {
        gauge(name, help, [([], value)])
    }

    /// A counter family (`name` should end in `_total`): one sample per label set.
    public static func counter(_ name: String, _ help: String, _ series: [([MetricLabel], Double)]) -> MetricFamily {
        MetricFamily(name: name, help: help, kind: .counter,
                     samples: series.map { MetricSample(labels: $0.0, value: $0.1) })
    }

    /// A counter family of one unlabelled sample.
    public static func counter(_ name: String, _ help: String, _ value: Double) -> MetricFamily {
        counter(name, help, [([], value)])
    }

    /// A histogram family: `_bucket{le=…}` (cumulative, ending with `le="+Inf"` equal to the count),
    /// `_sum` and `_count` for each label set. See `HistogramSeries` for how bad input is made consistent.
    public static func histogram(_ name: String, _ help: String, _ series: [([MetricLabel], HistogramSeries)])
        -> MetricFamily {
        MetricFamily(name: name, help: help, kind: .histogram,
                     samples: series.flatMap { labels, h in h.samples(labels: labels) })
    }
}

/// A label pair. The name should match `[a-zA-Z_][a-zA-Z0-9_]*`; the value is any text and is escaped
/// when written (backslash, double quote, line feed).
public struct MetricLabel: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name; self.value = value
    }
}

/// One sample line: the family name plus `suffix` (`""`, or `_bucket`, `_sum`, `_count` in a histogram),
/// its labels in order, and its value.
public struct MetricSample: Sendable, Hashable {
    public var suffix: String
    public var labels: [MetricLabel]
    public var value: Double

    public init(suffix: String = "", labels: [MetricLabel] = [], value: Double) {
        self.suffix = suffix; self.labels = labels; self.value = value
    }
}
