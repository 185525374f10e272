/// "Did you mean …?" suggestions by edit distance.
public enum Suggestion {
    /// The candidate closest to `word`, when it is close enough to be a plausible typo:
    /// at most 2 edits, and at most a third of the word's length (case is ignored).
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let lowered = Array(word.lowercased().unicodeScalars)
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(lowered, Array(candidate.lowercased().unicodeScalars))
            if d < (best?.1 ?? Int.max) { best = (candidate, d) }
        }
        guard let (name, d) = best else { return nil }
        let limit = min(2, max(1, lowered.count / 3))
        return d <= limit ? name : nil
    }

    /// Levenshtein distance (insertions, deletions, substitutions), two rows of memory.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// `"a", "b" and "c"` for messages.
    static func list(_ names: [String], quoted: Bool = true, joinedBy word: String = "and") -> String {
        let items = quoted ? names.map { "\"\($0)\"" } : names
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(word) " + items.last!
    }
}
