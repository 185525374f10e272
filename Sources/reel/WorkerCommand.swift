import Foundation
import ReelFarm
import ReelModel
import ReelQueue
import ReelRecords
import ReelRender
import Synchronization

extension FarmCommands {
    /// `reel worker [--concurrency N] [--tags a,b]`: registers, heartbeats, renders until SIGTERM.
    /// The first SIGTERM drains (the current segment finishes, then the worker exits); a second one
    /// stops at the next frame and releases the segment back to the queue.
    ///
    /// The rescue sweep runs every `min(15 s, lease)`, so a crashed worker's segment is rescued within
    /// about two leases. Options: `Specs.worker`. A `WorkerHost` runs the process; its outcome is the exit
    /// status: 0 drained or aborted, 75 a stuck render thread, 1 registration given up on a drain.
    static func worker(_ args: [String]) throws -> Int32 {
        guard let parsed = try Specs.worker.parse(args) else { return 0 }
        _ = try parsed.positionals()
        let concurrency = try parsed.int("concurrency", in: 1...64) ?? 1
        let host = ProcessInfo.processInfo.hostName, pid = Int(ProcessInfo.processInfo.processIdentifier)
        let baseID = parsed.value("name") ?? ProcessInfo.processInfo.environment["REEL_WORKER_NAME"] ?? "\(host)-\(pid)"
        let slots = (0..<concurrency).map { concurrency == 1 ? baseID : "\(baseID)/\($0)" }
        let configurations = try slots.map { try slotConfiguration($0, host: host, parsed: parsed) }
        let log = WorkerLog(json: parsed.flag("json"))
        try requireRoots(parsed, log: log)
        // Each slot's render thread and lease keeper may each hold a connection, plus the presence thread:
        // a pool sized from the concurrency never makes a heartbeat wait behind a claim.
        var queueConfiguration = configuration(parsed)
        queueConfiguration.maxConnections = 2 * concurrency + 2
        let queue = try PostgresSegmentQueue(queueConfiguration)
        let projects = ProjectCache(mediaRoots: mediaRoots(parsed))
        let stop = StopSignal()
        let started = "worker \(baseID) on \(host): \(concurrency) slot\(concurrency == 1 ? "" : "s"), "
            + "storage \(configurations[0].store.root)"
        let workerHost = WorkerHost(queue: queue, slots: configurations,
                                    stitcher: configurations[0].rollingStitch ? configurations[0] : nil,
                                    projects: projects, stop: stop,
                                    registration: .init(pid: pid, version: Reel.version, probe: { try queue.ping() }),
                                    hooks: log.hooks(started: started),
                                    renderNiceness: try parsed.int("render-nice", in: 0...19) ?? 5)
        let signals = SignalHandler(stop: stop, drainFirst: true) {
            let busy = workerHost.busySlots
            log.line(busy == 0 ? "draining: no segment in progress, stopping"
                               : "draining: finishing \(busy) segment\(busy == 1 ? "" : "s") in progress")
            workerHost.drain()
        }
        defer { signals.cancel() }
        switch workerHost.run() {
        case .drained, .aborted:
            log.line("worker \(baseID) stopped")
            return 0
        // 75 (EX_TEMPFAIL): the thread cannot be taken back, its segment is already back in the queue, and
        // systemd or Kubernetes restarts the worker.
        case .stuck: return 75
        case .failed(let error): throw error
        }
    }

    /// One slot's configuration from the options: lease, stall and deadline, roots, backoff.
    static func slotConfiguration(_ id: String, host: String, parsed: Arguments) throws -> WorkerConfiguration {
        let tags = parsed.value("tags").map { $0.split(separator: ",").map(String.init) } ?? []
        let lease = try parsed.int("lease-seconds", in: 2...3600) ?? 60
        let stall = try parsed.int("stall-seconds", in: 1...86_400) ?? 120
        var configuration = WorkerConfiguration(workerID: id, host: host, tags: tags, store: try storage(parsed),
                                                mediaRoots: mediaRoots(parsed))
        configuration.outputRoots = outputRoots(parsed)
        configuration.stallLimit = .seconds(stall)
        configuration.deadlineFactor = Double(try parsed.int("deadline-factor", in: 1...10_000) ?? 20)
        configuration.stuckGrace = .seconds(min(10, max(2, stall / 2)))
        configuration.leaseDuration = .seconds(lease)
        configuration.heartbeatInterval = .milliseconds(lease * 1000 / 4)
        configuration.rescueInterval = .seconds(min(15, lease))
        configuration.backoff = try retryBackoff(parsed)
        configuration.rollingStitch = try stitchMode(parsed)
        configuration.stitchAudioThreads = try stitchAudioThreads(parsed)
        try configuration.validate()
        return configuration
    }

    /// A farm worker renders compositions from anyone who can submit: without media roots it would open any file
    /// they name, without output roots publish wherever they say. `--no-roots` is the explicit, logged way to run
    /// one like that; the roots given still apply.
    /// - Throws: `UsageError` naming the options and variables when a set of roots is empty without `--no-roots`.
    static func requireRoots(_ parsed: Arguments, log: WorkerLog) throws {
        let missing = [("--output-root", "REEL_OUTPUT_ROOTS", outputRoots(parsed)),
                       ("--media-root", "REEL_MEDIA_ROOTS", mediaRoots(parsed))]
            .filter { $0.2.isEmpty }.map { "\($0.0) DIR (or \($0.1))" }
        guard !missing.isEmpty else { return }
        guard parsed.flag("no-roots") else {
            throw UsageError(message: "needs \(missing.joined(separator: " and ")): a worker renders compositions from "
                             + "anyone who can submit, so it reads media and publishes outputs only under its roots; "
                             + "--no-roots starts it without them")
        }
        log.line("warning: started with --no-roots and no \(missing.joined(separator: " or ")): this worker reads any "
                 + "file a composition names and publishes wherever a job says; use it only where everyone who can "
                 + "submit is trusted")
    }

