/// An exact point or length of time, `value / timescale` seconds, in the manner of `CMTime`.
///
/// Arithmetic is exact. Values with different timescales are combined on their least common
/// timescale; comparison cross-multiplies in 128 bits, so it never rounds and never overflows.
/// Any result that does not fit (`Int64` value, `Int32` timescale) throws `ModelError.overflow`:
/// overflow is an error, never a wrap. Equality is numeric: `1/2 == 2/4`.
public struct RationalTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let value: Int64
    public let timescale: Int32

    public static let zero = RationalTime(unchecked: 0, 1)

    /// - Throws: `ModelError.invalidTimescale` when `timescale` is not positive.
    public init(value: Int64, timescale: Int32) throws {
        guard timescale > 0 else { throw ModelError.invalidTimescale("\(value)/\(timescale)") }
        self.init(unchecked: value, timescale)
    }

    init(unchecked value: Int64, _ timescale: Int32) {
        self.value = value
        self.timescale = timescale
    }

    /// Whole seconds.
    public static func seconds(_ s: Int64) -> RationalTime { RationalTime(unchecked: s, 1) }

    /// The exact rational number of seconds.
    public var rational: Rational { Rational(unchecked: value, Int64(timescale)).reduced }

    /// Builds a time from a rational number of seconds, keeping its denominator as the timescale.
    /// - Throws: `ModelError.overflow` when the denominator does not fit in `Int32`.
    public init(_ seconds: Rational) throws {
        guard let ts = Int32(exactly: seconds.denominator) else {
            throw ModelError.overflow("timescale \(seconds.denominator) of \(seconds) exceeds Int32")
        }
        self.init(unchecked: seconds.numerator, ts)
    }

    /// The same time expressed at `timescale`, if it is exact there.
    public func converted(to timescale: Int32) throws -> RationalTime? {
        guard timescale > 0 else { throw ModelError.invalidTimescale("\(timescale)") }
        let scaled = Int128(value) * Int128(timescale)
        guard scaled % Int128(self.timescale) == 0 else { return nil }
        guard let v = Int64(exactly: scaled / Int128(self.timescale)) else {
            throw ModelError.overflow("\(self) at timescale \(timescale)")
        }
        return RationalTime(unchecked: v, timescale)
    }

    public static func + (a: RationalTime, b: RationalTime) throws -> RationalTime {
        if a.timescale == b.timescale {
            let (v, o) = a.value.addingReportingOverflow(b.value)
            guard !o else { throw ModelError.overflow("\(a) + \(b)") }
            return RationalTime(unchecked: v, a.timescale)
        }
        return try RationalTime(a.rational + b.rational)
    }

    public static func - (a: RationalTime, b: RationalTime) throws -> RationalTime {
        if a.timescale == b.timescale {
            let (v, o) = a.value.subtractingReportingOverflow(b.value)
            guard !o else { throw ModelError.overflow("\(a) - \(b)") }
            return RationalTime(unchecked: v, a.timescale)
        }
        return try RationalTime(a.rational - b.rational)
    }

    /// Multiplies by an exact rational factor (a speed, a rate ratio).
    public static func * (a: RationalTime, factor: Rational) throws -> RationalTime {
        try RationalTime(a.rational * factor)
    }

    /// Divides by an exact rational factor.
    public static func / (a: RationalTime, factor: Rational) throws -> RationalTime {
        try RationalTime(a.rational / factor)
    }

    public static func < (a: RationalTime, b: RationalTime) -> Bool {
        Int128(a.value) * Int128(b.timescale) < Int128(b.value) * Int128(a.timescale)
    }

    public static func == (a: RationalTime, b: RationalTime) -> Bool {
        Int128(a.value) * Int128(b.timescale) == Int128(b.value) * Int128(a.timescale)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(rational) }

    public var isNegative: Bool { value < 0 }
    public var isZero: Bool { value == 0 }

    /// Seconds as a string written exactly with integers: "7.5", "1001/30000" when not a short decimal.
    public var description: String { rational.exactDecimalOrFraction }

    /// Seconds for presentation: "7.5 s", "2 s", "0.0333 s". Uses integer arithmetic.
    public var secondsText: String { "\(rational.roundedDecimal(places: 4)) s" }
}

extension Rational {
    var reduced: Rational { (try? Rational(numerator, denominator)) ?? self }

    /// "2.5" when the value has a terminating decimal form of at most 9 places, else "n/d".
    public var exactDecimalOrFraction: String {
        var d = denominator
        var twos = 0, fives = 0
        while d % 2 == 0 { d /= 2; twos += 1 }
        while d % 5 == 0 { d /= 5; fives += 1 }
        let places = max(twos, fives)
        guard d == 1, places <= 9 else { return description }
        return roundedDecimal(places: places)
    }

    /// The value rounded half away from zero to `places` decimals, trailing zeros removed.
    public func roundedDecimal(places: Int) -> String {
        var scale: Int128 = 1
        for _ in 0..<places { scale *= 10 }
        let n = Int128(numerator) * scale, den = Int128(denominator)
        let q = (n.magnitude + den.magnitude / 2) / den.magnitude
        let sign = numerator < 0 && q != 0 ? "-" : ""
        let whole = q / UInt128(scale)
        var frac = String(q % UInt128(scale))
        if places > 0 {
            frac = String(repeating: "0", count: places - frac.count) + frac
            while frac.hasSuffix("0") { frac.removeLast() }
        } else { frac = "" }
        return frac.isEmpty ? "\(sign)\(whole)" : "\(sign)\(whole).\(frac)"
    }
}
