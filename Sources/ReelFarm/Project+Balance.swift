import ReelModel
import ReelPlan

/// Segment sizing for a short job on few workers (`reel render` without `--segment-seconds`).
///
/// Workers claim segments in index order, so a job of a few segments ends when its busiest worker does,
/// while the others sit idle. The 21-second reference job plans 120, 150, 240 and 120 frames at the
/// default 10 s; on 2 workers one of them renders 390 frames (two of its three transitions) and the other
/// 270. At 21/2 s the same job plans 150, 210, 150 and 120 frames, which split 375 to 375 in the estimate
/// below. A long job has enough segments to even out, and keeps the default (and its part reuse after edits).
extension Project {
    /// A job with fewer segments than this many per worker is short.
    static let shortJobSegmentsPerWorker = 4

    /// This project, or the same one planned with the segment length (the duration split into 1 to
    /// `shortJobSegmentsPerWorker` segments per worker) whose estimated wall time on `workers` is lowest.
    /// Only a short job with no `--segment-seconds` and more than one worker is replanned; the chosen
    /// length is recorded in the request.
    /// A range render is balanced as its whole timeline would be, so that its segments between the range's
    /// edges are the whole render's (and reuse its parts).
    /// - Throws: `PlanError` when replanning fails.
    public func balanced(workers: Int) throws -> Project {
        guard let range = plan.options.range else { return try balancedWhole(workers: workers) }
        let whole = try replanned(range: nil).balancedWhole(workers: workers)
        guard let seconds = whole.request.segmentSeconds, seconds != request.segmentSeconds else { return self }
        return try whole.replanned(range: range)
    }

    private func balancedWhole(workers: Int) throws -> Project {
        guard workers > 1, request.segmentSeconds == nil,
              plan.segments.count < Self.shortJobSegmentsPerWorker * workers else { return self }
        var best = (project: self, estimate: SegmentBalance(plan: plan).makespan(workers: workers))
        for perWorker in 1...Self.shortJobSegmentsPerWorker {
            let seconds = try plan.duration.rational / Rational(Int64(perWorker * workers))
            guard seconds >= PlanOptions.defaultMinimumSegmentSeconds else { break }
            let candidate = try replanned(segmentSeconds: "\(seconds.numerator)/\(seconds.denominator)")
            let estimate = SegmentBalance(plan: candidate.plan).makespan(workers: workers)
            if estimate < best.estimate * 0.99 { best = (candidate, estimate) }
        }
        return best.project
    }
}

/// A plan's wall time on workers that claim its segments in index order, estimated in frame times.
struct SegmentBalance {
    /// A segment's start-up (encoder open, decoder opens, seek pre-roll), in frame times.
    static let startupFrames = 15.0
    /// What a frame inside a transition costs on top of a plain one (two sources decoded and blended).
    static let transitionExtra = 0.5

    /// Per segment: its frames, `transitionExtra` more for each frame inside a transition, and its start-up.
    let costs: [Double]

    init(costs: [Double]) { self.costs = costs }

    init(plan: Plan) {
        let clock = plan.clock
        let transitions = plan.transitions.map { t in
            clock.frame(atOrAfter: t.range.start)..<max(clock.frame(atOrAfter: t.range.start),
                                                       clock.frame(atOrAfter: t.range.end))
        }
        costs = plan.segments.map { segment in
            let inside = transitions.reduce(0) { $0 + $1.clamped(to: segment.frames).count }
            return Double(segment.frames.count) + Self.transitionExtra * Double(inside) + Self.startupFrames
        }
    }

    /// List scheduling in index order: each segment goes to the worker that is free first.
    func makespan(workers: Int) -> Double {
        var free = [Double](repeating: 0, count: max(1, workers))
        for cost in costs {
            let first = free.indices.min { free[$0] < free[$1] } ?? 0
            free[first] += cost
        }
        return free.max() ?? 0
    }
}
