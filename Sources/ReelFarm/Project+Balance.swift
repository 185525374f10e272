import ReelModel
import ReelPlan

/// Segment sizing for a short job on few workers (`reel render` without `--segment-seconds`).
///
/// Workers claim segments in index order, so a job of a few segments ends when its busiest worker does, while the
/// others sit idle. Frames do not cost the same: in the 21-second reference job (bench/README.md) one clip's 150
/// frames took 2.25 s of CPU to decode and encode and another's 0.72 s, and a transition decodes two sources. So the
/// balancing weighs each frame by what it shows (`FrameCosts`) and tries two kinds of plan for 1 to
/// `shortJobSegmentsPerWorker` segments per worker: the segmenter's at the matching segment length, and segments cut
/// where the estimated cost divides evenly (`PlanOptions.segmentStarts`, recorded in the request). It keeps the plan
/// whose estimated wall time on `workers` is lowest. A long job has enough segments to even out, and keeps the
/// default (and its part reuse after edits).
extension Project {
    /// A job with fewer segments than this many per worker is short.
    static let shortJobSegmentsPerWorker = 4

    /// This project, or the same one planned with the segments whose estimated wall time on `workers` is lowest (see
    /// above). Only a short job with no `--segment-seconds` and more than one worker is replanned; the choice is
    /// recorded in the request. A range render is balanced as its whole timeline would be, so that its segments between
    /// the range's edges are the whole render's (and reuse its parts).
    /// - Throws: `PlanError` when replanning fails.
    public func balanced(workers: Int) throws -> Project {
        guard let range = plan.options.range else { return try balancedWhole(workers: workers) }
        let whole = try replanned(range: nil).balancedWhole(workers: workers)
        guard whole.request.segmentSeconds != request.segmentSeconds
                || whole.request.segmentStarts != request.segmentStarts else { return self }
        return try whole.replanned(range: range)
    }

    private func balancedWhole(workers: Int) throws -> Project {
        guard workers > 1, request.segmentSeconds == nil, request.segmentStarts == nil,
              plan.segments.count < Self.shortJobSegmentsPerWorker * workers else { return self }
        let costs = FrameCosts(plan: plan)
        func estimate(_ p: Project) -> Double { SegmentBalance(plan: p.plan, costs: costs).makespan(workers: workers) }
        var best = (project: self, estimate: estimate(self))
        func consider(_ candidate: Project) {
            let e = estimate(candidate)
            if e < best.estimate * 0.99 { best = (candidate, e) }
        }
        for perWorker in 1...Self.shortJobSegmentsPerWorker {
            let count = perWorker * workers
            let seconds = try plan.duration.rational / Rational(Int64(count))
            guard seconds >= PlanOptions.defaultMinimumSegmentSeconds else { break }
            consider(try replanned(segmentSeconds: "\(seconds.numerator)/\(seconds.denominator)"))
            let starts = try costs.starts(dividing: count, plan: plan)
            if starts.count == count - 1 { consider(try replanned(segmentStarts: starts)) }
        }
        return best.project
    }
}

/// What each frame of a timeline is estimated to cost to render, in frames of a plain 8-bit source of little detail.
///
/// A frame costs what its top layer shows, plus half of what each layer under it shows (`overlayShare`):
/// - a source's picture costs `1 + min(maxDetail, bitsPerPixelWeight × bits per pixel)`: the bits an inter-frame
///   codec spent on a picture follow its detail and motion, and so do the CPU its decoder and the output's encoder
///   spend on it (fitted on the reference job's five clips: 0.72, 0.72, 0.88, 1.71 and 2.25 s of CPU to decode and
///   encode 150 frames, at 31 kb/s, 42 kb/s, 184 kb/s, 1.98 Mb/s and 3.63 Mb/s of 720p30 H.264);
/// - an intra-only codec's bits say more about its quality setting than about the picture, and a source without a bit
///   rate says nothing: both cost 1;
/// - a still costs `stillWeight`; a transition costs the mean of its two sides, times `1 + transitionExtra`.
///
/// An estimate, used only to choose among plans: a wrong one makes a render less even, never different.
struct FrameCosts {
    static let bitsPerPixelWeight = 17.0
    static let maxDetail = 3.0
    static let stillWeight = 0.5
    static let overlayShare = 0.5
    /// What a frame inside a transition costs on top of its sides' mean (two sources decoded and blended).
    static let transitionExtra = 0.5
    /// Codecs whose bit rate follows the picture's detail and motion.
    static let interCodecs: Set<String> = ["h264", "hevc", "av1", "vp8", "vp9", "mpeg4", "mpeg2video", "mpeg1video"]

