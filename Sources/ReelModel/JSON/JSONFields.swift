/// Reads the members of one JSON object while decoding a composition.
///
/// Creating it reports unknown keys (with a did-you-mean suggestion), duplicate keys and missing
/// required keys. The typed getters report a wrong type or form at the member's path and return
/// nil, so decoding carries on and every problem gets reported. `null` counts as absent.
struct JSONFields {
    let path: String
    let log: DiagnosticLog
    private let values: [String: JSONValue]

    init?(_ value: JSONValue, path: String, keys: [String], required: [String] = [], log: DiagnosticLog) {
        guard case .object(let members) = value else {
            log.add(path, "expected an object, got \(value.kindDescription)")
            return nil
        }
        var values: [String: JSONValue] = [:]
        var seen: Set<String> = []
        for member in members {
            let memberPath = JSONPath.member(path, member.key)
            guard keys.contains(member.key) else {
                log.add(memberPath, JSONFields.unknownKeyMessage(member.key, keys))
                continue
            }
            guard seen.insert(member.key).inserted else {
                log.add(memberPath, "duplicate key \"\(member.key)\"")
                continue
            }
            if member.value != .null { values[member.key] = member.value }
        }
        for key in required where values[key] == nil { log.add(path, "missing required key \"\(key)\"") }
        self.path = path
        self.log = log
        self.values = values
    }

    static func unknownKeyMessage(_ key: String, _ keys: [String]) -> String {
        if let near = Suggestion.closest(to: key, in: keys) { return "unknown key \"\(key)\"; did you mean \"\(near)\"?" }
        return "unknown key \"\(key)\"; expected \(Suggestion.list(keys, joinedBy: "or"))"
    }

    subscript(key: String) -> JSONValue? { values[key] }

    func has(_ key: String) -> Bool { values[key] != nil }

    func path(_ key: String) -> String { JSONPath.member(path, key) }

    /// Runs `read` on the member when present, logging its problem at the member's path.
    func read<T>(_ key: String, _ read: (JSONValue) throws(ValueProblem) -> T) -> T? {
        guard let value = values[key] else { return nil }
        do { return try read(value) } catch {
            log.add(path(key), error.message)
            return nil
        }
    }

    func time(_ key: String) -> RationalTime? { read(key, JSONExact.timeValue) }

    func rational(_ key: String) -> Rational? { read(key, JSONExact.rationalValue) }

    func string(_ key: String) -> String? {
        read(key) { value throws(ValueProblem) in
            guard case .string(let s) = value else { throw ValueProblem("expected a string, got \(value.kindDescription)") }
            return s
        }
    }

    func bool(_ key: String) -> Bool? {
        read(key) { value throws(ValueProblem) in
            guard case .bool(let b) = value else { throw ValueProblem("expected true or false, got \(value.kindDescription)") }
            return b
        }
    }

    /// A JSON integer inside `range`.
    func integer(_ key: String, in range: ClosedRange<Int>) -> Int? {
        read(key) { value throws(ValueProblem) in
            guard let n = value.int64Value else { throw ValueProblem("expected an integer, got \(value.kindDescription)") }
            guard let i = Int(exactly: n), range.contains(i) else {
                throw ValueProblem("must be between \(range.lowerBound) and \(range.upperBound), got \(n)")
            }
            return i
        }
    }

    func array(_ key: String) -> [JSONValue]? {
        read(key) { value throws(ValueProblem) in
            guard case .array(let a) = value else { throw ValueProblem("expected an array, got \(value.kindDescription)") }
            return a
        }
    }

    /// One of an enum's raw values; an unknown one lists the valid values.
    func choice<E: RawRepresentable & CaseIterable>(_ key: String, _ what: String) -> E? where E.RawValue == String {
        read(key) { value throws(ValueProblem) in
            guard case .string(let s) = value else { throw ValueProblem("expected a string, got \(value.kindDescription)") }
            guard let e = E(rawValue: s) else {
                let names = E.allCases.map(\.rawValue)
                throw ValueProblem("unknown \(what) \"\(s)\"; valid \(what)s are \(Suggestion.list(names, quoted: false))")
            }
            return e
        }
    }

    /// A nested object, read with its own allowed and required keys.
    func object(_ key: String, keys: [String], required: [String] = []) -> JSONFields? {
        guard let value = values[key] else { return nil }
        return JSONFields(value, path: path(key), keys: keys, required: required, log: log)
    }
}