    /// `--stitch rolling` (the default) or `--stitch end`: whether a stitcher thread appends parts as they finish.
    /// `--stitch-audio-threads N` (1 to 64), else 1.
    static func stitchAudioThreads(_ parsed: Arguments) throws -> Int {
        try parsed.int("stitch-audio-threads", in: 1...64) ?? 1
    }

    static func stitchMode(_ parsed: Arguments) throws -> Bool {
        switch parsed.value("stitch") ?? "rolling" {
        case "rolling": return true
        case "end": return false
        case let other: throw UsageError(message: "--stitch must be rolling or end, got \"\(other)\"")
        }
    }

    /// `--retry-base-ms` or `REEL_RETRY_BASE_MS`, else the default backoff.
    static func retryBackoff(_ parsed: Arguments) throws -> Backoff {
        let fallback = Backoff()
        if let ms = try parsed.int("retry-base-ms", in: 0...3_600_000) {
            return Backoff(base: .milliseconds(ms), cap: fallback.cap)
        }
        guard let text = ProcessInfo.processInfo.environment["REEL_RETRY_BASE_MS"], !text.isEmpty else { return fallback }
        guard let ms = Int(text), (0...3_600_000).contains(ms) else {
            throw UsageError(message: "REEL_RETRY_BASE_MS must be a whole number of milliseconds, got \"\(text)\"")
        }
        return Backoff(base: .milliseconds(ms), cap: fallback.cap)
    }
}

/// Log lines for `reel worker` (constant messages, key=value fields). Heartbeats are `WorkerPresence`'s.
final class WorkerLog: Sendable {
    let json: Bool

    init(json: Bool) { self.json = json }

    func line(_ text: String, _ fields: [String: Any] = [:]) {
        if json {
            var object = fields
            object["msg"] = text
            object["time"] = FarmJSON.time(Date())
            FileHandle.standardError.write(FarmJSON.data(object, pretty: false) + Data("\n".utf8))
        } else {
            let extra = fields.keys.sorted().map { "\($0)=\(Self.text(fields[$0]!))" }.joined(separator: " ")
            writeErr("\(text)\(extra.isEmpty ? "" : " ")\(extra)\n")
        }
    }

    /// A field's value in a text line: `-` for null, one decimal for a rate.
    static func text(_ value: Any) -> String {
        if value is NSNull { return "-" }
        if let d = value as? Double { return String(format: "%.1f", d) }
        return "\(value)"
    }

    /// The worker host's hooks: each event, a wait for the database, and `started` once every thread runs.
    func hooks(started: String) -> WorkerHost.Hooks {
        WorkerHost.Hooks(event: { [self] workerID, event in log(event, workerID: workerID) },
                         registrationRetry: { [self] error, delay in
                             line("waiting for the database: \(errorText(error)); retrying in \(delay.secondsDouble) s")
                         },
                         started: { [self] in line(started) })
    }

    /// The log line of one thread's event (none for progress).
    func log(_ event: WorkerEvent, workerID: String) {
        switch event {
        case let .claimed(job, segment, _, frames):
            line("segment claimed", ["job_id": job, "segment": segment, "frames": frames, "worker_id": workerID])
        case let .segmentDone(job, segment, frames, reused, seconds):
            let fps = seconds > 0 && !reused ? (10 * Double(frames) / seconds).rounded() / 10 : nil
            line("segment done", ["job_id": job, "segment": segment, "reused": reused, "fps": FarmJSON.nullable(fps)])
        case let .stuck(job, segment, message):
            line("render thread stuck, exiting for a restart", ["job_id": job, "segment": segment, "error": message])
        case let .segmentFailed(job, segment, attempt, message, willRetry):
            line("segment failed", ["job_id": job, "segment": segment, "attempt": attempt, "retry": willRetry,
                                    "error": message])
        case let .leaseLost(job, segment):
            line("lease lost, output discarded", ["job_id": job, "segment": segment])
        case let .canceled(job, segment):
            line("job canceled, segment stopped", ["job_id": job, "segment": segment])
        case let .released(job, segment):
            line("segment released", ["job_id": job, "segment": segment])
        case .stitching(let job):
            line("stitching", ["job_id": job])
        case let .loudnessMeasured(job, seconds):
            line("programme loudness measured ahead of the video", ["job_id": job, "seconds": (seconds * 100).rounded() / 100])
        case let .stitched(job, path, report):
            line("job done", ["job_id": job, "output": path, "frames": report.frames, "samples": report.samples])
            if let why = report.indexFallback { line("the output's index was held in memory by movenc", ["job_id": job, "reason": why]) }
        case let .stitchFailed(job, message):
            line("stitch failed", ["job_id": job, "error": message])
        case .rescued(let count):
            line("rescued expired leases", ["count": count])
        case .queueError(let error):
            line("queue error, retrying", ["error": error.commandLineText])
        case let .thumbnailFailed(job, segment, message):
            line("thumbnail not written, part kept", ["job_id": job, "segment": segment.map(String.init) ?? "-",
                                                      "error": message])
        case .priorityRefused(let message):
            line("render priority not lowered, the slot renders at the process's", ["error": message])
        case .progress:
            break
        }
    }
}
