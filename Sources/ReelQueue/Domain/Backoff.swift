/// Exponential retry delay: `base · 2^(attempt-1)`, capped at `cap`. Deterministic (no jitter), so
/// the in-memory and PostgreSQL queues schedule retries identically.
public struct Backoff: Sendable, Hashable {
    /// The delay after the first failed attempt.
    public var base: Duration
    /// The longest delay.
    public var cap: Duration

    public init(base: Duration = .seconds(5), cap: Duration = .seconds(300)) {
        self.base = base
        self.cap = cap
    }

    /// No delay: a failed segment is claimable again at once.
    public static let none = Backoff(base: .zero, cap: .zero)

    /// The delay before retrying after attempt `attempt` (1-based) failed.
    public func delay(afterAttempt attempt: Int) -> Duration {
        let shift = max(0, min(attempt - 1, 20))
        let us = base.microseconds.multipliedReportingOverflow(by: Int64(1) << shift)
        let capped = us.overflow ? cap.microseconds : min(us.partialValue, cap.microseconds)
        return .microseconds(capped)
    }
}
