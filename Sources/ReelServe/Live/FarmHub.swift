import Foundation
import ReelModel
import ReelQueue
import Synchronization

/// The one reader of the database for every page, stream and scrape. It refreshes a shared snapshot when the
/// queue announces a change (LISTEN/NOTIFY, debounced into batches) or every `pollInterval` as a backup, and
/// only while someone looks. Open pages and event streams read the snapshot: 50 streams cost the same
/// queries as one. A watched job's detail (its segment strip) is part of the snapshot while a stream watches it.
public final class FarmHub: @unchecked Sendable {
    public struct Options: Sendable {
        /// Refresh at least this often while someone looks (heartbeat-driven numbers change without events).
        public var pollInterval: Duration = .seconds(2)
        /// Notifications within this much of each other are one change batch.
        public var debounce: Duration = .milliseconds(150)
        /// Stop refreshing when nobody has looked for this long and no stream is open.
        public var idleAfter: Duration = .seconds(60)
        /// Heartbeats silent this long mean a worker is gone.
        public var goneAfter: Duration = .seconds(120)
        /// An event stream sends a comment this often when nothing changed; a client that left is noticed then.
        public var keepAlive: Duration = .seconds(15)
        /// How many of the newest jobs the snapshot holds.
        public var jobLimit: Int = 500
        /// Jobs held in the snapshot because the API asked for them, the most recently asked first (each costs a
        /// read per refresh); jobs that open pages watch come on top, bounded by the event stream limits.
        public var heldLimit: Int = 32
        /// Reads of one job for the API that the snapshot cannot answer, a second (twice as many at once); past
        /// it the API answers 503 with Retry-After rather than ask the database.
        public var lookupsPerSecond: Int = 10
        /// The least time between two refreshes, however many notifications and kicks arrive.
        public var minRefreshInterval: Duration = .milliseconds(500)
        public init() {}
    }

    let queue: any QueueMonitoring
    let options: Options
    private let makeWaiter: @Sendable () throws -> any QueueWaiter
    let cond = NSCondition()
    var state = HubState()
    private let refreshes = Atomic<Int>(0)
    private let refreshLock = NSLock()
    /// What the API's reads of single jobs may cost the database (`Options.lookupsPerSecond`).
    let lookups: RateBudget
    /// The operator's log: why the database could not be read (clients are told only that it could not).
    let log: @Sendable (String) -> Void

    /// - Parameters:
    ///   - waiter: makes a LISTENer on the queue's event channel (a fresh one after a connection loss).
    ///   - log: receives the database's errors, each once until it changes.
    public init(queue: any QueueMonitoring, options: Options = Options(),
                log: @escaping @Sendable (String) -> Void = { _ in },
                waiter: @escaping @Sendable () throws -> any QueueWaiter) {
        self.queue = queue
        self.options = options
        self.makeWaiter = waiter
        self.log = log
        let rate = Double(max(1, options.lookupsPerSecond))
        lookups = RateBudget(rate: rate, burst: 2 * rate)
    }

    /// Snapshot refreshes so far: each is one batch of queries, whatever the number of clients.
    public var refreshCount: Int { refreshes.load(ordering: .relaxed) }

    /// Starts the refresher thread.
    public func start() {
        let t = Thread { [self] in run() }
        t.name = "reel-serve-hub"
        t.start()
    }

    /// Ends the refresher and every open stream.
    public func close() {
        cond.lock(); state.closed = true; cond.broadcast(); cond.unlock()
    }

    /// The current snapshot. A page or an API call is never kept waiting for the database when a snapshot exists:
    /// one older than the poll interval is returned at once and a refresh is asked for (the event stream
    /// delivers it); only the first request, or one after `maxAge`, waits for a read. Marks demand.
    public func snapshot(maxAge: Duration = .seconds(600)) -> HubSnapshot {
        cond.lock()
        state.lastDemand = Date()
        let age = Date().timeIntervalSince(state.snapshot.at)
        let mustRead = state.snapshot.version == 0 || age > maxAge.secondsDouble
        if !mustRead && age > options.pollInterval.secondsDouble { state.kicked = true }
        cond.unlock()
        if mustRead { refresh() }
        cond.lock(); defer { cond.unlock() }
        return state.snapshot
    }

    /// Asks for a refresh soon (after a write action, or when a stream starts watching a job).
    public func kick() {
        cond.lock(); state.kicked = true; state.lastDemand = Date(); cond.unlock()
    }

    private func run() {
        var waiter: (any QueueWaiter)?
        var lastRefresh = Date.distantPast
        var asked = false   // a notification or a kick that no refresh has answered yet
        while !isClosed {
            if waiter == nil { waiter = try? makeWaiter() }
            var woke = false
            if let w = waiter {
                do { woke = try w.wait(timeout: .milliseconds(100)) } catch { waiter = nil }
            } else {
                Thread.sleep(forTimeInterval: 0.1)
            }
            if woke { Thread.sleep(forTimeInterval: options.debounce.secondsDouble) }
            let (wanted, kicked) = takeDemand()
            asked = asked || woke || kicked
            let since = Date().timeIntervalSince(lastRefresh)
            if wanted && (asked || since >= options.pollInterval.secondsDouble)
                && since >= options.minRefreshInterval.secondsDouble {
                refresh()
                lastRefresh = Date()
                asked = false
            }
        }
    }

    private var isClosed: Bool { cond.lock(); defer { cond.unlock() }; return state.closed }

    /// Whether anyone looks (a stream, or a request within `idleAfter`), and whether a refresh was asked for.
    private func takeDemand() -> (Bool, Bool) {
        cond.lock(); defer { cond.unlock() }
        let kicked = state.kicked
        state.kicked = false
        let recent = Date().timeIntervalSince(state.lastDemand) < options.idleAfter.secondsDouble
        return (state.streams > 0 || recent, kicked)
    }

    /// Reads the database once and publishes a new snapshot; concurrent callers share one refresh.
    func refresh() {
        guard refreshLock.try() else { refreshLock.lock(); refreshLock.unlock(); return }
        defer { refreshLock.unlock() }
        refreshes.add(1, ordering: .relaxed)
        cond.lock()
        let now = Date()
        state.brief = state.brief.filter { $0.value > now }
        let watched = Array(Set(state.watchers.keys).union(state.brief.keys))
        cond.unlock()
        let read = HubReader(queue: queue, options: options).read(watched: watched)
        cond.lock()
        var next = state.prepare(read)
        let newError = read.error != state.loggedError ? read.error : nil
        state.loggedError = read.error
        cond.unlock()
        if let newError { log("the database cannot be read: \(newError)") }
        HubState.encode(&next)   // outside the lock: readers keep the old snapshot meanwhile
        cond.lock()
        state.snapshot = next
        cond.broadcast()
        cond.unlock()
    }
}
