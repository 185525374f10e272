import ReelModel

/// Reads OTIO's `RationalTime.1` `{value, rate}` and `TimeRange.1` `{start_time, duration}` exactly.
///
/// - Values and rates are read from their decimal text (`OTIONumber.exact`).
/// - A rate within 0.001 of an NTSC rate `k·1000/1001` (23.976, 29.97, 59.94…) is read as that rate.
/// - A value that is not a whole number of frames at its rate is kept exactly and reported as a warning.
/// - `Inf`, `NaN` and integers beyond 64 bits are errors with the JSON path, never a crash.
struct OTIOTimeReader {
    let log: OTIOLog

    /// The exact frame rate of a `rate` member.
    func rate(_ value: JSONValue?, path: String) -> Rational? {
        guard case .number(let text)? = value else {
            log.error(path, "expected a frame rate number, got \(value?.kindDescription ?? "nothing")")
            return nil
        }
        switch OTIONumber.exact(text) {
        case .failure(let problem):
            log.error(path, problem.message)
            return nil
        case .success(let r):
            guard r > .zero else { log.error(path, "a rate must be positive, got \(text)"); return nil }
            if log.firstRate == nil { log.firstRate = Self.snapped(r) }
            return Self.snapped(r)
        }
    }

    /// Integer rates stay; rates near `k·1000/1001` become exactly that; others keep their decimal value.
    static func snapped(_ r: Rational) -> Rational {
        guard r.denominator != 1 else { return r }
        let scaled = r.doubleValue * 1001
        let k = (scaled / 1000).rounded()
        if k >= 1, abs(scaled - k * 1000) < 1.001, let ntsc = try? Rational(Int64(k) * 1000, 1001) { return ntsc }
        return r
    }

    /// A `RationalTime.1` object as exact seconds; nil (with a logged error) when it cannot be read.
    func time(_ value: JSONValue?, path: String) -> RationalTime? {
        guard let value, case .object = value else {
            log.error(path, "expected a RationalTime.1 object, got \(value?.kindDescription ?? "nothing")")
            return nil
        }
        guard let rate = rate(value["rate"], path: OTIOPath.member(path, "rate")) else { return nil }
        let valuePath = OTIOPath.member(path, "value")
        guard case .number(let text)? = value["value"] else {
            log.error(valuePath, "expected a number, got \(value["value"]?.kindDescription ?? "nothing")")
            return nil
        }
        let frames: Rational
        switch OTIONumber.exact(text) {
        case .failure(let problem): log.error(valuePath, problem.message); return nil
        case .success(let v): frames = v
        }
        if frames.denominator != 1 {
            log.warn(valuePath, "\(text) is not a whole number of frames at rate \(rate.exactDecimalOrFraction); "
                     + "kept exactly as \(frames.exactDecimalOrFraction) frames")
        }
        do { return try RationalTime(frames / rate) } catch {
            log.error(valuePath, "\(text) frames at rate \(rate.exactDecimalOrFraction) cannot be represented exactly: \(error)")
            return nil
        }
    }

    /// A `TimeRange.1` object; `null` or absent gives nil without an error.
    func range(_ value: JSONValue?, path: String) -> TimeRange? {
        guard let value, !value.isNull else { return nil }
        guard case .object = value else {
            log.error(path, "expected a TimeRange.1 object or null, got \(value.kindDescription)")
            return nil
        }
        let start = time(value["start_time"], path: OTIOPath.member(path, "start_time"))
        let duration = time(value["duration"], path: OTIOPath.member(path, "duration"))
        guard let start, let duration else { return nil }
        guard !duration.isNegative else {
            log.error(OTIOPath.member(path, "duration"), "a duration must not be negative, got \(duration.secondsText)")
            return nil
        }
        do { return try TimeRange(start: start, duration: duration) } catch {
            log.error(path, "\(error)")
            return nil
        }
    }
}
