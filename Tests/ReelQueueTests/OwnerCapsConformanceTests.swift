import Foundation
import Synchronization
import Testing
@testable import ReelQueue

/// An API token's caps on its user's active jobs and waiting frames, held by the queue in the transaction that
/// inserts (or requeues) a job, under the owner's lock: two submissions at once cannot both take the last place.
@Suite struct OwnerCapsConformanceTests {
    /// A job of `segments` segments of 10 frames owned by `owner`.
    static func spec(_ owner: String, segments: Int = 2) -> JobSpec {
        var spec = makeSpec(name: owner, segments: segments)
        spec.owner = owner
        return spec
    }

    static func insert(_ q: any SegmentQueue, _ spec: JobSpec, caps: OwnerCaps) throws -> Int64 {
        try q.jobInsert(JobInsertParams(spec: spec, caps: caps)).jobID
    }

    @Test("T: 2 active jobs with a cap of 2 → J: a third is refused (active jobs), nothing inserted; another owner and a canceled job's place are free",
          arguments: QueueKind.allCases)
    func activeJobs(kind: QueueKind) throws {
        try withQueue(kind) { q, _ in
            let caps = OwnerCaps(maxActiveJobs: 2)
            let first = try Self.insert(q, Self.spec("editor1"), caps: caps)
            _ = try Self.insert(q, Self.spec("editor1"), caps: caps)
            #expect(throws: QueueError.capReached(.activeJobs(held: 2, cap: 2))) { _ = try Self.insert(q, Self.spec("editor1"), caps: caps) }
            #expect(try q.jobList(JobListParams()).count == 2, "the refused job left rows behind")
            _ = try Self.insert(q, Self.spec("editor2"), caps: caps)
            _ = try ReelQueueTests.insert(q, Self.spec("editor1"))   // no caps: the CLI's and the operator's jobs are not held
            #expect(try q.jobCancel(first))
            #expect(throws: QueueError.capReached(.activeJobs(held: 2, cap: 2))) { _ = try Self.insert(q, Self.spec("editor1"), caps: caps) }
            #expect(try q.jobCancel(try q.jobList(JobListParams()).first { $0.owner == "editor1" && $0.state == .queued }!.id))
            _ = try Self.insert(q, Self.spec("editor1"), caps: caps)
        }
    }

    @Test("T: 40 waiting frames with a cap of 50 → J: a 20-frame job is refused (waiting frames), a 10-frame one fits; a job over the cap alone is too large",
          arguments: QueueKind.allCases)
    func queuedFrames(kind: QueueKind) throws {
        try withQueue(kind) { q, _ in
            let caps = OwnerCaps(maxQueuedFrames: 50)
            _ = try Self.insert(q, Self.spec("editor1", segments: 4), caps: caps)
            #expect(throws: QueueError.capReached(.queuedFrames(held: 40, adding: 20, cap: 50))) {
                _ = try Self.insert(q, Self.spec("editor1", segments: 2), caps: caps)
            }
            #expect(throws: QueueError.capReached(.tooLarge(frames: 60, cap: 50))) {
                _ = try Self.insert(q, Self.spec("editor1", segments: 6), caps: caps)
            }
            // Frames rendered no longer wait: a done segment makes room.
            let claimed = try #require(try claimOne(q))
            #expect(try complete(q, claimed.lease))
            _ = try Self.insert(q, Self.spec("editor1", segments: 2), caps: caps)
            #expect(throws: QueueError.capReached(.queuedFrames(held: 50, adding: 10, cap: 50))) {
                _ = try Self.insert(q, Self.spec("editor1", segments: 1), caps: caps)
            }
            #expect(try q.jobList(JobListParams()).count == 2)
        }
    }

    @Test("a submit token's retry of its own canceled job is held to its caps; an operator's is not", arguments: QueueKind.allCases)
    func retry(kind: QueueKind) throws {
        try withQueue(kind) { q, _ in
            let editor = Principal(user: "editor1", scope: .submit, tokenID: 1, limits: TokenLimits(maxActiveJobs: 1))
            let first = try Self.insert(q, Self.spec("editor1"), caps: editor.retryCaps)
            #expect(try q.jobCancel(first))
            _ = try Self.insert(q, Self.spec("editor1"), caps: editor.retryCaps)
            #expect(throws: QueueError.capReached(.activeJobs(held: 1, cap: 1))) { _ = try q.jobRetry(first, as: editor) }
            #expect(try q.jobGet(first).state == .canceled, "a refused retry requeued the job")
            #expect(try q.jobRetry(first, as: Principal(user: "op", scope: .operate, tokenID: 2,
                                                        limits: TokenLimits(maxActiveJobs: 1))) == 2)
        }
    }

    @Test("eight submissions of one owner at once with a cap of 3: exactly 3 are inserted", arguments: QueueKind.allCases)
    func concurrentSubmissions(kind: QueueKind) throws {
        try withQueue(kind) { q, _ throws in
            let outcomes = Mutex<(inserted: Int, refused: Int, other: [String])>((0, 0, []))
            let caps = OwnerCaps(maxActiveJobs: 3)
            // Eight threads of their own (concurrentPerform runs only as many at once as there are cores), released together.
            let group = DispatchGroup(), start = DispatchSemaphore(value: 0)
            for _ in 0..<8 {
                group.enter()
                Thread {
                    defer { group.leave() }
                    start.wait()
                    do {
                        _ = try Self.insert(q, Self.spec("editor1", segments: 3), caps: caps)
                        outcomes.withLock { $0.inserted += 1 }
                    } catch QueueError.capReached {
                        outcomes.withLock { $0.refused += 1 }
                    } catch {
                        outcomes.withLock { $0.other.append("\(error)") }
                    }
                }.start()
            }
            for _ in 0..<8 { start.signal() }
            group.wait()
            let seen = outcomes.withLock { $0 }
            #expect(seen.other.isEmpty)
            #expect(seen.inserted == 3 && seen.refused == 5, "\(seen)")
            #expect(try q.jobList(JobListParams()).count == 3)
        }
    }

    @Test("each refusal says which cap, what is held and what to do")
    func messages() {
        #expect(OwnerCapRefusal.activeJobs(held: 2, cap: 2).description
                == "this token may have 2 active jobs at once and has 2; wait for one to finish, or cancel one")
        #expect(OwnerCapRefusal.queuedFrames(held: 40, adding: 20, cap: 50).description
                == "this token may have 50 frames waiting to render; it has 40, and this job adds 20")
        #expect(!OwnerCapRefusal.tooLarge(frames: 60, cap: 50).passes && OwnerCapRefusal.activeJobs(held: 1, cap: 1).passes)
    }
}
