import Foundation
import ReelFarm
import ReelModel
import ReelPlan
import ReelRecords
import ReelRender
import Synchronization

extension Commands {
    /// `reel render`: plan, render segments on N in-process workers, stitch. Ctrl-C stops cleanly.
    static func render(_ args: [String]) throws -> Int32 {
        guard let parsed = try Specs.render.parse(args) else { return 0 }
        let path = try parsed.positionals("a composition file")[0]
        guard let output = parsed.value("output") else { throw UsageError(message: "needs -o OUT") }
        let container = try containerOf(output, lossless: parsed.flag("lossless"))
        let workers = try parsed.int("workers", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
        let audioThreads = try FarmCommands.stitchAudioThreads(parsed)
        var request = try RenderRequest.reading(path, segmentSeconds: parsed.value("segment-seconds"),
                                                preset: parsed.value("preset"), lossless: parsed.flag("lossless"))
        request.container = container
        request.encoderThreads = try Commands.encoderThreads(parsed)
        request.overwrite = parsed.flag("overwrite")
        request.range = try parsed.value("range").map(checkedRange)
        try request.applyOTIOOptions(parsed)
        let project = try ranged { try Project(request).balanced(workers: workers) }
        printWarnings(project, command: "render")
        let target = try OutputTarget.prepare(absolute(output), overwrite: parsed.flag("overwrite"),
                                              inputs: project.inputFiles)
        let store = PartStore(root: parsed.value("storage") ?? defaultStorage())
        var options = LocalRender.Options(workers: workers, store: store, output: absolute(output),
                                          rollingStitch: try FarmCommands.stitchMode(parsed))
        options.stitchAudioThreads = audioThreads
        let render = LocalRender(project: project, options: options)
        let display = ProgressDisplay(style: .detect(json: parsed.flag("json")))
        let progress = RenderProgress(segments: render.segments, display: display)
        let stop = StopSignal()
        let signals = SignalHandler(stop: stop) { display.message("interrupted: stopping at the next frame…") }
        defer { signals.cancel() }
        if let folder = target.createdFolder { display.message("created the output folder \(folder)", event: "folder") }
        display.message("rendering \(path): \(project.plan.outputFrames.count) frames in \(render.segments.count) segments "
                        + "on \(workers) worker\(workers == 1 ? "" : "s")", event: "start")
        do {
            let outcome = try render.run(stop: stop, events: progress.handle)
            display.finish()
            display.message("wrote \(output): \(outcome.report.frames) frames, \(outcome.report.samples) samples, "
                            + "\(outcome.segmentsRendered) segments rendered, \(outcome.segmentsReused) reused, "
                            + String(format: "%.1f s", outcome.seconds)
                            + (outcome.stitchTailSeconds.map { String(format: " (stitch tail %.2f s)", $0) } ?? "")
                            + (outcome.report.loudness.map { "\n" + $0.text } ?? "")
                            + (outcome.report.indexFallback.map { "\nnote: the index was held in memory by movenc: " + $0 } ?? ""),
                            event: "done", fields: doneFields(outcome))
            return 0
        } catch FarmError.canceled {
            display.finish()
            display.message("canceled: nothing was written to \(output); finished parts are kept for the next run",
                            event: "canceled")
            return 130
        }
    }

    /// The `done` event's fields: the stitch tail, the time, the parts whose audio the stitcher encoded ahead, and a
    /// loudness job's `loudness` object.
    static func doneFields(_ outcome: LocalRender.Outcome) -> [String: Any] {
        var fields: [String: Any] = ["stitch_tail_seconds": FarmJSON.nullable(outcome.stitchTailSeconds),
                                     "seconds": outcome.seconds,
                                     "audio_encoded_ahead_parts": outcome.report.partsEncodedAhead]
        if let loudness = outcome.report.loudness { fields["loudness"] = loudness.jsonFields }
        return fields
    }

    /// `--encoder-threads N`, 1…16; nil when not given.
    static func encoderThreads(_ parsed: Arguments) throws -> Int? {
        try parsed.int("encoder-threads", in: VideoCodecSettings.threadRange)
    }

    /// The container named by `output`'s extension; `--lossless` needs MOV.
    static func containerOf(_ output: String, lossless: Bool) throws -> String? {
        let ext = (output as NSString).pathExtension.lowercased()
        guard let container = Container(rawValue: ext) else {
            let names = Container.allCases.map { "." + $0.rawValue }
            throw UsageError(message: "-o \(output): the extension must be "
                             + names.dropLast().joined(separator: ", ") + " or " + names.last!)
        }
        if lossless && container != .mov {
            throw UsageError(message: "--lossless writes PCM audio, which needs a .mov output (got .\(ext))")
        }
        return container.rawValue
    }

    /// `--range A..B` checked for its form before anything is probed (`OutputRange`); the frames it covers
    /// are checked when the project is planned (`ranged`).
    static func checkedRange(_ text: String) throws -> String {
        do { return try OutputRange(parsing: text).text } catch { throw UsageError(message: "--\(error)") }
    }

    /// Runs `load`, reporting a range the plan refuses (reversed, empty, past the timeline, between two frames)
    /// as a usage error naming `--range`.
    static func ranged<T>(_ load: () throws -> T) throws -> T {
        do { return try load() } catch let problem as RangeProblem { throw UsageError(message: "--\(problem)") }
    }

    /// Exact seconds (`2.5`, `7/30`) for `option`; a malformed value is a usage error.
    static func seconds(_ text: String, option: String) throws -> Rational {
        do { return try PlanOptions.parseSeconds(text, option: option) } catch {
            throw UsageError(message: "\(option): \"\(text)\" is not a number of seconds like 10, 2.5 or 1001/30000")
        }
    }

    static func defaultStorage() -> String {
        let env = ProcessInfo.processInfo.environment
        if let storage = env["REEL_STORAGE"], !storage.isEmpty { return storage }
        let cache = env["XDG_CACHE_HOME"] ?? (NSHomeDirectory() + "/.cache")
        return cache + "/reel"
    }

    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}

/// Sums worker events into the progress display: frames per segment, segments done, fps and ETA.
final class RenderProgress: Sendable {
    private struct State {
        var framesBySegment: [Int: Int64] = [:]
        var done = 0
        var rendered: Int64 = 0
    }
    private let state = Mutex(State())
    private let display: ProgressDisplay
    private let totalFrames: Int64
    private let segments: Int
    private let started = ContinuousClock.now

