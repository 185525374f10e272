import Foundation
import ReelQueue

/// The farm's records read back from the JSON `FarmJSON` writes: the CLI's `--server` commands turn the API's answers
/// into the same `Job` and `JobStatus` the database gives, so that `reel status 7 --server …` prints what
/// `reel status 7 --db …` prints. What the JSON does not carry stays empty (a job's stored composition); times come
/// back to the second, as they are written.
extension FarmJSON {
    /// A field that is missing or of the wrong type, named by its JSON path.
    public struct ReadError: Error, CustomStringConvertible {
        public var path: String
        public var expected: String
        public var description: String { "\(path): expected \(expected)" }
    }

    /// A job from `job`'s object (or `jobSummary`'s, which holds it). - Throws: `ReadError`.
    public static func readJob(_ o: [String: Any], at path: String = "job") throws(ReadError) -> Job {
        let r = Fields(o, path)
        var job = Job(id: try r.int64("id"), name: try r.string("name"), owner: try r.string("owner"), composition: "",
                      outputLocation: try r.string("output"), state: try r.state("state"), priority: try r.int("priority"),
                      maxAttempts: try r.int("max_attempts"), requiredTags: try r.strings("tags"),
                      segmentCount: try r.int("segments"), frameCount: try r.int64("frames"), error: try r.optionalString("error"),
                      stitchAttempt: try r.int("stitch_attempt"), createdAt: try r.time("created_at"),
                      startedAt: try r.optionalTime("started_at"), finishedAt: try r.optionalTime("finished_at"))
        job.stitchedSegments = try r.int("stitched_segments")
        job.stitchDuration = try r.optionalDouble("stitch_seconds").map { Duration.seconds($0) }
        job.outputBytes = try r.optionalDouble("output_bytes").map { Int64($0) }
        if let loudness = o["loudness"], !(loudness is NSNull) { job.loudness = FarmJSON.string(loudness, pretty: false) }
        return job
    }

    /// A job's progress from `GET /api/v1/jobs/{id}`'s answer: its `job` (a `jobSummary`), its `failures` and `at`.
    /// - Throws: `ReadError`.
    public static func readStatus(_ o: [String: Any]) throws(ReadError) -> JobStatus {
        let top = Fields(o, "")
        guard let summary = o["job"] as? [String: Any] else { throw ReadError(path: "job", expected: "an object") }
        let r = Fields(summary, "job")
        guard let states = summary["segments_by_state"] as? [String: Any] else {
            throw ReadError(path: "job.segments_by_state", expected: "an object")
        }
        var counts = [SegmentState: Int]()
        for state in SegmentState.allCases { counts[state] = (states[state.rawValue] as? NSNumber)?.intValue ?? 0 }
        guard let list = o["failures"] as? [[String: Any]] else { throw ReadError(path: "failures", expected: "an array") }
        let failures = try list.enumerated().map { i, f throws(ReadError) in
            let fr = Fields(f, "failures[\(i)]")
            return SegmentFailure(segmentIndex: try fr.int("segment"), attempt: try fr.int("attempt"), message: try fr.string("message"),
                                  workerID: try fr.optionalString("worker"), at: try fr.time("at"), kind: try fr.string("kind"))
        }
        return JobStatus(job: try readJob(summary), segmentsByState: counts, framesDone: try r.int64("frames_done"),
                         framesRendered: try r.int64("frames_rendered"), framesInProgress: try r.int64("frames_in_progress"),
                         framesPerSecond: try r.optionalDouble("fps"), eta: try r.optionalDouble("eta_seconds").map { .seconds($0) },
                         elapsed: try r.optionalDouble("elapsed_seconds").map { .seconds($0) },
                         tagsNoLiveWorkerHas: try r.strings("tags_no_live_worker_has"),
                         stitchTail: try r.optionalDouble("stitch_tail_seconds").map { .seconds($0) }, failures: failures,
                         at: try top.time("at"))
    }

    /// A time as `time` writes it (`2026-12-01T03:07:46Z`).
    public static func readTime(_ text: String) -> Date? {
        try? Date(text, strategy: Date.ISO8601FormatStyle(timeZone: .gmt))
    }

    /// Typed reads of one object's fields, each failure named by its path.
    private struct Fields {
        let o: [String: Any]
        let path: String
        init(_ o: [String: Any], _ path: String) { self.o = o; self.path = path }

        func at(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
        func fail(_ key: String, _ what: String) -> ReadError { ReadError(path: at(key), expected: what) }

        func number(_ key: String) throws(ReadError) -> NSNumber {
            guard let n = o[key] as? NSNumber else { throw fail(key, "a number") }
            return n
        }
        func int(_ key: String) throws(ReadError) -> Int { try number(key).intValue }
        func int64(_ key: String) throws(ReadError) -> Int64 { try number(key).int64Value }
        func optionalDouble(_ key: String) throws(ReadError) -> Double? {
            if o[key] == nil || o[key] is NSNull { return nil }
            return try number(key).doubleValue
        }
        func string(_ key: String) throws(ReadError) -> String {
            guard let s = o[key] as? String else { throw fail(key, "a string") }
            return s
        }
        func optionalString(_ key: String) throws(ReadError) -> String? {
            if o[key] == nil || o[key] is NSNull { return nil }
            return try string(key)
        }
        func strings(_ key: String) throws(ReadError) -> [String] {
            guard let a = o[key] as? [String] else { throw fail(key, "an array of strings") }
            return a
        }
        func state(_ key: String) throws(ReadError) -> JobState {
            guard let s = JobState(rawValue: try string(key)) else { throw fail(key, "a job state") }
            return s
        }
        func time(_ key: String) throws(ReadError) -> Date {
            guard let d = FarmJSON.readTime(try string(key)) else { throw fail(key, "an ISO 8601 time") }
            return d
        }
        func optionalTime(_ key: String) throws(ReadError) -> Date? {
            if o[key] == nil || o[key] is NSNull { return nil }
            return try time(key)
        }
    }
}
