import ReelModel

/// Exact conversions between timeline time, output frames and audio samples, in 128-bit integers.
///
/// Frame `f` samples the timeline at `t(f) = f · den / num`; sample `s` at `s / sampleRate`.
/// The frames (samples) that start inside `[a, b)` are `ceil(a·rate) ..< ceil(b·rate)`.
public struct TimelineClock: Sendable, Hashable {
    public let frameRate: FrameRate
    public let sampleRate: Int32

    public init(frameRate: FrameRate, sampleRate: Int32) {
        self.frameRate = frameRate
        self.sampleRate = sampleRate
    }

    /// `t(f)`, at timescale `frameRate.numerator`.
    public func time(ofFrame f: Int64) throws -> RationalTime { try frameRate.time(ofFrame: f) }

    /// The instant of sample `s`: `s / sampleRate`.
    public func time(ofSample s: Int64) throws -> RationalTime { try RationalTime(value: s, timescale: sampleRate) }

    /// `ceil(t · fps)`: the first frame starting at or after `t`.
    public func frame(atOrAfter t: RationalTime) -> Int64 {
        Self.ceilDiv(Int128(t.value) * Int128(frameRate.numerator), Int128(t.timescale) * Int128(frameRate.denominator))
    }

    /// `floor(t · fps)`: the frame whose interval holds `t`.
    public func frame(containing t: RationalTime) -> Int64 {
        Self.floorDiv(Int128(t.value) * Int128(frameRate.numerator), Int128(t.timescale) * Int128(frameRate.denominator))
    }

    /// `ceil(t · sampleRate)`: the first sample at or after `t`.
    public func sample(atOrAfter t: RationalTime) -> Int64 {
        Self.ceilDiv(Int128(t.value) * Int128(sampleRate), Int128(t.timescale))
    }

    /// `S(f) = floor(f · sampleRate · den / num)`.
    public func sample(ofFrame f: Int64) -> Int64 {
        Self.floorDiv(Int128(f) * Int128(sampleRate) * Int128(frameRate.denominator), Int128(frameRate.numerator))
    }

    /// The frames that start inside `range`.
    public func frames(in range: TimeRange) -> Range<Int64> {
        let a = frame(atOrAfter: range.start), b = frame(atOrAfter: range.end)
        return a..<max(a, b)
    }

    /// The samples that fall inside `range`.
    public func samples(in range: TimeRange) -> Range<Int64> {
        let a = sample(atOrAfter: range.start), b = sample(atOrAfter: range.end)
        return a..<max(a, b)
    }

    static func floorDiv(_ n: Int128, _ d: Int128) -> Int64 {
        var q = n / d
        if n % d != 0 && (n < 0) != (d < 0) { q -= 1 }
        return Int64(clamping: q)
    }

    static func ceilDiv(_ n: Int128, _ d: Int128) -> Int64 {
        var q = n / d
        if n % d != 0 && (n < 0) == (d < 0) { q += 1 }
        return Int64(clamping: q)
    }
}
