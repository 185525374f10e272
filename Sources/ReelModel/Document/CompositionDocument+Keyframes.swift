/// Decoding of keyframe tracks, the one validator for clip layers and titles alike.
extension CompositionDocument {
    /// What differs between the owners of keyframes: the members a key may have, what its times count from,
    /// and where the count is bounded.
    struct KeyframeRules: Sendable {
        /// The members a key may have; `ease` only where the owner's JSON allows it.
        var keys: [String]
        /// The owner, in messages: "clip", "title".
        var owner: String
        /// What key times count from, in messages.
        var origin: String
        /// Whether decoding refuses a track over `CompositionLimits.maxKeyframes` keys before reading them
        /// (a title's tracks are bounded by `CompositionLimits.checkTitle`, whatever route made them).
        var boundsCount: Bool

        /// A clip's layer keys: `{"time": t, "value": v, "ease": "in-out"}`, from the clip's start on the timeline.
        static let layer = KeyframeRules(keys: ["time", "value", "ease"], owner: "clip",
                                         origin: "the clip's start on the timeline", boundsCount: true)
        /// A title's keys: `{"time": t, "value": v}`, from the title's start.
        static let title = KeyframeRules(keys: ["time", "value"], owner: "title", origin: "the title's start",
                                         boundsCount: false)
    }

    /// The track at `key`: times increasing, inside `[0, span]`; an absent key is an empty track. Nil when any
    /// key is invalid (each problem is logged at its path).
    static func keyframeTrack<V>(_ f: JSONFields, _ key: String, span: RationalTime, _ rules: KeyframeRules,
                                 _ parse: (JSONValue, String, DiagnosticLog) -> V?) -> KeyframeTrack<V>? {
        guard let list = f.array(key) else { return f.has(key) ? nil : [] }
        if rules.boundsCount, let problem = CompositionLimits.keyframeCountProblem(list.count) {
            f.log.add(f.path(key), problem)
            return nil
        }
        var keys: [Keyframe<V>] = []
        var valid = true
        for (i, value) in list.enumerated() {
            let path = JSONPath.index(f.path(key), i)
            guard let k = JSONFields(value, path: path, keys: rules.keys, required: ["time", "value"], log: f.log),
                  let time = k.time("time"), let raw = k["value"],
                  let v = parse(raw, k.path("value"), f.log) else { valid = false; continue }
            let ease: KeyEase? = k.has("ease") ? k.choice("ease", "ease") : .linear
            if let problem = keyframeTimeProblem(time, previous: keys.last?.time, span: span, rules) {
                f.log.add(k.path("time"), problem)
                valid = false
            }
            guard let ease else { valid = false; continue }
            keys.append(Keyframe(time: time, value: v, ease: ease))
        }
        return valid ? KeyframeTrack(keys) : nil
    }

    static func keyframeTimeProblem(_ time: RationalTime, previous: RationalTime?, span: RationalTime,
                                    _ rules: KeyframeRules) -> String? {
        if time.isNegative { return "must not be negative, got \(time.diagnosticText)" }
        if span < time {
            return "\(time.diagnosticText) is past the \(rules.owner)'s end at \(span.diagnosticText) "
                + "(keyframe times count from \(rules.origin))"
        }
        if let previous, time <= previous {
            return "\(time.diagnosticText) is not after the previous keyframe (\(previous.diagnosticText)); "
                + "keyframes must be in time order"
        }
        return nil
    }
}
