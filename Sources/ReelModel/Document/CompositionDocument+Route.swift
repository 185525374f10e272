/// Decoding and writing of `route` on clips, voice-overs and music (`AudioRoute`).
extension CompositionDocument {
    static let routeMapKeys = ["map"]
    static let routeEntryKeys = ["to", "gain"]

    /// `route`: a channel name, a list of names, or `{ "map": [entry per source channel] }`; nil when absent or wrong.
    static func decodeRoute(_ f: JSONFields) -> AudioRoute? {
        guard let value = f["route"] else { return nil }
        let path = f.path("route")
        if case .object = value {
            guard let m = JSONFields(value, path: path, keys: routeMapKeys, required: ["map"], log: f.log),
                  let list = m.array("map") else { return nil }
            if list.isEmpty { f.log.add(m.path("map"), "give one entry per source channel") }
            let entries = list.enumerated().map { i, v in routeEntry(v, path: JSONPath.index(m.path("map"), i), log: f.log) }
            guard !list.isEmpty, entries.allSatisfy({ $0 != nil }) else { return nil }
            return .map(entries.compactMap { $0 })
        }
        return channelNames(value, path: path, log: f.log).map { .channels($0) }
    }

    /// One map entry: a name, a list of names, or `{ "to": …, "gain": … }`.
    static func routeEntry(_ value: JSONValue, path: String, log: DiagnosticLog) -> AudioRoute.Entry? {
        guard case .object = value else { return channelNames(value, path: path, log: log).map { AudioRoute.Entry(to: $0) } }
        guard let f = JSONFields(value, path: path, keys: routeEntryKeys, required: ["to"], log: log),
              let target = f["to"] else { return nil }
        let gain = f.rational("gain", where: { !$0.isNegative }, "must not be negative")
        guard let to = channelNames(target, path: f.path("to"), log: log), gain != nil || !f.has("gain") else { return nil }
        return AudioRoute.Entry(to: to, gain: gain ?? .one)
    }

    /// A channel name or a non-empty list of them; unknown names are reported with the valid ones.
    static func channelNames(_ value: JSONValue, path: String, log: DiagnosticLog) -> [AudioChannel]? {
        if case .string(let s) = value { return channel(s, path: path, log: log).map { [$0] } }
        guard case .array(let list) = value else {
            log.add(path, "expected a channel name or a list of them, got \(value.kindDescription)")
            return nil
        }
        guard !list.isEmpty else { log.add(path, "give at least one channel"); return nil }
        let channels = list.enumerated().map { i, v -> AudioChannel? in
            let at = JSONPath.index(path, i)
            guard case .string(let s) = v else { log.add(at, "expected a channel name, got \(v.kindDescription)"); return nil }
            return channel(s, path: at, log: log)
        }
        guard channels.allSatisfy({ $0 != nil }) else { return nil }
        return channels.compactMap { $0 }
    }

    static func channel(_ name: String, path: String, log: DiagnosticLog) -> AudioChannel? {
        if let c = AudioChannel(rawValue: name) { return c }
        let names = AudioChannel.allCases.map(\.rawValue)
        let hint = Suggestion.closest(to: name, in: names).map { "did you mean \"\($0)\"?" }
            ?? "valid channels are \(Suggestion.list(names, quoted: false))"
        log.add(path, "unknown channel \"\(name)\"; \(hint)")
        return nil
    }
}

extension CompositionJSON {
    /// `route` as `decodeRoute` reads it: a name, a list, or a map whose entries spell out a gain only when not 1.
    static func encodeRoute(_ route: AudioRoute) -> JSONValue {
        switch route {
        case .channels(let list):
            return list.count == 1 ? .string(list[0].rawValue) : .array(list.map { .string($0.rawValue) })
        case .map(let entries):
            return .object([member("map", .array(entries.map { e in
                let to = JSONValue.array(e.to.map { .string($0.rawValue) })
                return e.gain == .one ? to : .object([member("to", to), member("gain", rational(e.gain))])
            }))])
        }
    }
}
