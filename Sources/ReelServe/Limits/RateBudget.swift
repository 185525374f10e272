import ReelModel
import ReelQueue
import Synchronization

/// A token bucket: `rate` takes a second on average, at most `burst` at once. What the API may cost the database
/// however many clients ask: past it a request is told when to come back instead of reading.
final class RateBudget: Sendable {
    let rate: Double
    let burst: Double
    private let bucket: Mutex<(tokens: Double, at: ContinuousClock.Instant)>

    init(rate: Double, burst: Double) {
        self.rate = rate
        self.burst = burst
        bucket = Mutex((burst, .now))
    }

    /// Takes one: nil when there was one to take, else the whole seconds until there is.
    func take(now: ContinuousClock.Instant = .now) -> Int? {
        bucket.withLock { b in
            b.tokens = min(burst, b.tokens + max(0, b.at.duration(to: now).secondsDouble) * rate)
            b.at = now
            guard b.tokens >= 1 else { return max(1, Int(((1 - b.tokens) / rate).rounded(.up))) }
            b.tokens -= 1
            return nil
        }
    }

    /// Whether the bucket has refilled to `burst` by `now`: it then costs its owner nothing to forget it.
    func isFull(now: ContinuousClock.Instant = .now) -> Bool {
        bucket.withLock { b in b.tokens + max(0, b.at.duration(to: now).secondsDouble) * rate >= burst }
    }
}
