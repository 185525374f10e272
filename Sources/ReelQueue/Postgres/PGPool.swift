import Dispatch
import Foundation
import Synchronization

/// A small pool of connections. At most `maxConnections` are out at once; a lost connection is dropped,
/// the pool reconnects with backoff and reruns the work (all queue work is safe to rerun: writes are
/// fenced and transactions roll back), and throws `QueueError.connection` when reconnecting keeps failing.
final class PGPool: Sendable {
    let configuration: PostgresQueueConfiguration
    private let idle = Mutex<[PGConnection]>([])
    private let slots: DispatchSemaphore

    init(_ configuration: PostgresQueueConfiguration) {
        self.configuration = configuration
        slots = DispatchSemaphore(value: configuration.maxConnections)
    }

    /// One connection attempt, no retry: whether the database answers now.
    /// - Throws: `QueueError.connection` with libpq's message.
    func ping() throws(QueueError) {
        let c = try open()
        idle.withLock { $0.append(c) }
    }

    private func open() throws(QueueError) -> PGConnection {
        try PGConnection(url: configuration.databaseURL, applicationName: configuration.applicationName,
                         schema: configuration.schema, statementTimeout: configuration.statementTimeout,
                         role: configuration.role)
    }

    /// Opens a connection, retrying with backoff.
    func connect() throws(QueueError) -> PGConnection {
        var attempt = 0
        while true {
            do throws(QueueError) {
                return try open()
            } catch .connection(let message) {
                attempt += 1
                guard !PGConnection.isPermanent(connectionError: message) else { throw QueueError.connection(message) }
                guard attempt <= configuration.reconnectAttempts else {
                    throw QueueError.connection("\(message) (after \(attempt) attempts)")
                }
                pause(attempt)
            }
        }
    }

    /// When work may be rerun after the connection was lost.
    enum Rerun {
        /// Always (fenced or idempotent work).
        case always
        /// Only if no statement of it had succeeded yet: a lost COMMIT reply leaves it unknown whether the
        /// work was applied, and rerunning would apply it twice (e.g. a duplicate job).
        case ifNothingSucceeded
    }

    /// Runs `body` on a pooled connection; reruns it after a lost connection (see `Rerun`) or a deadlock.
    /// Any other error is the answer (`jobNotFound`, a constraint): thrown as it is, the connection kept.
    func with<T>(rerun: Rerun = .always,
                 _ body: (PGConnection) throws(QueueError) -> T) throws(QueueError) -> T {
        slots.wait()
        defer { slots.signal() }
        var failures = 0
        while true {
            let conn = try checkOut()
            conn.succeeded = 0
            do throws(QueueError) {
                let r = try body(conn)
                idle.withLock { $0.append(conn) }
                return r
            } catch {
                if conn.isBad || error.isConnectionLost {
                    idle.withLock { $0.removeAll() }  // the others are likely dead too
                    if rerun == .ifNothingSucceeded && conn.succeeded > 0 {
                        throw .connection("\(error.description); the outcome is unknown, not retried")
                    }
                } else {
                    // The connection is fine, unless left inside a transaction.
                    if conn.isIdle { idle.withLock { $0.append(conn) } }
                    guard error.isRetryable else { throw error }
                }
                failures += 1
                guard failures <= configuration.reconnectAttempts else { throw error }
                pause(failures)
            }
        }
    }

    /// An idle connection of the pool, else a new one.
    private func checkOut() throws(QueueError) -> PGConnection {
        if let idle = idle.withLock({ $0.popLast() }) { return idle }
        return try connect()
    }

    /// Runs `body` inside one transaction on a pooled connection.
    func transaction<T>(rerun: Rerun = .always,
                        _ body: (PGConnection) throws(QueueError) -> T) throws(QueueError) -> T {
        try with(rerun: rerun) { c throws(QueueError) in try c.transaction { () throws(QueueError) in try body(c) } }
    }

    private func pause(_ attempt: Int) {
        let us = configuration.reconnectBackoff.delay(afterAttempt: attempt).microseconds
        if us > 0 { usleep(useconds_t(min(us, Int64(UInt32.max)))) }
    }
}
