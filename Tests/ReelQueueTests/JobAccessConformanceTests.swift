import Foundation
import Testing
@testable import ReelQueue

/// Ownership, both drivers: a submit-scoped principal finds and steers only its own user's jobs; another user's
/// job is not found (the API's 404). Operators and admins act on any job.
@Suite struct JobAccessConformanceTests {
    static let editor1 = Principal(user: "editor1", scope: .submit, tokenID: 1)
    static let editor2 = Principal(user: "editor2", scope: .submit, tokenID: 2)

    func ownedJob(_ q: any SegmentQueue, by user: String, name: String) throws -> Int64 {
        var spec = makeSpec(name: name, segments: 2)
        spec.owner = user
        return try insert(q, spec)
    }

    @Test("T: another user's job is not found by get, status, cancel, retry or priority", arguments: QueueKind.allCases)
    func crossAccessIsNotFound(kind: QueueKind) throws {
        try withQueue(kind) { q, _ in
            let mine = try ownedJob(q, by: "editor1", name: "mine")
            let theirs = try ownedJob(q, by: "editor2", name: "theirs")
            let me = Self.editor1
            #expect(throws: QueueError.jobNotFound(theirs)) { try q.jobGet(theirs, as: me) }
            #expect(throws: QueueError.jobNotFound(theirs)) { try q.jobStatus(theirs, as: me) }
            #expect(throws: QueueError.jobNotFound(theirs)) { try q.jobCancel(theirs, as: me) }
            #expect(throws: QueueError.jobNotFound(theirs)) { try q.jobRetry(theirs, as: me) }
            #expect(throws: QueueError.jobNotFound(theirs)) { try q.jobPrioritySet(theirs, priority: 9, as: me) }
            #expect(throws: QueueError.jobNotFound(999_999)) { try q.jobGet(999_999, as: me) }
            let untouched = try q.jobGet(theirs)
            #expect(untouched.state == .queued && untouched.priority == 0)
            #expect(try q.segmentList(jobID: theirs).allSatisfy { $0.priority == 0 && $0.state == .available },
                    "the refused priority reached no segment of theirs")

            #expect(try q.jobGet(mine, as: me).name == "mine")
            #expect(try q.jobStatus(mine, as: me).job.id == mine)
            #expect(try q.jobPrioritySet(mine, priority: 5, as: me) == 0)
            #expect(try q.segmentList(jobID: mine).allSatisfy { $0.priority == 5 })
            #expect(try q.jobCancel(mine, as: me))
            #expect(try q.jobRetry(mine, as: me) == 2)
        }
    }

    @Test("a submit-scoped list holds only the user's own jobs, whatever owner it asks for", arguments: QueueKind.allCases)
    func listsAreOwn(kind: QueueKind) throws {
        try withQueue(kind) { q, _ in
            let a = try ownedJob(q, by: "editor1", name: "a")
            let b = try ownedJob(q, by: "editor2", name: "b")
            let c = try ownedJob(q, by: "editor1", name: "c")
            #expect(try q.jobList(JobListParams(), as: Self.editor1).map(\.id) == [c, a])
            #expect(try q.jobList(JobListParams(owner: "editor2"), as: Self.editor1).map(\.id) == [c, a])
            #expect(try q.jobStatusList(JobListParams(), as: Self.editor2).map(\.job.id) == [b])
            #expect(try q.jobList(JobListParams(search: "b"), as: Self.editor1).isEmpty)
            let operate = Principal(user: "op", scope: .operate, tokenID: 3)
            #expect(try q.jobList(JobListParams(), as: operate).map(\.id) == [c, b, a])
            #expect(try q.jobList(JobListParams(owner: "editor2"), as: operate).map(\.id) == [b])
            #expect(try q.jobList(JobListParams()).map(\.id) == [c, b, a], "the CLI's list is unchanged")
        }
    }

    @Test("operate and admin principals steer any user's job", arguments: QueueKind.allCases)
    func operatorsActOnAny(kind: QueueKind) throws {
        try withQueue(kind) { q, _ in
            let job = try ownedJob(q, by: "editor2", name: "theirs")
            for who in [Principal(user: "op", scope: .operate, tokenID: 3), Principal.serverOperator()] {
                #expect(try q.jobGet(job, as: who).owner == "editor2")
                #expect(try q.jobPrioritySet(job, priority: 3, as: who) >= 0)
            }
            #expect(try q.jobCancel(job, as: Principal.serverOperator()))
            #expect(try q.jobRetry(job, as: Principal(user: "op", scope: .operate)) == 2)
        }
    }
}
