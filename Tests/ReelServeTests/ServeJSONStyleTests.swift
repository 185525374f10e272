import Foundation
import Testing
import ReelRecords
import ReelQueue

/// `/api/v1` speaks the CLI's JSON style (docs/json.md): snake_case keys everywhere, the shapes of `FarmJSON`.
@Suite struct ServeJSONStyleTests {
    /// Keys of `value`, recursively, that are not snake_case, with their paths.
    static func badKeys(_ value: Any, path: String = "$") -> [String] {
        if let object = value as? [String: Any] {
            return object.flatMap { key, child in
                (key.wholeMatch(of: /[a-z][a-z0-9_]*/) == nil ? ["\(path).\(key)"] : []) + badKeys(child, path: "\(path).\(key)")
            }
        }
        if let array = value as? [Any] { return array.enumerated().flatMap { badKeys($1, path: "\(path)[\($0)]") } }
        return []
    }

    @Test func apiKeysAreSnakeCaseAndFarmJSONShapes() throws {
        let serve = try ServeFixture()
        let id = try serve.insertJob(name: "style", tags: ["gpu"])
        try serve.queue.workerRegister(WorkerRegisterParams(workerID: "w-1", host: "h", pid: 1, version: "t", tags: ["gpu"]))
        let claimed = try serve.queue.segmentClaim(SegmentClaimParams(workerID: "w-1", tags: ["gpu"]))
        #expect(claimed.count == 1)
        serve.hub.kick()
        // The hub refreshes on its own thread: wait (bounded) until it shows the claim and the worker.
        var jobs: [String: Any] = [:], workers: [String: Any] = [:]
        for _ in 0..<200 {
            jobs = try serve.json("/api/v1/jobs")
            workers = try serve.json("/api/v1/workers")
            let running = ((jobs["jobs"] as? [[String: Any]])?.first?["segments_by_state"] as? [String: Int])?["running"]
            if running == 1 && (workers["workers"] as? [Any])?.isEmpty == false { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let job = try serve.json("/api/v1/jobs/\(id)")
        for (name, body) in [("jobs", jobs), ("job", job), ("workers", workers)] {
            #expect(Self.badKeys(body).isEmpty, "/api/v1/\(name): \(Self.badKeys(body))")
        }
        let listed = try #require((jobs["jobs"] as? [[String: Any]])?.first)
        #expect(Set(listed.keys) == Set(FarmJSON.jobSummary(try serve.queue.jobStatus(id)).keys))
        let worker = try #require((workers["workers"] as? [[String: Any]])?.first)
        let info = try #require(try serve.queue.workerList().first)
        #expect(Set(worker.keys) == Set(FarmJSON.worker(info, now: Date()).keys))
        let segments = try #require(job["segments"] as? [[String: Any]])
        let first = try #require(try serve.queue.segmentList(jobID: id).first)
        let strip = Set(segments.first.map { Array($0.keys) } ?? [])
        #expect(strip.isSuperset(of: FarmJSON.segment(first, now: Date()).keys), "\(strip.sorted())")
    }
}
