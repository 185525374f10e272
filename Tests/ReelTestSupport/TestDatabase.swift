import Foundation

/// The PostgreSQL server the database tests use.
public enum TestDatabase {
    /// The server's URL, from REEL_TEST_DATABASE_URL. Missing is a failure, not a skip: CI always sets it.
    /// - Throws: `TestFailure` saying how to start one.
    public static func url() throws -> String {
        guard let url = ProcessInfo.processInfo.environment["REEL_TEST_DATABASE_URL"], !url.isEmpty else {
            throw TestFailure("""
                REEL_TEST_DATABASE_URL is not set: the database tests need a PostgreSQL server. \
                Run `eval "$(scripts/test-postgres.sh)"` first (it starts a throwaway PostgreSQL 15).
                """)
        }
        return url
    }
}
