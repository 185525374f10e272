import ReelModel

/// A linear gain ramp `from → to` over a timeline range: at `t` the gain is
/// `from + (to − from) · (t − start) / duration`. A constant piece has `from == to`.
public struct GainPiece: Sendable, Hashable {
    public var range: TimeRange
    public var from: Rational
    public var to: Rational

    public init(range: TimeRange, from: Rational, to: Rational) {
        self.range = range
        self.from = from
        self.to = to
    }

    /// The exact gain at `t` (extrapolated linearly when `t` is outside the range).
    public func value(at t: RationalTime) throws -> Rational {
        guard from != to, !range.duration.isZero else { return from }
        let p = try (t - range.start).rational / range.duration.rational
        return try from + (to - from) * p
    }
}

/// A piecewise linear gain: pieces in time order that tile a range. Outside them the gain holds
/// the nearest end value.
public struct Envelope: Sendable, Hashable {
    public var pieces: [GainPiece]

    public init(pieces: [GainPiece]) { self.pieces = pieces }

    /// The exact gain at `t`.
    public func value(at t: RationalTime) throws -> Rational {
        guard let first = pieces.first, let last = pieces.last else { return .one }
        if t < first.range.start { return first.from }
        if t >= last.range.end { return last.to }
        var lo = 0, hi = pieces.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if pieces[mid].range.start <= t { lo = mid } else { hi = mid - 1 }
        }
        return try pieces[lo].value(at: t)
    }

    /// The part inside `window`, with cut pieces' end values interpolated exactly.
    public func clipped(to window: TimeRange) throws -> Envelope {
        var out: [GainPiece] = []
        for p in pieces where p.range.overlaps(window) {
            let s = max(p.range.start, window.start), e = min(p.range.end, window.end)
            let from = s == p.range.start ? p.from : try p.value(at: s)
            let to = e == p.range.end ? p.to : try p.value(at: e)
            out.append(GainPiece(range: try TimeRange(start: s, end: e), from: from, to: to))
        }
        return Envelope(pieces: out)
    }

    /// Volume automation over `active`: the last ramp starting at or before `t` gives the gain,
    /// interpolated inside it and holding its `to` after it; before the first ramp, its `from`.
    static func automation(_ ramps: [VolumeRamp], over active: TimeRange) throws -> Envelope? {
        guard !ramps.isEmpty else { return nil }
        let sorted = ramps.enumerated().sorted {
            $0.element.timeRange.start != $1.element.timeRange.start
                ? $0.element.timeRange.start < $1.element.timeRange.start : $0.offset < $1.offset
        }.map(\.element)
        var pieces: [GainPiece] = []
        var cursor = min(active.start, sorted[0].timeRange.start)
        var hold = sorted[0].from
        for (i, r) in sorted.enumerated() {
            if cursor < r.timeRange.start {
                pieces.append(GainPiece(range: try TimeRange(start: cursor, end: r.timeRange.start), from: hold, to: hold))
            }
            let next = i + 1 < sorted.count ? sorted[i + 1].timeRange.start : r.timeRange.end
            let end = min(r.timeRange.end, next)
            if r.timeRange.start < end {
                let whole = GainPiece(range: r.timeRange, from: r.from, to: r.to)
                pieces.append(GainPiece(range: try TimeRange(start: r.timeRange.start, end: end), from: r.from,
                                        to: end == r.timeRange.end ? r.to : try whole.value(at: end)))
            }
            cursor = max(cursor, end)
            hold = r.to
        }
        if cursor < active.end {
            pieces.append(GainPiece(range: try TimeRange(start: cursor, end: active.end), from: hold, to: hold))
        }
        return try Envelope(pieces: pieces).clipped(to: active)
    }

    /// A clip's audio crossfades: 0 → 1 over the transition in, 1 → 0 over the transition out.
    static func crossfade(over active: TimeRange, fadeIn: TimeRange?, fadeOut: TimeRange?) throws -> Envelope? {
        guard fadeIn != nil || fadeOut != nil else { return nil }
        var pieces: [GainPiece] = []
        var cursor = active.start
        if let r = fadeIn {
            pieces.append(GainPiece(range: r, from: .zero, to: .one))
            cursor = r.end
        }
        let holdEnd = fadeOut?.start ?? active.end
        if cursor < holdEnd {
            pieces.append(GainPiece(range: try TimeRange(start: cursor, end: holdEnd), from: .one, to: .one))
        }
        if let r = fadeOut { pieces.append(GainPiece(range: r, from: .one, to: .zero)) }
        return Envelope(pieces: pieces)
    }
}
