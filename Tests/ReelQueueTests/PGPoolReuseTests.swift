import Testing
@testable import ReelQueue

/// A lookup that finds nothing is an answer, not a broken connection: the pool keeps the connection. Before,
/// every `jobNotFound` (a web page asking for a missing job) dropped it, and the next call opened a new backend.
@Suite struct PGPoolReuseTests {
    @Test("a query that throws a queue error (job not found) gives its connection back to the pool")
    func notFoundKeepsTheConnection() throws {
        try withTestSchema(maxConnections: 1) { config in
            let queue = try PostgresSegmentQueue(config)
            var backends = Set<String>()
            for missing in Int64(900_001)...900_010 {
                #expect(throws: QueueError.jobNotFound(missing)) { _ = try queue.jobGet(missing) }
                backends.insert(try queue.pool.with { c throws(QueueError) in try c.exec("SELECT pg_backend_pid()::text AS pid").rows[0].text("pid") })
            }
            #expect(backends.count == 1, "10 missing lookups used \(backends.count) backends")
        }
    }
}
