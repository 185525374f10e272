import ReelModel

extension Plan {
    /// Cuts the timeline and fills each segment.
    mutating func makeSegments() throws -> [SegmentPlan] {
        let cuts = try options.segmentStarts.map { try [0] + checked(starts: $0) + [totalFrames] }
            ?? segmenter().boundaries()
        let bounds = Self.clipped(cuts, to: outputFrames)
        var out: [SegmentPlan] = []
        out.reserveCapacity(bounds.count)
        for i in 0..<(bounds.count - 1) {
            out.append(try segment(index: i, frames: bounds[i]..<bounds[i + 1]))
        }
        return out
    }

    /// `PlanOptions.segmentStarts`, checked: increasing, inside the timeline, and never strictly inside a transition.
    /// - Throws: `PlanError.invalidOptions` naming the first start that is not.
    private func checked(starts: [Int64]) throws -> [Int64] {
        let segmenter = try segmenter()
        var previous: Int64 = 0
        for (i, f) in starts.enumerated() {
            guard f > previous, f < totalFrames else {
                throw PlanError.invalidOptions("segmentStarts[\(i)]: frame \(f) is not after \(previous) and before the "
                                               + "timeline's end (\(totalFrames) frames)")
            }
            guard segmenter.isAllowed(f) else {
                throw PlanError.invalidOptions("segmentStarts[\(i)]: frame \(f) is inside a transition")
            }
            previous = f
        }
        return starts
    }

    /// For each of `frames` (clamped to `1..<totalFrames`), the nearest frame where a segment may start: the frame
    /// itself unless it falls strictly inside a transition, else the nearer of the transition's two edges (which may
    /// be the timeline's end, where no segment starts).
    public func nearestSegmentStarts(to frames: [Int64]) throws -> [Int64] {
        let segmenter = try segmenter()
        return frames.map { segmenter.allowed(near: min(max($0, 1), max(1, totalFrames - 1)), atLeast: 1) }
    }

    /// The whole timeline's boundaries cut at a range's two edges: the range's first and last segments end
    /// at its edges, and every segment between them is the whole render's own, with its content hash, so its
    /// part is reused (the balancing of a short job is decided on the whole timeline too, `Project.balanced`).
    ///
    /// An edge may fall inside a transition, which the segmenter never cuts. That rule saves work (each side of
    /// a cut decodes both sources and blends again) and keeps boundaries content-defined; it is not needed for
    /// exact frames: a frame's pixels depend only on its timeline instant (`Plan.frameLayers`), and each source
    /// a segment shows, both sides of a transition included, is opened fresh, sought to the keyframe at or
    /// before the first media time the segment needs and decoded forward from there (ReelMedia's
    /// `VideoFrameSource`; `SourceRead.readFrom` is that pre-roll in the plan), so a segment starting at any
    /// frame decodes the same pictures, and audio needs no pre-roll in the mixer (`AudioMixer`). The hash describes the transition relative to the segment's start.
    static func clipped(_ bounds: [Int64], to frames: Range<Int64>) -> [Int64] {
        guard !frames.isEmpty else { return [frames.lowerBound] }
        return [frames.lowerBound] + bounds.filter { frames.lowerBound < $0 && $0 < frames.upperBound } + [frames.upperBound]
    }

