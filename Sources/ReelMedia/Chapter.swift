import ReelModel

/// A chapter mark for the final file: a title over the half-open span `[start, end)` of the output's
/// presentation timeline, in exact time.
public struct Chapter: Sendable, Hashable {
    /// Shown by players as the chapter's name (the `title` metadata entry).
    public var title: String
    /// Where the chapter begins, from the start of the output.
    public var start: RationalTime
    /// Where the chapter ends (exclusive); the next chapter's start, or the output's end.
    public var end: RationalTime

    public init(title: String, start: RationalTime, end: RationalTime) {
        self.title = title
        self.start = start
        self.end = end
    }

    /// A time base holding both ends exactly: the least common multiple of their timescales.
    /// - Returns: `nil` when that does not fit in `Int32`.
    func commonTimescale() -> Int32? {
        let a = Int64(start.timescale), b = Int64(end.timescale)
        var x = a, y = b
        while y != 0 { (x, y) = (y, x % y) }
        return Int32(exactly: a / x * b)
    }
}
