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
    func ping() throws {
        do {
            let c = try open()
            idle.withLock { $0.append(c) }
        } catch PGFailure.connectionLost(let message) {
            throw QueueError.connection(message)
        }
    }

    private func open() throws -> PGConnection {
        try PGConnection(url: configuration.databaseURL, applicationName: configuration.applicationName,
                         schema: configuration.schema, statementTimeout: configuration.statementTimeout,
                         role: configuration.role)
    }

    /// Opens a connection, retrying with backoff.
    func connect() throws -> PGConnection {
        var attempt = 0
        while true {
            do {
                return try open()
            } catch PGFailure.connectionLost(let message) {
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
    func with<T>(rerun: Rerun = .always, _ body: (PGConnection) throws -> T) throws -> T {
        slots.wait()
        defer { slots.signal() }
        var failures = 0
        while true {
            let conn = try idle.withLock { $0.popLast() } ?? connect()
            conn.succeeded = 0
            do {
                let r = try body(conn)
                idle.withLock { $0.append(conn) }
                return r
            } catch let f as PGFailure {
                failures += 1
                if conn.isBad || isConnectionLost(f) {
                    idle.withLock { $0.removeAll() }  // the others are likely dead too
                    if rerun == .ifNothingSucceeded && conn.succeeded > 0 {
                        throw QueueError.connection("\(f.queueError.description); the outcome is unknown, not retried")
                    }
                } else {
                    idle.withLock { $0.append(conn) }
                    guard f.isRetryable else { throw f.queueError }
                }
                guard failures <= configuration.reconnectAttempts else { throw f.queueError }
                pause(failures)
            } catch {
                // An answer such as `jobNotFound`: the connection is fine, unless left inside a transaction.
                if !conn.isBad && conn.isIdle { idle.withLock { $0.append(conn) } }
                throw error
            }
        }
    }

    /// Runs `body` inside one transaction on a pooled connection.
    func transaction<T>(rerun: Rerun = .always, _ body: (PGConnection) throws -> T) throws -> T {
        try with(rerun: rerun) { c in try c.transaction { try body(c) } }
    }

    private func isConnectionLost(_ f: PGFailure) -> Bool {
        if case .connectionLost = f { return true }
        if case .server(let s, _) = f { return s.hasPrefix("08") || s == "57P01" }
        return false
    }

    private func pause(_ attempt: Int) {
        let us = configuration.reconnectBackoff.delay(afterAttempt: attempt).microseconds
        if us > 0 { usleep(useconds_t(min(us, Int64(UInt32.max)))) }
    }
}