    init(segments: [SegmentPlan], display: ProgressDisplay) {
        self.display = display
        self.segments = segments.count
        totalFrames = segments.reduce(0) { $0 + Int64($1.frames.count) }
    }

    func handle(_ event: WorkerEvent) {
        switch event {
        case let .progress(_, segment, framesDone):
            update { $0.framesBySegment[segment] = framesDone }
        case let .segmentDone(_, segment, frames, reused, _):
            update { s in
                s.framesBySegment[segment] = frames
                s.done += 1
                if !reused { s.rendered += frames }
            }
        case let .segmentFailed(_, segment, attempt, message, willRetry):
            display.message("segment \(segment), attempt \(attempt) failed\(willRetry ? " (retrying)" : ""): \(message)",
                            event: "segment_failed")
        case .stitching:
            display.message("stitching and verifying seams…", event: "stitching")
        case let .thumbnailFailed(_, segment, message):
            display.message("\(segment.map { "segment \($0) " } ?? "")thumbnail not written (the render goes on): \(message)",
                            event: "thumbnail_failed")
        default: break
        }
    }

    private func update(_ change: (inout State) -> Void) {
        let (done, frames, rendered) = state.withLock { s -> (Int, Int64, Int64) in
            change(&s)
            return (s.done, s.framesBySegment.values.reduce(0, +), s.rendered)
        }
        let elapsed = started.duration(to: .now)
        let seconds = elapsed.secondsDouble
        let fps = seconds > 0 ? Double(rendered) / seconds : 0
        let eta = fps > 0 ? Double(totalFrames - frames) / fps : nil
        display.update(segmentsDone: done, segments: segments, framesDone: frames, frames: totalFrames, fps: fps, eta: eta)
    }
}
