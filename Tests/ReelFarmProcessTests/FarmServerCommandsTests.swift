import Foundation
import ReelTestSupport
import Testing
@testable import ReelQueue

extension FarmTests {
    /// `reel jobs`, `status`, `watch`, `cancel` and `retry` with `--server` print what they print with `--db`, and a
    /// submit token reaches only its user's jobs.
    @Suite("Server commands") struct ServerCommands {}
}

extension FarmTests.ServerCommands {
    /// A failed job of editor2's with two attempts' errors (one retried, one final), a canceled one and a queued one of
    /// editor1's: records whose status no longer moves, so that both ways read the same.
    static func jobs(_ farm: FarmFixture) throws -> (failed: Int64, canceled: Int64, queued: Int64) {
        let queue = try farm.queue()
        let failed = try FarmTests.ServeTokens.job(farm, owner: "editor2")
        let first = try #require(try queue.segmentClaim(SegmentClaimParams(workerID: "w-test", limit: 1)).first)
        _ = try queue.segmentFail(SegmentFailParams(lease: first.lease, message: "decoder gave up on frame 3", backoff: .none))
        let second = try #require(try queue.segmentClaim(SegmentClaimParams(workerID: "w-test", limit: 1)).first)
        _ = try queue.segmentFail(SegmentFailParams(lease: second.lease, message: "source unreadable", permanent: true))
        #expect(try queue.jobGet(failed).state == .failed)
        let canceled = try FarmTests.ServeTokens.job(farm, owner: "editor1")
        #expect(try queue.jobCancel(canceled))
        let queued = try FarmTests.ServeTokens.job(farm, owner: "editor1")
        return (failed, canceled, queued)
    }

    @Test("each command prints the same through the server as from the database; a submit token reaches only its own")
    func sameOutputBothWays() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let (failed, canceled, queued) = try Self.jobs(farm)
        let editor1 = try await FarmTests.ServeTokens.token(farm, user: "editor1", scope: "submit")
        let serve = try await ServeProcess(farm, arguments: ["--api-tokens"])
        defer { serve.stop() }
        let server = ["--server", "http://127.0.0.1:\(serve.port)"]
        let asOperator = ["REEL_TOKEN": serve.token]

        func both(_ args: [String]) async throws -> (db: TestOutput, server: TestOutput) {
            (try await farm.run(args), try await farm.run(args + server, environment: asOperator))
        }
        // The server reads a snapshot it refreshes about once a second: wait until it holds all three jobs.
        _ = try await TestProcess.waitFor("the server's snapshot to hold the jobs", timeout: .seconds(30)) {
            let out = try TestProcess.run(farm.reel, ["jobs", "--json"] + server, environment: farm.environment.merging(asOperator) { $1 },
                                          timeout: .seconds(30))
            return out.status == 0 && [failed, canceled, queued].allSatisfy { out.stdout.contains("\"id\" : \($0)") || out.stdout.contains("\"id\": \($0)") } ? true : nil
        }
        for args in [["jobs"], ["jobs", "--json"], ["jobs", "--state", "failed,canceled", "--json"],
                     ["status", "\(failed)"], ["status", "\(failed)", "--json"], ["status", "\(canceled)"],
                     ["status", "\(queued)", "--json"], ["cancel", "\(canceled)"], ["watch", "\(failed)"],
                     ["status", "999999"]] {
            let (db, viaServer) = try await both(args)
            #expect(viaServer.status == db.status && viaServer.stdout == db.stdout && viaServer.stderr == db.stderr,
                    "reel \(args.joined(separator: " ")): the database gave \(db.status)\n\(db.stdout)\(db.stderr)\nthe server gave \(viaServer.status)\n\(viaServer.stdout)\(viaServer.stderr)")
        }
        let status = try await farm.run(["status", "\(failed)"] + server, environment: asOperator)
        #expect(status.status == 1 && status.stdout.contains("segment 0, attempt 1: decoder gave up on frame 3")
                && status.stdout.contains("segment 0, attempt 2: source unreadable"), "\(status.stdout)")

        // editor1's submit token: another user's job is "not found", as a job nobody has; its own it steers.
        let mine = ["REEL_TOKEN": editor1.text]
        let theirs = try await farm.run(["status", "\(failed)"] + server, environment: mine)
        let nobody = try await farm.run(["status", "999999"] + server, environment: mine)
        #expect(theirs.status == 1 && theirs.stderr.contains("job \(failed) not found"), "\(theirs.stderr)")
        let listed = try await farm.run(["jobs", "--json"] + server, environment: mine)
        #expect(listed.status == 0 && !listed.stdout.contains("\"owner\" : \"editor2\"") && !listed.stdout.contains("\"owner\": \"editor2\"")
                && listed.stdout.contains("editor1"), "editor1's reel jobs --server: \(listed.stdout)")
        #expect(nobody.status == 1 && nobody.stderr.contains("job 999999 not found"), "\(nobody.stderr)")
        let retryTheirs = try await farm.run(["retry", "\(failed)"] + server, environment: mine)
        #expect(retryTheirs.status == 1 && retryTheirs.stderr.contains("job \(failed) not found"), "\(retryTheirs.stderr)")
        #expect(try farm.queue().jobGet(failed).state == .failed, "editor1 retried editor2's job")
        let cancelOwn = try await farm.run(["cancel", "\(queued)"] + server, environment: mine)
        #expect(cancelOwn.status == 0 && cancelOwn.stdout.contains("job \(queued) canceled"), "\(cancelOwn.stdout)\(cancelOwn.stderr)")
        let retryOwn = try await farm.run(["retry", "\(queued)"] + server, environment: mine)
        #expect(retryOwn.status == 0 && retryOwn.stdout.contains("job \(queued): 1 segment requeued"), "\(retryOwn.stdout)\(retryOwn.stderr)")
        #expect(try farm.queue().jobGet(queued).state == .queued)

        let noToken = try await farm.run(["jobs"] + server)
        #expect(noToken.status == 2 && noToken.stderr.contains("REEL_TOKEN"), "\(noToken.stderr)")
        let badServer = try await farm.run(["jobs", "--server", "ftp://127.0.0.1:1"], environment: mine)
        #expect(badServer.status == 2 && badServer.stderr.contains("--server ftp://127.0.0.1:1"), "\(badServer.stderr)")
    }
}
