import Foundation
import ReelTestSupport
import Testing

extension FarmTests {
    /// The stitcher's budget on a worker host (issue 23 §4, docs/scaling.md): the render slots' threads run at a
    /// higher nice value than the rolling stitcher's, so the stitcher is scheduled first when the slots keep every
    /// core busy. Read from outside, in /proc: each thread's name (`comm`) and nice value (`stat`, field 19).
    @Suite("Worker priority") struct WorkerPriority {
        @Test("reel worker --concurrency 2: reel-slot-0 and -1 at nice 5, reel-stitch at the process's 0; --render-nice 0 keeps all at 0",
              arguments: [(nil, 5), ("0", 0), ("12", 12)] as [(String?, Int)])
        func slotsYieldToTheStitcher(_ option: String?, _ expected: Int) async throws {
            let farm = try await FarmFixture()
            defer { farm.cleanup() }
            let name = "prio-\(expected)"
            let worker = try farm.startWorker(name, extra: ["--concurrency", "2"] + (option.map { ["--render-nice", $0] } ?? []))
            let threads = try await TestProcess.waitFor("the worker's slot and stitcher threads", timeout: .seconds(30),
                                                        context: { "\(Self.threads(of: worker.pid))\n\(worker.tail())" }) {
                let found = Self.threads(of: worker.pid)
                return ["reel-slot-0", "reel-slot-1", "reel-stitch"].allSatisfy { found[$0] != nil } ? found : nil
            }
            #expect(threads["reel-slot-0"] == expected && threads["reel-slot-1"] == expected, "\(threads)")
            #expect(threads["reel-stitch"] == 0, "\(threads)")
            #expect(!worker.tail().contains("render priority not lowered"), "\(worker.tail())")
        }

        /// Each thread of `pid` by name, with its nice value.
        static func threads(of pid: Int32) -> [String: Int] {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            var out: [String: Int] = [:]
            for tid in tasks {
                guard let comm = try? String(contentsOfFile: "/proc/\(pid)/task/\(tid)/comm", encoding: .utf8),
                      let stat = try? String(contentsOfFile: "/proc/\(pid)/task/\(tid)/stat", encoding: .utf8),
                      let close = stat.range(of: ") ", options: .backwards) else { continue }
                // After the name in parentheses: state is field 3, so nice (field 19) is the 17th from here.
                let fields = stat[close.upperBound...].split(separator: " ")
                guard fields.count > 16, let nice = Int(fields[16]) else { continue }
                out[comm.trimmingCharacters(in: .whitespacesAndNewlines)] = nice
            }
            return out
        }
    }
}
