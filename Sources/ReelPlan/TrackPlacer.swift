import ReelModel

/// One piece of a track's video: a clip shown alone, or a transition.
struct TrackPiece: Sendable {
    var range: TimeRange
    var layer: LayerInstruction
}

/// Flattens tracks into placed clips and transitions, checking that transitions fit.
///
/// A transition item at cut `c` spans `[c − inOffset, c + outOffset)`. The item before it lends
/// `inOffset` (it must last that long), the item after it `outOffset`. Transitions of kind `.cut`
/// or of zero duration place nothing.
struct TrackPlacer {
    var clips: [PlacedClip] = []
    var transitions: [PlacedTransition] = []
    let assets: [AssetID: Asset]
    let media: [AssetID: MediaFacts]

    /// An item with duration: a clip (with its index in `clips`) or a gap.
    private struct Body { var range: TimeRange; var clip: Int?; var item: Int }

    /// Places one track and returns its pieces, in order, tiling `[0, end)` where `end` is the
    /// track's end (its last item, or its last transition when that runs past it).
    mutating func place(_ track: Track, ref: TrackRef) throws -> (pieces: [TrackPiece], end: RationalTime) {
        var bodies: [Body] = []
        var pending: [(transition: Transition, item: Int, before: Int?)] = []
        var cursor = RationalTime.zero
        var lastWasTransition: String? = nil
        for (i, item) in track.items.enumerated() {
            switch item {
            case .clip(let clip):
                guard assets[clip.asset] != nil else { throw PlanError.unknownAsset(asset: clip.asset, origin: clip.origin) }
                let range = try TimeRange(start: cursor, duration: clip.timelineDuration())
                clips.append(PlacedClip(track: ref, item: i, clip: clip, visible: range, extended: range))
                bodies.append(Body(range: range, clip: clips.count - 1, item: i))
                cursor = range.end; lastWasTransition = nil
            case .gap(let d):
                let range = try TimeRange(start: cursor, duration: d)
                bodies.append(Body(range: range, clip: nil, item: i))
                cursor = range.end; lastWasTransition = nil
            case .transition(let t):
                if let first = lastWasTransition { throw PlanError.adjacentTransitions(first: first, second: t.origin) }
                lastWasTransition = t.origin
                if t.kind != .cut, try !t.duration().isZero {
                    pending.append((t, i, bodies.isEmpty ? nil : bodies.count - 1))
                }
            }
        }
        let placed = try placeTransitions(pending, bodies: bodies, ref: ref)
        let end = max(cursor, placed.last.map { transitions[$0.index].range.end } ?? cursor)
        return (try pieces(bodies: bodies, transitions: placed), end)
    }

    /// The track's visible pieces in order: passthroughs and transitions (gaps are left out).
    private func pieces(bodies: [Body], transitions placed: [(index: Int, before: Int?)]) throws -> [TrackPiece] {
        var into = [Int?](repeating: nil, count: bodies.count)
        var outOf = [Int?](repeating: nil, count: bodies.count)
        var out: [TrackPiece] = []
        for p in placed {
            if let b = p.before { outOf[b] = p.index } else {
                out.append(TrackPiece(range: transitions[p.index].range, layer: .transition(p.index)))
            }
            let after = (p.before ?? -1) + 1
            if after < bodies.count { into[after] = p.index }
        }
        for (bi, body) in bodies.enumerated() {
            let s = into[bi].map { transitions[$0].range.end } ?? body.range.start
            let e = outOf[bi].map { transitions[$0].range.start } ?? body.range.end
            if let c = body.clip, s < e { out.append(TrackPiece(range: try TimeRange(start: s, end: e), layer: .passthrough(c))) }
            if let t = outOf[bi] { out.append(TrackPiece(range: transitions[t].range, layer: .transition(t))) }
        }
        return out
    }

    /// Validates and records each transition; returns, per body index, the transitions in and out.
    private mutating func placeTransitions(_ pending: [(transition: Transition, item: Int, before: Int?)],
                                           bodies: [Body], ref: TrackRef) throws -> [(index: Int, before: Int?)] {
        var placed: [(index: Int, before: Int?)] = []
        var previous: PlacedTransition? = nil
        for p in pending {
            let t = p.transition
            let afterIndex = (p.before ?? -1) + 1
            let before = p.before.map { bodies[$0] }
            let after = afterIndex < bodies.count ? bodies[afterIndex] : nil
            let cut = before?.range.end ?? .zero
            try checkHandles(t, before: before, after: after)
            let range = try TimeRange(start: cut - t.inOffset, end: cut + t.outOffset)
            if let prev = previous, prev.range.end > range.start {
                throw PlanError.overlappingTransitions(first: prev.transition.origin, second: t.origin)
            }
            let pt = PlacedTransition(track: ref, item: p.item, transition: t, range: range,
                                      outgoing: before?.clip, incoming: after?.clip)
            transitions.append(pt)
            let index = transitions.count - 1
            if let c = before?.clip { try attach(outOf: c, transition: index) }
            if let c = after?.clip { try attach(into: c, transition: index) }
            placed.append((index, p.before))
            previous = pt
        }
        return placed
    }

    private func checkHandles(_ t: Transition, before: Body?, after: Body?) throws {
        if let b = before {
            guard t.inOffset <= b.range.duration else {
                throw PlanError.handleExceedsNeighbour(origin: t.origin, side: .outgoing, needed: t.inOffset,
                                                       available: b.range.duration)
            }
        } else if !t.inOffset.isZero {
            throw PlanError.transitionBeforeStart(origin: t.origin, inOffset: t.inOffset)
        }
        if let a = after, t.outOffset > a.range.duration {
            throw PlanError.handleExceedsNeighbour(origin: t.origin, side: .incoming, needed: t.outOffset,
                                                   available: a.range.duration)
        }
    }

    private mutating func attach(outOf c: Int, transition index: Int) throws {
        let range = transitions[index].range
        clips[c].transitionOut = index
        clips[c].extended = try TimeRange(start: clips[c].extended.start, end: range.end)
        try checkMedia(clips[c], at: range.end, origin: transitions[index].transition.origin, end: true)
    }

    private mutating func attach(into c: Int, transition index: Int) throws {
        let range = transitions[index].range
        clips[c].transitionIn = index
        clips[c].extended = try TimeRange(start: range.start, end: clips[c].extended.end)
        try checkMedia(clips[c], at: range.start, origin: transitions[index].transition.origin, end: false)
    }

    /// Borrowed handles must stay inside the asset: media time ≥ 0, and ≤ its duration when known.
    private func checkMedia(_ placed: PlacedClip, at t: RationalTime, origin: String, end: Bool) throws {
        guard !placed.clip.freeze else { return }
        let m = try placed.mediaTime(at: t)
        if m.isNegative { throw PlanError.handleBeforeMediaStart(origin: origin, mediaTime: m) }
        if end, let facts = media[placed.clip.asset], m > facts.duration {
            throw PlanError.handlePastMediaEnd(origin: origin, mediaTime: m, duration: facts.duration)
        }
    }
}
