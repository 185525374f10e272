import Foundation
import Testing
@testable import ReelQueue

/// One writer per output, held by the queue itself (the database's `jobs_active_output`), not only by the
/// coordinator's read before its insert: whichever way two jobs of one output arrive (two servers, `reel submit
/// --db` beside one), the second is refused, and a retry cannot make a second writer either.
@Suite struct ActiveOutputConformanceTests {
    @Test("a second active job on one output is refused; a canceled job's output is free; a retry beside a newer writer is refused",
          arguments: QueueKind.allCases)
    func oneWriterPerOutput(kind: QueueKind) throws {
        try withQueue(kind) { q, _ in
            let shared = "/out/shared-\(UUID().uuidString).mp4"
            var a = makeSpec(name: "a", segments: 2), b = makeSpec(name: "b", segments: 2)
            a.outputLocation = shared
            b.outputLocation = shared
            let first = try insert(q, a)
            #expect(throws: QueueError.outputTaken(shared)) { _ = try insert(q, b) }
            #expect(try q.jobList(JobListParams()).count == 1, "the refused job left rows behind")
            #expect(try q.segmentList(jobID: first).count == 2)

            #expect(try q.jobCancel(first))
            let second = try insert(q, b)
            #expect(throws: QueueError.outputTaken(shared)) { _ = try q.jobRetry(first) }
            #expect(try q.jobGet(first).state == .canceled && q.segmentList(jobID: first).allSatisfy { $0.state == .canceled },
                    "a refused retry requeued something")
            #expect(try q.jobCancel(second))
            #expect(try q.jobRetry(first) == 2, "with no other writer the retry goes through")

            var other = makeSpec(name: "c", segments: 1)
            other.outputLocation = shared + ".other.mp4"
            _ = try insert(q, other)
        }
    }

    @Test("QueueError.outputTaken names the path and what to do")
    func message() {
        #expect(QueueError.outputTaken("/out/x.mp4").description
                == "/out/x.mp4: another active job already writes this file; cancel it or choose another output")
    }
}