    func segmenter() throws -> Segmenter {
        let fps = clock.frameRate.rational
        let target = max(1, try (options.segmentSeconds * fps).floor)
        let minimum = min(target, max(1, try (options.minimumSegmentSeconds * fps).ceil))
        let maximum = max(target, try (options.maximumSeconds() * fps).floor)
        var forbidden: [(start: Int64, end: Int64)] = []
        for t in transitions where t.track.kind == .video {
            let r = clock.frames(in: t.range)
            if r.count > 1 { forbidden.append((r.lowerBound, r.upperBound)) }
        }
        forbidden.sort { $0.start < $1.start }
        var merged: [(start: Int64, end: Int64)] = []
        for z in forbidden {
            if let last = merged.last, z.start < last.end { merged[merged.count - 1].end = max(last.end, z.end) }
            else { merged.append(z) }
        }
        var s = Segmenter(totalFrames: totalFrames, target: target, minimum: minimum, maximum: maximum,
                          forbidden: merged, anchors: [], anchorLabels: [], keyframes: { _, _ in [] })
        for instruction in instructions.dropFirst() {
            let f = clock.frame(atOrAfter: instruction.timeRange.start)
            guard f > 0, f < totalFrames, s.isAllowed(f), f != s.anchors.last else { continue }
            s.anchors.append(f)
            s.anchorLabels.append(label(instruction))
        }
        let plan = self
        s.keyframes = { near, window in plan.keyframeFrames(near: near, in: window) }
        return s
    }

    /// The asset shown on top by an instruction: part of an anchor's local structure.
    private func label(_ instruction: VideoInstruction) -> String {
        switch instruction.layers.last {
        case .passthrough(let c): return clips[c].clip.asset
        case .transition(let k): return transitions[k].incoming.map { clips[$0].clip.asset } ?? "-"
        case nil: return ""
        }
    }

    /// Frames inside `window` at which the top clip shown near `near` reaches one of its keyframes.
    func keyframeFrames(near: Int64, in window: ClosedRange<Int64>) -> [Int64] {
        guard let t = try? clock.time(ofFrame: near), let i = instructionIndex(containing: t),
              case .passthrough(let c)? = instructions[i].layers.last else { return [] }
        let placed = clips[c]
        guard !placed.clip.freeze, let keys = options.media[placed.clip.asset]?.video?.keyframes, !keys.isEmpty
        else { return [] }
        var out: [Int64] = []
        for k in keys where placed.clip.sourceRange.contains(k) {
            guard let at = try? placed.visible.start + (k - placed.clip.sourceRange.start) / placed.clip.speed
            else { continue }
            let f = clock.frame(atOrAfter: at)
            if window.contains(f) && instructions[i].timeRange.contains(at) { out.append(f) }
        }
        return out
    }

    func segment(index: Int, frames: Range<Int64>) throws -> SegmentPlan {
        let samples = clock.sample(ofFrame: frames.lowerBound)..<clock.sample(ofFrame: frames.upperBound)
        let range = try TimeRange(start: clock.time(ofFrame: frames.lowerBound), end: clock.time(ofFrame: frames.upperBound))
        let shown = shownInstructions(frames: frames, range: range)
        let titles = composition.titles.indices.filter { clock.frames(in: composition.titles[$0].timeRange).overlaps(frames) }
        let sounds = try audio.contributions(samples)
        var items: [Int] = []
        for c in sounds { if case .audioItem(let i, _) = c.source, items.last != i { items.append(i) } }
        let decode = try videoReads(instructions: shown, frames: frames) + sounds.map(audioRead)
        let hash = try SegmentHasher(plan: self, frames: frames, samples: samples)
            .hash(instructions: shown, titles: titles, sounds: sounds)
        return SegmentPlan(index: index, frames: frames, samples: samples, timeRange: range, instructions: shown,
                           decode: decode, titles: titles, audioItems: items, contentHash: hash)
    }

    /// The instructions that show at least one frame of `frames`.
    private func shownInstructions(frames: Range<Int64>, range: TimeRange) -> Range<Int> {
        guard var lo = instructionIndex(containing: range.start) else { return 0..<0 }
        var hi = lo
        while hi < instructions.count, instructions[hi].timeRange.start < range.end { hi += 1 }
        while lo < hi, !clock.frames(in: instructions[lo].timeRange).overlaps(frames) { lo += 1 }
        while hi > lo, !clock.frames(in: instructions[hi - 1].timeRange).overlaps(frames) { hi -= 1 }
        return lo..<hi
    }
}
