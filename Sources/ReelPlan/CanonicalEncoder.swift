import ReelModel

/// A canonical byte encoding of plan values, fed to SHA-256. Every value is written with a
/// fixed width or a length prefix, so different inputs never share an encoding. (Swift's
/// `Hasher` and `hashValue` are seeded per process and must not be used for content hashes.)
struct CanonicalEncoder {
    private(set) var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(1024) }

    mutating func tag(_ t: UInt8) { bytes.append(t) }

    mutating func int(_ v: Int64) {
        let u = UInt64(bitPattern: v)
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: u >> UInt64(shift))) }
    }

    mutating func int(_ v: Int) { int(Int64(v)) }

    mutating func bool(_ b: Bool) { bytes.append(b ? 1 : 0) }

    mutating func string(_ s: String) {
        let utf8 = Array(s.utf8)
        int(utf8.count)
        bytes.append(contentsOf: utf8)
    }

    mutating func string(_ s: String?) {
        bool(s != nil)
        if let s { string(s) }
    }

    /// A rational in lowest terms (the model keeps them reduced).
    mutating func rational(_ r: Rational) {
        int(r.numerator)
        int(r.denominator)
    }

    /// A time as its reduced number of seconds, so 1/2 and 2/4 encode alike.
    mutating func time(_ t: RationalTime) { rational(t.rational) }

    mutating func range(start: RationalTime, duration: RationalTime) {
        time(start)
        time(duration)
    }

    /// Feeds everything to SHA-256 and returns the hex digest.
    func sha256Hex() -> String { SHA256.hex(bytes) }
}
