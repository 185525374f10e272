import ReelModel

/// Writes exact times as OTIO `RationalTime.1` objects whose value is a whole number of frames.
///
/// A time on the preferred rate's frame grid is written at that rate (`{value: 75.0, rate: 30.0}`);
/// any other time `n/d` seconds is written at rate `d` with value `n`. A rate is used only when
/// its literal reads back as exactly the same rate (integers, decimals, NTSC rates).
struct OTIOTimeWriter {
    let preferred: Rational

    func time(_ t: RationalTime) throws(OTIOError) -> JSONValue {
        let (value, rate) = try frames(t)
        return .object([
            member("OTIO_SCHEMA", .string("RationalTime.1")),
            member("rate", .number(rate)),
            member("value", .number(value)),
        ])
    }

    func range(_ r: TimeRange) throws(OTIOError) -> JSONValue {
        .object([
            member("OTIO_SCHEMA", .string("TimeRange.1")),
            member("duration", try time(r.duration)),
            member("start_time", try time(r.start)),
        ])
    }

    /// The value and rate literals of `t`.
    func frames(_ t: RationalTime) throws(OTIOError) -> (String, String) {
        if let rate = Self.rateLiteral(preferred), let f = try? t.rational * preferred, f.denominator == 1,
           abs(f.numerator) < 1 << 53 {
            return (OTIONumber.literal(f), rate)
        }
        let s = t.rational
        guard abs(s.numerator) < 1 << 53 else { throw .export("the time \(t) cannot be written exactly as OTIO floats") }
        return (OTIONumber.literal(Rational.unit(s.numerator)), OTIONumber.literal(Rational.unit(s.denominator)))
    }

    /// The rate's literal when reading it back gives exactly `rate`; nil otherwise.
    static func rateLiteral(_ rate: Rational) -> String? {
        let text = OTIONumber.literal(rate)
        guard case .success(let back) = OTIONumber.exact(text), OTIOTimeReader.snapped(back) == rate else { return nil }
        return text
    }
}

func member(_ key: String, _ value: JSONValue) -> JSONMember { JSONMember(key: key, value: value) }
