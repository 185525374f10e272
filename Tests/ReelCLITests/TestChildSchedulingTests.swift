import Foundation
import ReelTestSupport
import Testing

/// The tests' children run on the ordinary time-sharing policy even when the thread that starts one runs real-time:
/// a child inherits its starting thread's policy, some of the test process's pool threads were seen at `SCHED_FIFO`
/// 99, and two real-time `reel` renders starved a 2-core CI machine (`TestChild.ordinaryScheduling`).
@Suite struct TestChildSchedulingTests {
    /// Only root may make a thread real-time here; elsewhere no test thread is real-time and the hazard cannot arise.
    @Test(.enabled(if: getuid() == 0, "making a thread real-time needs root: skipped, and the hazard needs it too"))
    func aChildOfARealTimeThreadRunsOrdinary() async throws {
        // A thread of its own (made real-time, then starting the child), awaited without blocking the test pool.
        let (policyBefore, text, failure) = await withCheckedContinuation {
            (done: CheckedContinuation<(Int32, String, String?), Never>) in
            Thread {
                var realTime = sched_param()
                realTime.sched_priority = 1
                guard sched_setscheduler(0, SCHED_FIFO, &realTime) == 0 else {
                    done.resume(returning: (-1, "", "sched_setscheduler(SCHED_FIFO): \(String(cString: strerror(errno)))"))
                    return
                }
                let policy = sched_getscheduler(0)
                do {
                    done.resume(returning: (policy, try TestProcess.check("/bin/sh", ["-c", "chrt -p $$"]).stdout, nil))
                } catch {
                    done.resume(returning: (policy, "", "\(error)"))
                }
            }.start()
        }
        #expect(failure == nil, "\(failure ?? "")")
        #expect(policyBefore == SCHED_FIFO, "the starting thread was not real-time: the check proves nothing")
        #expect(text.contains("SCHED_OTHER"), "the child's policy: \(text)")
    }
}
