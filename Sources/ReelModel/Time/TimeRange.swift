/// A half-open range of time `[start, start + duration)`, in the manner of `CMTimeRange`.
///
/// The relations below follow the usual interval diagrams:
///
///     contains(t):      [start ---- t ---- end)
///     intersection:     [a ------)                 →   [b --)
///                            [b ---------)
///     union:            [a ---)  [b ---)           →   [a ----------)   (the hull)
public struct TimeRange: Sendable, Hashable, CustomStringConvertible {
    public let start: RationalTime
    public let duration: RationalTime

    /// - Throws: `ModelError.invalidTime` when `duration` is negative; overflow when the end does not fit.
    public init(start: RationalTime, duration: RationalTime) throws {
        guard !duration.isNegative else {
            throw ModelError.invalidTime(path: "", message: "time range duration \(duration) is negative")
        }
        _ = try start + duration
        self.start = start
        self.duration = duration
    }

    /// - Throws: `ModelError.invalidTime` when `end` is before `start`.
    public init(start: RationalTime, end: RationalTime) throws {
        guard start <= end else {
            throw ModelError.invalidTime(path: "", message: "time range ends at \(end) before it starts at \(start)")
        }
        try self.init(start: start, duration: end - start)
    }

    /// The first instant after the range. Never throws: the initialiser checked it fits.
    public var end: RationalTime { try! start + duration }

    public var isEmpty: Bool { duration.isZero }

    /// `start <= t < end`.
    public func contains(_ t: RationalTime) -> Bool { start <= t && t < end }

    /// Whether `other` lies wholly inside this range.
    public func contains(_ other: TimeRange) -> Bool { start <= other.start && other.end <= end }

    /// Whether the two ranges share any instant.
    public func overlaps(_ other: TimeRange) -> Bool { start < other.end && other.start < end }

    /// The shared part, or nil when the ranges do not overlap.
    public func intersection(_ other: TimeRange) -> TimeRange? {
        let s = max(start, other.start), e = min(end, other.end)
        return s < e ? try? TimeRange(start: s, end: e) : nil
    }

    /// The smallest range holding both (their hull).
    public func union(_ other: TimeRange) -> TimeRange {
        try! TimeRange(start: min(start, other.start), end: max(end, other.end))
    }

    /// The range moved by `offset`.
    public func shifted(by offset: RationalTime) throws -> TimeRange {
        try TimeRange(start: start + offset, duration: duration)
    }

    public var description: String { "[\(start), \(end))" }
}
