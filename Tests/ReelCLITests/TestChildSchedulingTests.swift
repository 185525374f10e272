import Foundation
import ReelTestSupport
import Testing

/// The tests' children run on the ordinary time-sharing policy even when the thread that starts one runs real-time:
/// a child inherits its starting thread's policy, some of the test process's pool threads were seen at `SCHED_FIFO`
/// 99, and two real-time `reel` renders starved a 2-core CI machine (`TestChild.ordinaryScheduling`).
@Suite struct TestChildSchedulingTests {
    /// Only root may make a thread real-time here; elsewhere no test thread is real-time and the hazard cannot arise.
    @Test(.enabled(if: getuid() == 0, "making a thread real-time needs root: skipped, and the hazard needs it too"))
    func aChildOfARealTimeThreadRunsOrdinary() throws {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var report: Result<String, any Error> = .success("")
        nonisolated(unsafe) var policyBefore: Int32 = -1
        let thread = Thread {
            defer { done.signal() }
            var realTime = sched_param()
            realTime.sched_priority = 1
            guard sched_setscheduler(0, SCHED_FIFO, &realTime) == 0 else {
                report = .failure(TestFailure("sched_setscheduler(SCHED_FIFO): \(String(cString: strerror(errno)))"))
                return
            }
            policyBefore = sched_getscheduler(0)
            report = Result { try TestProcess.check("/bin/sh", ["-c", "chrt -p $$"]).stdout }
        }
        thread.start()
        done.wait()
        let text = try report.get()
        #expect(policyBefore == SCHED_FIFO, "the starting thread was not real-time: the check proves nothing")
        #expect(text.contains("SCHED_OTHER"), "the child's policy: \(text)")
    }
}
