import Foundation
import ReelQueue
import ReelTestSupport

/// A throwaway schema on the test PostgreSQL server, migrated in process, for the library tests that run a stage on
/// both queue drivers. (The process tests migrate with `reel db migrate` instead: FarmFixture.) `drop()` removes it.
final class FarmSchema: Sendable {
    let configuration: PostgresQueueConfiguration
    /// The PostgreSQL queue on the schema.
    let queue: PostgresSegmentQueue

    init() throws {
        let token = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
        configuration = PostgresQueueConfiguration(databaseURL: try TestDatabase.url(), schema: "farm_test_\(token)",
                                                   maxConnections: 2, applicationName: "reel-farm-test")
        try Migrator(configuration).migrate()
        queue = try PostgresSegmentQueue(configuration)
    }

    /// Drops the schema and everything in it.
    func drop() { try? Migrator(configuration).dropSchema() }
}
