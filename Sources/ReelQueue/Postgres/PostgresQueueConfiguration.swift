import Foundation

/// How `PostgresSegmentQueue` connects.
public struct PostgresQueueConfiguration: Sendable {
    /// A libpq URL (`postgresql://user@host:port/db`) or conninfo string; empty uses the libpq environment
    /// (PGHOST, PGUSER, .pgpass …).
    public var databaseURL: String
    /// The schema holding Reel's tables (sets `search_path`); nil keeps the server default.
    public var schema: String?
    /// The most connections the pool opens at once; callers beyond that wait.
    public var maxConnections: Int
    /// Reconnect attempts after the connection is lost, before `QueueError.connection` is thrown.
    public var reconnectAttempts: Int
    /// Delay between reconnect attempts.
    public var reconnectBackoff: Backoff
    /// Where "now" comes from; nil means the database server's `now()` (production).
    public var clock: (any QueueClock)?
    /// Shown in `pg_stat_activity`.
    public var applicationName: String
    /// The longest any statement may run (`statement_timeout`); every queue statement is short.
    public var statementTimeout: Duration = .seconds(60)
    /// A role every connection acts as (`SET ROLE`), e.g. `<schema>_monitor` for `reel serve`'s reads;
    /// nil keeps the login role.
    public var role: String?

    public init(databaseURL: String = "", schema: String? = nil, maxConnections: Int = 8, reconnectAttempts: Int = 6,
                reconnectBackoff: Backoff = Backoff(base: .milliseconds(100), cap: .seconds(2)),
                clock: (any QueueClock)? = nil, applicationName: String = "reel") {
        self.databaseURL = databaseURL
        self.schema = schema
        self.maxConnections = maxConnections
        self.reconnectAttempts = reconnectAttempts
        self.reconnectBackoff = reconnectBackoff
        self.clock = clock
        self.applicationName = applicationName
    }

    /// Uses `url` when given (e.g. `--db`), else `REEL_DATABASE_URL`, else the libpq environment.
    public static func fromEnvironment(url: String? = nil, schema: String? = nil) -> PostgresQueueConfiguration {
        let env = ProcessInfo.processInfo.environment["REEL_DATABASE_URL"]
        return PostgresQueueConfiguration(databaseURL: url ?? env ?? "", schema: schema)
    }

    /// - Throws: `QueueError.configuration` for a bad pool size or schema name.
    public func validate() throws(QueueError) {
        guard maxConnections >= 1 else { throw QueueError.configuration("maxConnections must be at least 1") }
        guard reconnectAttempts >= 0 else { throw QueueError.configuration("reconnectAttempts must not be negative") }
        if let schema, !Self.isPlainIdentifier(schema) {
            throw QueueError.configuration("schema \"\(schema)\" must match [a-z_][a-z0-9_]* (at most 63 characters)")
        }
        if let problem = PGConnection.conninfoProblem(databaseURL) {
            throw QueueError.configuration("the database URL \"\(databaseURL)\" is not a libpq URL or conninfo string "
                                           + "(\(problem)); write postgresql://user@host:port/dbname or \"host=… dbname=…\"")
        }
    }

    static func isPlainIdentifier(_ s: String) -> Bool {
        guard let first = s.utf8.first, s.utf8.count <= 63, first == 95 || (97...122).contains(first) else { return false }
        return s.utf8.allSatisfy { $0 == 95 || (97...122).contains($0) || (48...57).contains($0) }
    }
}
