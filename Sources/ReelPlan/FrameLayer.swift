import ReelModel

/// One clip's picture at one output frame.
public struct ClipFrame: Sendable, Hashable {
    /// Index into `Plan.clips`.
    public var clip: Int
    public var asset: AssetID
    /// The exact media time to show: the source frame whose interval holds it.
    public var mediaTime: RationalTime
}

/// What one track contributes to one output frame. `Plan.frameLayers(frame:)` lists them bottom to top.
public struct FrameLayer: Sendable, Hashable {
    public enum Content: Sendable, Hashable {
        /// A clip shown alone, at full opacity.
        case clip(ClipFrame)
        /// A transition (`Plan.transitions[index]`) at `progress` in [0, 1): blend `outgoing` into
        /// `incoming` by `kind`. A nil side is nothing (transparent): a fade from or to nothing.
        case transition(index: Int, kind: TransitionKind, progress: Rational, outgoing: ClipFrame?, incoming: ClipFrame?)
    }

    public var track: TrackRef
    public var content: Content
}

extension Plan {
    /// The layers to composite for output frame `f`, bottom to top. Frame `f` samples the
    /// timeline at `t(f) = f · den / num`. Cost: a binary search and a few exact multiplications.
    /// - Throws: `PlanError.outOfRange` unless `0 ≤ f < totalFrames`.
    public func frameLayers(frame f: Int64) throws -> [FrameLayer] {
        guard f >= 0, f < totalFrames else {
            throw PlanError.outOfRange("frame \(f) is outside [0, \(totalFrames))")
        }
        let t = try clock.time(ofFrame: f)
        guard let i = instructionIndex(containing: t) else { return [] }
        return try instructions[i].layers.map { try frameLayer($0, at: t) }
    }

    func frameLayer(_ layer: LayerInstruction, at t: RationalTime) throws -> FrameLayer {
        switch layer {
        case .passthrough(let c):
            return FrameLayer(track: clips[c].track, content: .clip(try clipFrame(c, at: t)))
        case .transition(let k):
            let tr = transitions[k]
            return FrameLayer(track: tr.track, content: .transition(
                index: k, kind: tr.transition.kind, progress: try tr.progress(at: t),
                outgoing: try tr.outgoing.map { try clipFrame($0, at: t) },
                incoming: try tr.incoming.map { try clipFrame($0, at: t) }))
        }
    }

    func clipFrame(_ c: Int, at t: RationalTime) throws -> ClipFrame {
        ClipFrame(clip: c, asset: clips[c].clip.asset, mediaTime: try clips[c].mediaTime(at: t))
    }
}
