/// Getters for the composition's compound values: time ranges, asset ids, bounded rationals.
extension JSONFields {
    static let timeRangeKeys = ["start", "duration", "end"]

    /// `{"start": t, "duration": t}` or `{"start": t, "end": t}`, with a non-negative start and a positive length.
    func timeRange(_ key: String) -> TimeRange? {
        guard let f = object(key, keys: JSONFields.timeRangeKeys, required: ["start"]) else { return nil }
        let start = f.time("start"), duration = f.time("duration"), end = f.time("end")
        switch (f.has("duration"), f.has("end")) {
        case (false, false): f.log.add(f.path, "needs \"duration\" or \"end\""); return nil
        case (true, true): f.log.add(f.path, "give either \"duration\" or \"end\", not both"); return nil
        default: break
        }
        guard let start else { return nil }
        if start.isNegative {
            f.log.add(f.path("start"), "must not be negative, got \(start.diagnosticText)")
            return nil
        }
        if let end {
            guard start < end else {
                f.log.add(f.path("end"), "\(end.diagnosticText) is not after the start (\(start.diagnosticText))")
                return nil
            }
            return try? TimeRange(start: start, end: end)
        }
        guard let duration else { return nil }
        guard !duration.isNegative && !duration.isZero else {
            f.log.add(f.path("duration"), "must be positive, got \(duration.diagnosticText)")
            return nil
        }
        guard let range = try? TimeRange(start: start, duration: duration) else {
            f.log.add(f.path, "the end time does not fit in 64 bits")
            return nil
        }
        return range
    }

    /// A string naming one of `known`; an unknown id gets a did-you-mean suggestion.
    func assetID(_ key: String, known: [AssetID]) -> AssetID? {
        guard let id = string(key) else { return nil }
        guard known.contains(id) else {
            if let near = Suggestion.closest(to: id, in: known) {
                log.add(path(key), "unknown asset \"\(id)\"; did you mean \"\(near)\"?")
            } else if known.isEmpty {
                log.add(path(key), "unknown asset \"\(id)\"; \"assets\" declares none")
            } else {
                log.add(path(key), "unknown asset \"\(id)\"; the assets are \(Suggestion.list(known))")
            }
            return nil
        }
        return id
    }

    /// An exact rational that must satisfy `rule`; otherwise `"<rule text>, got <value>"`.
    func rational(_ key: String, where rule: (Rational) -> Bool, _ ruleText: String) -> Rational? {
        guard let r = rational(key) else { return nil }
        guard rule(r) else {
            log.add(path(key), "\(ruleText), got \(r.exactDecimalOrFraction)")
            return nil
        }
        return r
    }

    /// An exact time that must not be negative.
    func nonNegativeTime(_ key: String) -> RationalTime? {
        guard let t = time(key) else { return nil }
        guard !t.isNegative else {
            log.add(path(key), "must not be negative, got \(t.diagnosticText)")
            return nil
        }
        return t
    }
}
