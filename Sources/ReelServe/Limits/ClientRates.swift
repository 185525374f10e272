import Synchronization

/// One `RateBudget` per client identity: `perMinute` requests a minute on average, up to `perMinute` at once (or an
/// identity's own rate, given when it is first seen: an API token's `requestsPerMinute`). The
/// table is bounded by `capacity`: when it is full, the buckets that have filled up again are dropped (a full
/// bucket is what a new client gets, so nothing is forgotten), then the one used longest ago.
final class ClientRates: Sendable {
    let perMinute: Int
    let capacity: Int
    private let table = Mutex<[String: (budget: RateBudget, used: ContinuousClock.Instant)]>([:])

    init(perMinute: Int, capacity: Int) {
        self.perMinute = perMinute
        self.capacity = capacity
    }

    /// Takes one request for `identity`: nil when it may go on, else the whole seconds until it may.
    /// - Parameter rate: the identity's own requests a minute, nil for `perMinute`.
    func take(_ identity: String, rate: Int? = nil, now: ContinuousClock.Instant = .now) -> Int? {
        let budget: RateBudget = table.withLock { table in
            if let held = table[identity] {
                table[identity]?.used = now
                return held.budget
            }
            if table.count >= capacity { evict(&table, now: now) }
            let minute = Double(rate ?? perMinute)
            let fresh = RateBudget(rate: minute / 60, burst: minute)
            table[identity] = (fresh, now)
            return fresh
        }
        return budget.take(now: now)
    }

    /// Identities held now (for tests of the bound).
    var count: Int { table.withLock { $0.count } }

    private func evict(_ table: inout [String: (budget: RateBudget, used: ContinuousClock.Instant)], now: ContinuousClock.Instant) {
        table = table.filter { !$0.value.budget.isFull(now: now) }
        while table.count >= capacity, let oldest = table.min(by: { $0.value.used < $1.value.used }) {
            table[oldest.key] = nil
        }
    }
}
