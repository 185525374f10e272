import Testing
@testable import ReelQueue

/// The queue's errors at its boundary: libpq's failures arrive as `QueueError`, and its text knows no command line.
@Suite struct QueueErrorTests {
    @Test("an unreachable database says so in the library's words, naming no flag of the CLI")
    func connectionTextNamesNoFlag() {
        let error = QueueError.connection("connection to server at \"127.0.0.1\", port 1 failed: Connection refused\n\t"
                                          + "Is the server running on that host?")
        #expect(error.description == "cannot reach the database: connection to server at \"127.0.0.1\", port 1 failed: "
                + "Connection refused Is the server running on that host?")
        for setting in ["--db", "REEL_DATABASE_URL", "PGHOST", "pgpass"] {
            #expect(!error.description.contains(setting), "\(error)")
        }
    }

    @Test("a server that does not answer is QueueError.connection, from a typed throw")
    func unreachableServer() throws {
        let queue = try PostgresSegmentQueue(PostgresQueueConfiguration(
            databaseURL: "postgresql://reel@127.0.0.1:1/reel", reconnectAttempts: 0))
        do throws(QueueError) {
            _ = try queue.jobList(JobListParams())
            Issue.record("a server on port 1 answered")
        } catch {
            guard case .connection(let message) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(message.contains("127.0.0.1"), "\(message)")
        }
    }

    @Test("a statement the server refuses keeps its SQLSTATE; constraints and rights get their own cases")
    func serverErrors() throws {
        try withTestSchema { config in
            let c = try PGConnection(url: config.databaseURL, applicationName: "reel-test", schema: config.schema)
            let query = try #require(throws: QueueError.self) { try c.exec("SELECT 1 / 0") }
            if case .query(let state, let message) = query {
                #expect(state == "22012" && message.contains("division by zero"), "\(message)")
            } else {
                Issue.record("\(query)")
            }
            let constraint = try #require(throws: QueueError.self) {
                try c.exec("INSERT INTO workers (id, host, pid, version) VALUES (NULL, 'h', 1, 'v')")
            }
            guard case .constraint = constraint else {
                Issue.record("\(constraint)")
                return
            }
        }
    }
}
