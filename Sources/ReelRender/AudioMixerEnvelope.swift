import ReelModel

/// One linear gain piece over timeline time: `from` at `start`, moving linearly to `to` at `end`.
public struct GainPiece: Sendable, Hashable {
    public var start: RationalTime
    public var end: RationalTime
    public var from: Rational
    public var to: Rational

    public init(start: RationalTime, end: RationalTime, from: Rational, to: Rational) {
        self.start = start
        self.end = end
        self.from = from
        self.to = to
    }
}

/// A piecewise-linear gain over timeline time, evaluated per sample.
///
/// Sample `s` sits at time `s / sampleRate`. Inside a piece (`start ≤ t < end`) the gain is
/// `from + (to − from) · (s − start·sr) / ((end − start)·sr)`, computed in `Double` from the absolute
/// sample index alone, so it never depends on where a mixed range begins. Outside the pieces the gain
/// holds: the first piece's `from` before it, the last started piece's `to` after it (as
/// `AudioItem.automation` describes). Pieces are ordered by start; where two overlap, the later-starting
/// one takes over at its start. No pieces: gain 1.
public struct GainEnvelope: Sendable, Hashable {
    public let pieces: [GainPiece]

    /// A constant gain of 1.
    public static let unity = GainEnvelope(pieces: [])

    public init(pieces: [GainPiece]) {
        self.pieces = pieces.sorted { $0.start < $1.start }
    }

    /// The gains of samples `[start, start + count)`, written into `gains`.
    func fill(_ gains: UnsafeMutableBufferPointer<Double>, start: Int64, sampleRate: Int32) {
        let count = gains.count
        guard let first = pieces.first else { gains.update(repeating: 1); return }
        var cursor = 0   // next index of `gains` to fill
        var hold = first.from.doubleValue
        for (k, piece) in pieces.enumerated() {
            var s1 = Self.firstSample(atOrAfter: piece.end, sampleRate)
            if k + 1 < pieces.count { s1 = min(s1, Self.firstSample(atOrAfter: pieces[k + 1].start, sampleRate)) }
            let begin = index(Self.firstSample(atOrAfter: piece.start, sampleRate), start, count)
            let end = index(s1, start, count)
            if begin > cursor { gains[cursor..<begin].update(repeating: hold) }
            cursor = max(cursor, begin)
            if end > cursor { ramp(piece, gains, from: cursor, to: end, start: start, sampleRate) }
            cursor = max(cursor, end)
            hold = piece.to.doubleValue
        }
        if cursor < count { gains[cursor..<count].update(repeating: hold) }
    }

    /// The position of absolute sample `s` in a range starting at `start`, clamped to `0...count`.
    private func index(_ s: Int64, _ start: Int64, _ count: Int) -> Int {
        let (d, overflow) = s.subtractingReportingOverflow(start)
        if overflow { return s < start ? 0 : count }
        return Int(max(0, min(Int64(count), d)))
    }

    /// Fills `gains[i]` for `i` in `[lower, upper)` with the piece's linear value at sample `start + i`.
    private func ramp(_ piece: GainPiece, _ gains: UnsafeMutableBufferPointer<Double>, from lower: Int, to upper: Int,
                      start: Int64, _ sampleRate: Int32) {
        let a = Self.samplePosition(piece.start, sampleRate)
        let length = Self.samplePosition(piece.end, sampleRate) - a
        let from = piece.from.doubleValue, delta = piece.to.doubleValue - from
        for i in lower..<upper {
            let s = Double(start + Int64(i))
            gains[i] = length > 0 ? from + delta * ((s - a) / length) : piece.to.doubleValue
        }
    }

    /// `t · sampleRate` as a `Double`, from the exact product.
    static func samplePosition(_ t: RationalTime, _ sampleRate: Int32) -> Double {
        Double(Int128(t.value) * Int128(sampleRate)) / Double(t.timescale)
    }

    /// `ceil(t · sampleRate)`: the first sample at or after `t`, exactly.
    static func firstSample(atOrAfter t: RationalTime, _ sampleRate: Int32) -> Int64 {
        let n = Int128(t.value) * Int128(sampleRate), d = Int128(t.timescale)
        var q = n / d
        if n % d != 0 && n > 0 { q += 1 }
        return Int64(clamping: q)
    }
}
