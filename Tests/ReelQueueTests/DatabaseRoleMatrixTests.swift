import Foundation
import ReelTestSupport
import Synchronization
import Testing
@testable import ReelQueue

extension DatabaseRolesTests {
    /// `RoleMatrix` against a real server: every role tries every statement, in a transaction that is rolled back,
    /// so each cell sees the same rows. Nested in the serialized `DatabaseRolesTests`: its world grants on the one
    /// test database, as their tests do.
    @Suite("the role matrix", RoleMatrixWorld.Scope()) struct Matrix {
        /// One cell of the matrix.
        struct Cell: Sendable, CustomTestStringConvertible {
            let role: RoleMatrix.Role
            let row: RoleMatrix.Row
            var testDescription: String { "\(role.rawValue): \(row.label)" }
        }

        static let cells = RoleMatrix.rows.flatMap { row in RoleMatrix.Role.allCases.map { Cell(role: $0, row: row) } }

        @Test("each role gets exactly the outcome the matrix gives it", arguments: cells)
        func cell(_ cell: Cell) throws {
            let world = try #require(RoleMatrixWorld.current, "the suite's scope makes the world")
            let got = world.outcome(of: cell.row, as: cell.role)
            #expect(got == cell.row.outcome(of: cell.role).rawValue, "\(cell.testDescription)")
        }

        @Test("deploy/README.md prints the same matrix")
        func docsPrintTheMatrix() throws {
            let readme = try String(contentsOf: PostgresQueueTests.repoRoot.appendingPathComponent("deploy/README.md"),
                                    encoding: .utf8)
            #expect(readme.contains(RoleMatrix.markdown), "deploy/README.md must hold this table:\n\(RoleMatrix.markdown)")
        }
    }
}

/// The rows every cell acts on, in a fresh schema whose owner is not a superuser. The administrator creates the
/// six roles as plain LOGIN roles (as deploy/initdb does), the owner migrates and runs `DatabaseRoles.apply()`,
/// then inserts two jobs: `running` (3 segments: 0 done, 1 leased under `token`, 2 available) and `canceled`, and
/// one API token (`tokenID`, whose hash is `tokenHash`).
final class RoleMatrixWorld: Sendable {
    @TaskLocal static var current: RoleMatrixWorld?

    let schema: String
    let running: Int64
    let canceled: Int64
    let leased: Int64
    let token: UUID
    let tokenID: Int64
    let tokenHash: String
    private let admin: PGConnection
    /// One connection per role, logged in as that role; emptied before the roles are dropped.
    private let connections: Mutex<[RoleMatrix.Role: PGConnection]>

    /// Makes the world once for the suite and drops it after its last test.
    struct Scope: SuiteTrait, TestScoping {
        func provideScope(for test: Test, testCase: Test.Case?,
                          performing function: @Sendable () async throws -> Void) async throws {
            let world = try RoleMatrixWorld()
            defer { world.drop() }
            try await RoleMatrixWorld.$current.withValue(world) { try await function() }
        }
    }

    init() throws {
        let url = try TestDatabase.url()
        let schema = "reel_matrix_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(10)
        let login = { (role: RoleMatrix.Role) in try DatabaseRolesTests.url(url, user: Self.name(of: role, schema: schema)) }
        admin = try PGConnection(url: url, applicationName: "reel-test-matrix", schema: nil)
        token = UUID()
        let database = try admin.quoteIdentifier(try admin.exec("SELECT current_database() AS d").rows[0].text("d"))
        try admin.execScript(RoleMatrix.Role.allCases.map { "CREATE ROLE \(Self.name(of: $0, schema: schema)) LOGIN;" }
            .joined() + "GRANT CREATE ON DATABASE \(database) TO \(Self.name(of: .owner, schema: schema))")
        var connections: [RoleMatrix.Role: PGConnection] = [:]
        do {
            let owner = PostgresQueueConfiguration(databaseURL: try login(.owner), schema: schema, maxConnections: 2)
            (running, canceled, leased) = try Self.populate(owner, token: token)
            let made = try PostgresTokenStore(owner).tokenCreate(TokenCreateParams(user: "editor1", scope: .submit))
            (tokenID, tokenHash) = (made.record.id, try TokenCrypto.hash(made.token))
            for role in RoleMatrix.Role.allCases {
                connections[role] = try PGConnection(url: try login(role), applicationName: "reel-test-matrix",
                                                     schema: schema)
            }
        } catch {
            connections.removeAll()
            try? admin.execScript(Self.dropScript(schema: schema))
            throw error
        }
        self.schema = schema
        self.connections = Mutex(connections)
    }

    static func name(of role: RoleMatrix.Role, schema: String) -> String { schema + "_" + role.rawValue }

    /// Migrates, grants and inserts the two jobs as the owner: their ids and the leased segment's.
    static func populate(_ owner: PostgresQueueConfiguration, token: UUID) throws -> (Int64, Int64, Int64) {
        try Migrator(owner).migrate()
        try DatabaseRoles(owner).apply()
        let q = try PostgresSegmentQueue(owner)
        let running = try insert(q, makeSpec(name: "running", segments: 3))
        let claimed = try q.segmentClaim(SegmentClaimParams(workerID: "w", limit: 2, token: token))
        guard claimed.count == 2, try complete(q, claimed[0].lease) else { throw FixtureError(description: "no claim") }
        let canceled = try insert(q, makeSpec(name: "canceled", segments: 1))
        guard try q.jobCancel(canceled) else { throw FixtureError(description: "cancel refused") }
        return (running, canceled, claimed[1].lease.segmentID)
    }

    static func dropScript(schema: String) -> String {
        let names = RoleMatrix.Role.allCases.map { name(of: $0, schema: schema) }.joined(separator: ", ")
        return "DROP SCHEMA IF EXISTS \(schema) CASCADE; DROP OWNED BY \(names); DROP ROLE IF EXISTS \(names)"
    }

    /// `row` as `role`, rolled back: "ok", the outcome's SQLSTATE (and "(trigger)" when no grant was missing),
    /// or what else happened.
    func outcome(of row: RoleMatrix.Row, as role: RoleMatrix.Role) -> String {
        guard let c = connections.withLock({ $0[role] }) else { return "no connection for \(role)" }
        do {
            _ = try c.exec("BEGIN")
            defer { _ = try? c.exec("ROLLBACK") }
            try row.run(c, self)
            return RoleMatrix.Outcome.ok.rawValue
        } catch QueueError.permissionDenied(let message) {
            return message.contains("permission denied") ? RoleMatrix.Outcome.denied.rawValue
                                                          : RoleMatrix.Outcome.trigger.rawValue
        } catch {
            return "\(error)"
        }
    }

    func drop() {
        connections.withLock { $0.removeAll() }
        try? admin.execScript(Self.dropScript(schema: schema))
    }
}
