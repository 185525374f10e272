/// A rational frame rate `frames / seconds`, e.g. 30000/1001 for 29.97 fps.
///
/// **Rounding rule.** A frame samples the timeline at its start instant `t(f) = f · den / num`.
/// So frame `f` shows whatever lies at `t(f)`; the frames that start inside `[a, b)` are
/// `ceil(a · num/den) ..< ceil(b · num/den)`, and `frame(containing:)` is `floor(t · num/den)`.
/// The audio sample index of frame `f` is `S(f) = floor(f · sampleRate · den / num)`.
public struct FrameRate: Sendable, Hashable, CustomStringConvertible {
    public let numerator: Int32
    public let denominator: Int32

    /// - Throws: `ModelError.invalidTimescale` unless both parts are positive.
    public init(_ numerator: Int32, _ denominator: Int32 = 1) throws {
        guard numerator > 0, denominator > 0 else {
            throw ModelError.invalidTimescale("frame rate \(numerator)/\(denominator) must be positive")
        }
        let g = Int32(Rational.gcd(UInt64(numerator), UInt64(denominator)))
        self.numerator = numerator / g
        self.denominator = denominator / g
    }

    /// Frames per second as an exact rational.
    public var rational: Rational { Rational(unchecked: Int64(numerator), Int64(denominator)) }

    /// The length of one frame.
    public var frameDuration: RationalTime { RationalTime(unchecked: Int64(denominator), numerator) }

    /// The start instant of frame `f`, at timescale `numerator`.
    public func time(ofFrame f: Int64) throws -> RationalTime {
        let (v, o) = f.multipliedReportingOverflow(by: Int64(denominator))
        guard !o else { throw ModelError.overflow("time of frame \(f) at \(self)") }
        return RationalTime(unchecked: v, numerator)
    }

    /// The frame whose interval `[t(f), t(f+1))` holds `t`: `floor(t · num / den)`.
    public func frame(containing t: RationalTime) throws -> Int64 {
        try (t.rational * rational).floor
    }

    /// The first frame that starts at or after `t`: `ceil(t · num / den)`.
    public func frame(atOrAfter t: RationalTime) throws -> Int64 {
        try (t.rational * rational).ceil
    }

    /// The number of frames that start inside `[0, d)`.
    public func frameCount(of d: RationalTime) throws -> Int64 { try frame(atOrAfter: d) }

    /// `S(f) = floor(f · sampleRate · den / num)`, computed in 128-bit integers.
    public func sampleIndex(ofFrame f: Int64, sampleRate: Int32) throws -> Int64 {
        let n = Int128(f) * Int128(sampleRate) * Int128(denominator)
        let d = Int128(numerator)
        var q = n / d
        if n % d != 0 && n < 0 { q -= 1 }
        guard let s = Int64(exactly: q) else { throw ModelError.overflow("sample index of frame \(f)") }
        return s
    }

    public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }
}
