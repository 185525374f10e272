import Foundation
import Synchronization

/// The source of "now" for leases, backoff and timestamps. Injected so tests need not sleep.
public protocol QueueClock: Sendable {
    /// The current instant.
    func now() -> Date
}

/// Wall-clock time.
public struct SystemQueueClock: QueueClock {
    public init() {}
    public func now() -> Date { Date() }
}

/// A clock that only moves when told to; for tests of leases and backoff.
public final class ManualQueueClock: QueueClock {
    private let current: Mutex<Date>

    /// - Parameter start: the first instant; defaults to a whole second so it survives microsecond storage.
    public init(start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { current = Mutex(start) }

    public func now() -> Date { current.withLock { $0 } }

    /// Moves the clock forward.
    public func advance(by d: Duration) { current.withLock { $0 = $0.adding(d) } }
}

extension Date {
    /// This instant moved by an exact `Duration` (microsecond resolution, as stored).
    public func adding(_ d: Duration) -> Date {
        Date(microsecondsSince1970: microsecondsSince1970 + d.microseconds)
    }

    /// Whole microseconds since 1970, the resolution PostgreSQL stores.
    public var microsecondsSince1970: Int64 { Int64((timeIntervalSince1970 * 1_000_000).rounded()) }

    /// The instant `us` microseconds after 1970.
    public init(microsecondsSince1970 us: Int64) {
        self.init(timeIntervalSince1970: Double(us) / 1_000_000)
    }
}

extension Duration {
    /// Whole microseconds (truncated), the resolution PostgreSQL stores.
    public var microseconds: Int64 {
        let (s, a) = components
        return s * 1_000_000 + a / 1_000_000_000_000
    }
}
