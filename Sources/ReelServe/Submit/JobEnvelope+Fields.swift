import ReelModel

extension JobEnvelope {
    /// The envelope's members, read one by one; each problem is kept at its member's path, so that one answer
    /// lists them all.
    struct Fields {
        let members: [JSONMember]
        var problems: [Diagnostic] = []

        init(_ members: [JSONMember]) {
            self.members = members
            var seen: Set<String> = []
            for m in members where !seen.insert(m.key).inserted {
                problems.append(Diagnostic(path: m.key, message: "given twice"))
            }
        }

        func value(_ key: String) -> JSONValue? { members.first { $0.key == key }?.value }

        /// The document as JSON text, the members in the order given.
        mutating func object(_ key: String) -> String? {
            guard let v = value(key) else { return missing(key, "the composition or timeline, a JSON object") }
            guard v.objectMembers != nil else { return wrong(key, "must be a JSON object, not \(v.kindDescription)") }
            return v.serialized()
        }

        mutating func string(_ key: String, required: Bool = false, max: Int) -> String? {
            guard let v = value(key), !v.isNull || required else {
                return required ? missing(key, "a file name relative to the server's output root, e.g. spots/final.mp4") : nil
            }
            guard let text = v.stringValue else { return wrong(key, "must be a string, not \(v.kindDescription)") }
            guard !text.isEmpty, text.utf8.count <= max else { return wrong(key, "must be 1 to \(max) bytes long") }
            guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                return wrong(key, "must not hold control characters")
            }
            return text
        }

        mutating func priority() -> Int? {
            guard let v = value("priority"), !v.isNull else { return nil }
            guard v.isIntegerLiteral, let n = v.int64Value, (-1_000_000...1_000_000).contains(n) else {
                return wrong("priority", "must be a whole number from -1000000 to 1000000 (higher runs first)")
            }
            return Int(n)
        }

        mutating func tags() -> [String]? {
            guard let v = value("tags"), !v.isNull else { return nil }
            guard let list = v.arrayValue, list.count <= JobEnvelope.maxTags else {
                return wrong("tags", "must be a list of at most \(JobEnvelope.maxTags) tags")
            }
            var tags: [String] = []
            for (i, item) in list.enumerated() {
                guard let tag = item.stringValue, (1...64).contains(tag.utf8.count),
                      tag.utf8.allSatisfy({ Self.tagBytes.contains($0) }) else {
                    problems.append(Diagnostic(path: "tags[\(i)]", message: "a tag is 1 to 64 letters, digits, '.', '_' or '-'"))
                    continue
                }
                tags.append(tag)
            }
            return tags
        }

        mutating func refuseUnknown(members known: Set<String>) {
            for m in members where !known.contains(m.key) {
                problems.append(Diagnostic(path: m.key, message: "unknown member; the envelope takes "
                                           + known.sorted().joined(separator: ", ")))
            }
        }

        private static let tagBytes = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-".utf8)

        private mutating func missing<T>(_ key: String, _ what: String) -> T? {
            problems.append(Diagnostic(path: key, message: "missing: \(what)"))
            return nil
        }

        private mutating func wrong<T>(_ key: String, _ message: String) -> T? {
            problems.append(Diagnostic(path: key, message: message))
            return nil
        }
    }
}
