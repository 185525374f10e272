/// An exact rational number `numerator / denominator`, always stored in lowest terms with a
/// positive denominator. Used for speeds, gains and rates: never a floating-point value.
public struct Rational: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let numerator: Int64
    public let denominator: Int64

    public static let zero = Rational(unchecked: 0, 1)
    public static let one = Rational(unchecked: 1, 1)

    /// - Throws: `ModelError.invalidTimescale` when `denominator` is zero.
    public init(_ numerator: Int64, _ denominator: Int64 = 1) throws {
        guard denominator != 0 else { throw ModelError.invalidTimescale("denominator is zero") }
        var n = numerator, d = denominator
        if d < 0 {
            guard n != .min, d != .min else { throw ModelError.overflow("negating \(n)/\(d)") }
            n = -n; d = -d
        }
        let g = Rational.gcd(n.magnitude, d.magnitude)
        self.init(unchecked: n / Int64(g), d / Int64(g))
    }

    init(unchecked numerator: Int64, _ denominator: Int64) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// Builds a rational from a 128-bit fraction, reducing it first.
    /// - Throws: `ModelError.overflow` when the reduced fraction does not fit in 64 bits.
    static func reducing(_ n: Int128, _ d: Int128, _ what: @autoclosure () -> String) throws -> Rational {
        precondition(d != 0)
        var n = n, d = d
        if d < 0 { n = -n; d = -d }
        let g = gcd128(n.magnitude, d.magnitude)
        let rn = n / Int128(g), rd = d / Int128(g)
        guard let nn = Int64(exactly: rn), let dd = Int64(exactly: rd) else { throw ModelError.overflow(what()) }
        return Rational(unchecked: nn, dd)
    }

    public var isZero: Bool { numerator == 0 }
    public var isNegative: Bool { numerator < 0 }

    public static func + (a: Rational, b: Rational) throws -> Rational {
        try reducing(Int128(a.numerator) * Int128(b.denominator) + Int128(b.numerator) * Int128(a.denominator),
                     Int128(a.denominator) * Int128(b.denominator), "\(a) + \(b)")
    }

    public static func - (a: Rational, b: Rational) throws -> Rational {
        try reducing(Int128(a.numerator) * Int128(b.denominator) - Int128(b.numerator) * Int128(a.denominator),
                     Int128(a.denominator) * Int128(b.denominator), "\(a) - \(b)")
    }

    public static func * (a: Rational, b: Rational) throws -> Rational {
        try reducing(Int128(a.numerator) * Int128(b.numerator), Int128(a.denominator) * Int128(b.denominator),
                     "\(a) * \(b)")
    }

    /// - Throws: `ModelError.invalidTimescale` when dividing by zero.
    public static func / (a: Rational, b: Rational) throws -> Rational {
        guard b.numerator != 0 else { throw ModelError.invalidTimescale("division of \(a) by zero") }
        return try reducing(Int128(a.numerator) * Int128(b.denominator), Int128(a.denominator) * Int128(b.numerator),
                            "\(a) / \(b)")
    }

    public static func < (a: Rational, b: Rational) -> Bool {
        Int128(a.numerator) * Int128(b.denominator) < Int128(b.numerator) * Int128(a.denominator)
    }

    /// Largest integer at or below the value.
    public var floor: Int64 {
        let q = numerator / denominator
        return (numerator % denominator != 0 && numerator < 0) ? q - 1 : q
    }

    /// Smallest integer at or above the value.
    public var ceil: Int64 {
        let q = numerator / denominator
        return (numerator % denominator != 0 && numerator > 0) ? q + 1 : q
    }

    /// The value as a `Double`, for presentation and for the float mixing stage only.
    public var doubleValue: Double { Double(numerator) / Double(denominator) }

    public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }

    static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var a = a, b = b
        while b != 0 { (a, b) = (b, a % b) }
        return a == 0 ? 1 : a
    }

    static func gcd128(_ a: UInt128, _ b: UInt128) -> UInt128 {
        var a = a, b = b
        while b != 0 { (a, b) = (b, a % b) }
        return a == 0 ? 1 : a
    }
}
