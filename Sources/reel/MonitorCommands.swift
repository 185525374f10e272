import Foundation
import ReelModel
import ReelQueue
import ReelRecords
import ReelRender

extension FarmCommands {
    /// `reel jobs [--state S] [--limit N] [--json]`.
    static func jobs(_ args: [String]) throws -> Int32 {
        guard let parsed = try Specs.jobs.parse(args) else { return 0 }
        _ = try parsed.positionals()
        let states = try (parsed.value("state")?.split(separator: ",") ?? []).map { name -> JobState in
            guard let state = JobState(rawValue: String(name)) else {
                throw UsageError(message: "unknown state \"\(name)\"; one of \(JobState.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return state
        }
        let limit = try parsed.int("limit", in: 1...10000) ?? 50
        let jobs = try server(parsed, command: "jobs").map { try serverJobs($0, states: states, limit: limit) }
            ?? queue(parsed).jobList(JobListParams(states: states, limit: limit))
        if parsed.flag("json") { try printJSON(jobs.map(Self.json)); return 0 }
        var table = Table(["ID", "NAME", "STATE", "PRI", "SEGMENTS", "FRAMES", "CREATED", "OUTPUT"])
        for job in jobs {
            table.add(["\(job.id)", job.name, job.state.rawValue, "\(job.priority)", "\(job.segmentCount)", "\(job.frameCount)",
                       Table.time(job.createdAt), job.outputLocation])
        }
        print(table.render())
        return 0
    }

    /// `reel status JOB [--json]`: segments by state, frames done, fps, ETA, failures with messages.
    static func status(_ args: [String]) throws -> Int32 {
        guard let parsed = try Specs.status.parse(args) else { return 0 }
        let id = try jobID(parsed)
        let status = try server(parsed, command: "status").map { try serverStatus($0, id) } ?? queue(parsed).jobStatus(id)
        if parsed.flag("json") { try printJSON(Self.json(status)); return 0 }
        print(Self.statusText(status))
        return status.job.state == .failed ? 1 : 0
    }

    static func statusText(_ s: JobStatus) -> String {
        let job = s.job
        var lines = ["job \(job.id) \"\(job.name)\": \(job.state.rawValue)\(job.error.map { " — \($0)" } ?? "")",
                     "  output    \(job.outputLocation)"]
        let states = SegmentState.allCases.compactMap { state in s.segmentsByState[state].map { "\(state.rawValue) \($0)" } }
        lines.append("  segments  \(job.segmentCount): " + states.joined(separator: ", "))
        let pct = job.frameCount > 0 ? 100 * s.framesProgress / job.frameCount : 0
        lines.append("  frames    \(s.framesProgress)/\(job.frameCount) (\(pct)%)"
                     + (s.framesInProgress > 0 ? ": \(s.framesDone) done, \(s.framesInProgress) in progress" : ""))
        var timing = [String]()
        if let fps = s.framesPerSecond { timing.append(String(format: "%.1f fps (last minute)", fps)) }
        if let elapsed = s.elapsed { timing.append("elapsed \(ProgressDisplay.clock(elapsed.secondsDouble))") }
        if let eta = s.eta { timing.append("ETA \(ProgressDisplay.clock(eta.secondsDouble))") }
        if !timing.isEmpty { lines.append("  rate      " + timing.joined(separator: ", ")) }
        if job.state.isActive && job.stitchedSegments > 0 {
            lines.append("  stitch    \(job.stitchedSegments)/\(job.segmentCount) parts appended to the output so far")
        }
        if let tail = s.stitchTail {
            lines.append(String(format: "  tail      %.1f s from the last segment done to the output published", tail.secondsDouble))
        }
        if let report = job.loudness.flatMap(LoudnessReport.init(jsonText:)) {
            lines.append("  " + report.text.replacingOccurrences(of: "loudness: ", with: "loudness  "))
        }
        if !s.tagsNoLiveWorkerHas.isEmpty {
            lines.append("  warning   no live worker has the tags \(s.tagsNoLiveWorkerHas.joined(separator: ", ")): "
                         + "the job waits until one registers with them")
        }
        if !s.failures.isEmpty {
            lines.append("  failures")
            lines += s.failures.map { "    \($0)\($0.workerID.map { " (worker \($0))" } ?? "")" }
        }
        return lines.joined(separator: "\n")
    }

    /// `reel workers [--json]`: host, last seen, current segment, recent throughput.
    static func workers(_ args: [String]) throws -> Int32 {
        guard let parsed = try Specs.workers.parse(args) else { return 0 }
        _ = try parsed.positionals()
        let workers = try queue(parsed).workerList()
        // Heartbeats come every lease/4 (15 s by default): two minutes of silence means the worker went away.
        let status = { (w: WorkerInfo) in w.status(now: Date(), goneAfter: .seconds(120)) }
        if parsed.flag("json") {
            let now = Date()
            try printJSON(workers.map { FarmJSON.worker($0, now: now) })
            return 0
        }
        var table = Table(["WORKER", "STATE", "HOST", "PID", "LAST SEEN", "SEGMENT", "FPS", "DONE", "TAGS"])
        for w in workers {
            table.add([w.id, status(w), w.host, "\(w.pid)", Table.ago(w.lastSeenAt), w.currentSegmentID.map { "\($0)" } ?? "-",
                       w.recentFramesPerSecond.map { String(format: "%.1f", $0) } ?? "-", "\(w.segmentsDone)",
                       w.tags.joined(separator: ",")])
        }
        print(table.render())
        return 0
    }

    /// `reel cancel JOB`: running segments stop at the next frame; finished parts are kept.
    static func cancel(_ args: [String]) throws -> Int32 {
        guard let parsed = try Specs.cancel.parse(args) else { return 0 }
        let id = try jobID(parsed)
        let canceled = try server(parsed, command: "cancel").map { try serverCancel($0, id) } ?? queue(parsed).jobCancel(id)
        print(canceled ? "job \(id) canceled; finished parts are kept" : "job \(id) is not active; nothing to cancel")
        return canceled ? 0 : 1
    }

    /// `reel retry JOB`: requeues failed (and canceled) segments with fresh attempts.
    static func retry(_ args: [String]) throws -> Int32 {
        guard let parsed = try Specs.retry.parse(args) else { return 0 }
        let id = try jobID(parsed)
        let count = try server(parsed, command: "retry").map { try serverRetry($0, id) } ?? queue(parsed).jobRetry(id)
        print(count > 0 ? "job \(id): \(count) segment\(count == 1 ? "" : "s") requeued" : "job \(id): nothing to retry")
        return count > 0 ? 0 : 1
    }

    /// `reel watch JOB`: a live progress bar until the job ends, woken by LISTEN/NOTIFY, polling as backup.
    static func watch(_ args: [String]) throws -> Int32 {
        guard let parsed = try Specs.watch.parse(args) else { return 0 }
        let id = try jobID(parsed)
        let client = try server(parsed, command: "watch")
        let queue = client == nil ? try self.queue(parsed) : nil
        let display = ProgressDisplay(style: .detect(json: parsed.flag("json")))
        // Through the server, once a second (its snapshot refreshes about as often); from the database, woken by
        // LISTEN/NOTIFY with a one-second poll as backup.
        let waiter = try queue?.wakeupListen()
        var warnedTags = false
        while true {
            let s = try client.map { try serverStatus($0, id) } ?? queue!.jobStatus(id)
            display.update(segmentsDone: s.segmentsByState[.done] ?? 0, segments: s.job.segmentCount,
                           framesDone: s.framesProgress, frames: s.job.frameCount, fps: s.framesPerSecond,
                           eta: s.eta?.secondsDouble)
            if !s.tagsNoLiveWorkerHas.isEmpty, !warnedTags {
                warnedTags = true
                display.warn("watch", "no live worker has the tags \(s.tagsNoLiveWorkerHas.joined(separator: ", "))")
            }
            if !s.job.state.isActive {
                display.finish()
                display.message("job \(id): \(s.job.state.rawValue)\(s.job.error.map { " — \($0)" } ?? "")", event: "end")
                return s.job.state == .done ? 0 : 1
            }
            if let waiter { _ = try waiter.wait(timeout: .seconds(1)) } else { Thread.sleep(forTimeInterval: 1) }
        }
    }

    static func json(_ job: Job) -> [String: Any] { FarmJSON.job(job) }

    static func json(_ s: JobStatus) -> [String: Any] { FarmJSON.status(s) }
}

/// A plain text table with padded columns.
struct Table {
    let header: [String]
    var rows: [[String]] = []

    init(_ header: [String]) { self.header = header }

    mutating func add(_ row: [String]) { rows.append(row) }

    func render() -> String {
        let all = [header] + rows
        let widths = header.indices.map { c in all.map { $0[c].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { c, cell in c == row.count - 1 ? cell : cell.padding(toLength: widths[c], withPad: " ", startingAt: 0) }
                .joined(separator: "  ")
        }.joined(separator: "\n")
    }

    static func time(_ date: Date) -> String {
        let f = DateFormatter()
        f.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return f.string(from: date)
    }

    static func ago(_ date: Date) -> String {
        let s = Int(-date.timeIntervalSinceNow)
        return s < 60 ? "\(s)s ago" : s < 3600 ? "\(s / 60)m ago" : "\(s / 3600)h ago"
    }
}
