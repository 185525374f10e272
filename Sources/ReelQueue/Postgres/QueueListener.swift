internal import CLibPQ
import Foundation

/// LISTENs on a dedicated connection and wakes a waiting thread on NOTIFY
/// (`poll(PQsocket)` → `PQconsumeInput` → `PQnotifies` → `PQfreemem`). Callers poll the queue as well:
/// a notification sent while the connection was down is lost, so a reconnect counts as a wake-up.
public final class QueueListener: QueueWaiter {
    /// The channel notified on submit, retry and requeue (failure with backoff, release):
    /// `reel_work`, or `reel_work_<schema>` so that queues in different schemas of one database stay apart.
    public static func workChannel(schema: String?) -> String { schema.map { "reel_work_\($0)" } ?? "reel_work" }

    /// The monitoring channel, notified (payload empty) whenever the event log gets rows (any job or segment state
    /// change) and when a worker registers, changes its state or is pruned; not on heartbeats or progress.
    /// `reel_events`, or `reel_events_<schema>` cut to PostgreSQL's 63-character names (the trigger of
    /// schema/0004_monitoring.up.sql sends both for the public schema).
    public static func eventsChannel(schema: String?) -> String {
        schema.map { String(("reel_events_" + $0).prefix(63)) } ?? "reel_events"
    }

    private let configuration: PostgresQueueConfiguration
    private let channels: [String]
    private var connection: PGConnection?

    /// Opens the connection and LISTENs on `channels` (default: the work channel of the configured schema).
    /// - Throws: `QueueError.connection` when the database cannot be reached.
    public init(configuration: PostgresQueueConfiguration, channels: [String]? = nil) throws(QueueError) {
        self.configuration = configuration
        self.channels = channels ?? [Self.workChannel(schema: configuration.schema)]
        connection = try listen()
    }

    private func listen() throws(QueueError) -> PGConnection {
        let c = try PGPool(configuration).connect()
        for ch in channels { try c.execScript("LISTEN " + (try c.quoteIdentifier(ch))) }
        return c
    }

    /// Waits up to `timeout` for a notification; true when one arrived (or the connection was renewed).
    /// - Throws: `QueueError.connection` when reconnecting keeps failing.
    public func wait(timeout: Duration) throws(QueueError) -> Bool {
        guard let c = connection, !c.isBad else { return try reconnect() }
        if drain(c) { return true }
        var fds = pollfd(fd: c.socket, events: Int16(POLLIN), revents: 0)
        let ms = Int32(clamping: max(0, timeout.microseconds / 1000))
        let n = poll(&fds, 1, ms)
        guard n > 0 else { return false }
        guard PQconsumeInput(c.pointer) == 1 else { return try reconnect() }
        return drain(c)
    }

    /// Takes every pending notification; true when there was one.
    private func drain(_ c: PGConnection) -> Bool {
        var any = false
        while let n = PQnotifies(c.pointer) {
            PQfreemem(n)
            any = true
        }
        return any
    }

    private func reconnect() throws(QueueError) -> Bool {
        connection = nil
        connection = try listen()
        return true
    }
}
