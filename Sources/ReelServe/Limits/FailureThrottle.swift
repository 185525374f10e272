import Foundation
import Synchronization

/// Wrong tokens counted per client: `limit` within any `window`, after which the client's wrong tokens are
/// refused until its oldest one leaves the window. The table is bounded: when `capacity` clients are held, those
/// with no failure in the window are dropped, then the one whose last failure is oldest, so a spray of addresses
/// costs a fixed amount of memory.
final class FailureThrottle: Sendable {
    let limit: Int
    let window: TimeInterval
    let capacity: Int
    private let table = Mutex<[String: [Date]]>([:])

    init(limit: Int, window: TimeInterval = 60, capacity: Int) {
        self.limit = limit
        self.window = window
        self.capacity = capacity
    }

    enum Verdict: Equatable {
        /// Counted; this many more are allowed in the window (0: the next one is refused).
        case counted(left: Int)
        /// Over the limit: not counted (so the window keeps sliding); the client may try again in this many seconds.
        case refused(retryAfter: Int)
    }

    /// Counts a wrong token from `client`, or refuses it when the client has used up its limit.
    func fail(_ client: String, now: Date = Date()) -> Verdict {
        table.withLock { table in
            var times = (table[client] ?? []).filter { now.timeIntervalSince($0) < window }
            if times.count >= limit {
                table[client] = times
                return .refused(retryAfter: max(1, Int((window - now.timeIntervalSince(times[0])).rounded(.up))))
            }
            if table[client] == nil && table.count >= capacity { evict(&table, now: now) }
            times.append(now)
            table[client] = times
            return .counted(left: limit - times.count)
        }
    }

    /// Clients held now (for tests of the bound).
    var count: Int { table.withLock { $0.count } }

    private func evict(_ table: inout [String: [Date]], now: Date) {
        table = table.filter { now.timeIntervalSince($0.value.last ?? .distantPast) < window }
        while table.count >= capacity, let quiet = table.min(by: { ($0.value.last ?? .distantPast) < ($1.value.last ?? .distantPast) }) {
            table[quiet.key] = nil
        }
    }
}