    /// `prefix[f]`: the cost of frames `0..<f` of the whole timeline.
    private let prefix: [Double]

    init(plan: Plan) {
        let total = Int(plan.totalFrames)
        var weights = [Double](repeating: 1, count: total)
        let rate = plan.clock.frameRate.rational.doubleValue
        for instruction in plan.instructions {
            let frames = plan.clock.frames(in: instruction.timeRange).clamped(to: 0..<Int64(total))
            guard !frames.isEmpty else { continue }
            var weight = 0.0
            for (i, layer) in instruction.layers.enumerated() {
                let share = i == instruction.layers.count - 1 ? 1 : Self.overlayShare
                weight += share * Self.weight(of: layer, plan: plan, outputRate: rate)
            }
            for f in frames { weights[Int(f)] = max(weight, Self.stillWeight) }
        }
        var prefix = [Double](repeating: 0, count: total + 1)
        for f in 0..<total { prefix[f + 1] = prefix[f] + weights[f] }
        self.prefix = prefix
    }

    /// The cost of `frames` (clamped to the timeline).
    func cost(of frames: Range<Int64>) -> Double {
        let lo = Int(min(max(frames.lowerBound, 0), Int64(prefix.count - 1)))
        let hi = Int(min(max(frames.upperBound, Int64(lo)), Int64(prefix.count - 1)))
        return prefix[hi] - prefix[lo]
    }

    /// Where `count` segments start (after frame 0) so that each costs about the same: each start is the frame where
    /// the running cost reaches its share, moved out of a transition (`Plan.nearestSegmentStarts`). Fewer than
    /// `count − 1` starts when moving them made two meet or fall at the end.
    func starts(dividing count: Int, plan: Plan) throws -> [Int64] {
        let total = prefix.count - 1
        guard count > 1, total > 1 else { return [] }
        var shares: [Int64] = []
        var f = 0
        for k in 1..<count {
            let share = prefix[total] * Double(k) / Double(count)
            while f < total && prefix[f + 1] <= share { f += 1 }
            // The frame boundary nearest the share: f or f + 1.
            shares.append(Int64(f < total && share - prefix[f] > prefix[f + 1] - share ? f + 1 : f))
        }
        var out: [Int64] = []
        for start in try plan.nearestSegmentStarts(to: shares) where start > (out.last ?? 0) && start < Int64(total) {
            out.append(start)
        }
        return out
    }

    static func weight(of layer: LayerInstruction, plan: Plan, outputRate: Double) -> Double {
        switch layer {
        case .passthrough(let c):
            return weight(of: plan.clips[c].clip.asset, plan: plan, outputRate: outputRate)
        case .transition(let k):
            let t = plan.transitions[k]
            let sides = [t.outgoing, t.incoming].compactMap { $0 }
                .map { weight(of: plan.clips[$0].clip.asset, plan: plan, outputRate: outputRate) }
            let mean = sides.isEmpty ? 1 : sides.reduce(0, +) / Double(sides.count)
            return mean * (1 + transitionExtra)
        }
    }

    /// One picture of `asset` (see the type's notes).
    static func weight(of asset: AssetID, plan: Plan, outputRate: Double) -> Double {
        guard let video = plan.options.media[asset]?.video else { return 1 }
        if video.isStill { return stillWeight }
        guard let bits = video.bitRate, interCodecs.contains(video.codec), video.width > 0, video.height > 0 else {
            return 1
        }
        let rate = video.frameRate.map { $0.rational.doubleValue } ?? outputRate
        let bitsPerPixel = Double(bits) / (max(rate, 1) * Double(video.width) * Double(video.height))
        return 1 + min(maxDetail, bitsPerPixelWeight * bitsPerPixel)
    }
}

/// A plan's wall time on workers that claim its segments in index order, estimated in frame times.
struct SegmentBalance {
    /// A segment's start-up (encoder open, decoder opens, seek pre-roll), in frame times.
    static let startupFrames = 15.0

    /// Per segment: the cost of its frames (`FrameCosts`) and its start-up.
    let costs: [Double]

    init(costs: [Double]) { self.costs = costs }

    init(plan: Plan, costs frames: FrameCosts) {
        costs = plan.segments.map { frames.cost(of: $0.frames) + Self.startupFrames }
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
