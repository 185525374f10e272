import Foundation
import ReelModel
import ReelQueue
import ReelRecords
import ReelRender
import ReelTestSupport
import Synchronization
import Testing
@testable import ReelFarm

/// A scratch farm for the trust-boundary tests: real media made by ffmpeg under `media/` (`a.mp4`, 1 s of
/// testsrc2 with audio; `font.ttf`, a copy of DejaVu Sans; `logo.png`), a file outside every root under
/// `outside/` (`red.mp4`, the same size in solid red), an output root `out/`, an in-memory queue and a part store.
struct TrustBench {
    let dir: TempDir
    let queue = InMemorySegmentQueue()
    let store: PartStore

    init(_ label: String) throws {
        dir = try TempDir("trust-\(label)")
        store = PartStore(root: dir("store").path)
        for folder in ["media", "outside", "out"] {
            try FileManager.default.createDirectory(at: dir(folder), withIntermediateDirectories: true)
        }
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=160x90:r=30:d=1", "-f", "lavfi", "-i", "sine=d=1",
                                "-c:v", "libx264", "-preset", "ultrafast", "-g", "10", "-pix_fmt", "yuv420p", "-c:a", "aac",
                                "-shortest", path("media/a.mp4")])
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=160x90:r=30:d=1", "-f", "lavfi", "-i", "sine=d=1",
                                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac",
                                "-shortest", path("outside/red.mp4")])
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", "color=c=blue:s=32x16", "-frames:v", "1", path("media/logo.png")])
        try FileManager.default.copyItem(atPath: FontRasterizer.defaultFontPath, toPath: path("media/font.ttf"))
    }

    func path(_ name: String) -> String { dir(name).path }

    /// A composition in `media/` showing `asset` (a path relative to `media/`) for `seconds` (1 s segments),
    /// with `extra` top-level members.
    func composition(asset: String = "a.mp4", seconds: Int = 1, extra: String = "", name: String = "comp.json") throws -> String {
        let clips = (0..<seconds).map { _ in #"{"asset": "a", "sourceRange": {"start": 0, "duration": 1}}"# }
        let json = #"{"assets": {"a": "\#(asset)"}, "videos": [\#(clips.joined(separator: ", "))], "#
            + #""output": {"width": 160, "height": 90}\#(extra.isEmpty ? "" : ", " + extra)}"#
        let file = path("media/" + name)
        try json.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// The project of `composition`, loaded (and probed) under `mediaRoots`, in 1 s segments.
    func project(_ composition: String, mediaRoots: [String] = []) throws -> Project {
        try Project(try RenderRequest.reading(composition, segmentSeconds: "1"), mediaRoots: mediaRoots)
    }

    /// Inserts the project's job straight into the queue, as a database writer could, bypassing `submit`.
    func insertJob(_ project: Project, output: String) throws -> Int64 {
        let specs = project.plan.segments.map {
            SegmentSpec(index: $0.index, frames: $0.frames, samples: $0.samples, contentHash: $0.contentHash)
        }
        let spec = JobSpec(name: "trust", composition: try project.request.encoded(), outputLocation: output, segments: specs)
        return try queue.jobInsert(JobInsertParams(spec: spec, reuseParts: false)).jobID
    }

    /// Runs one worker (render and stitch) until no job is active, with `projects` as its project cache, and
    /// returns the job. Fails the test (instead of hanging it) when the worker is not done within `seconds`.
    func runWorker(_ jobID: Int64, projects: ProjectCache = ProjectCache(), mediaRoots: [String] = [],
                   outputRoots: [String] = [], seconds: Double = 60) throws -> Job {
        var configuration = WorkerConfiguration(workerID: "trust", host: "test", store: store, mediaRoots: mediaRoots)
        configuration.outputRoots = outputRoots
        configuration.exitWhenIdle = true
        configuration.rollingStitch = false
        configuration.pollInterval = .milliseconds(50)
        configuration.backoff = Backoff(base: .milliseconds(50), cap: .milliseconds(100))
        let worker = Worker(queue: queue, configuration: configuration, projects: projects)
        let done = DispatchSemaphore(value: 0)
        Thread { worker.run(stop: StopSignal()); done.signal() }.start()
        let finished = done.wait(timeout: .now() + seconds) == .success
        try #require(finished, "the worker did not finish within \(seconds) s (blocked on an input?)")
        return try queue.jobGet(jobID)
    }

    /// The bytes of a file, to compare before and after.
    func bytes(_ name: String) -> Data? { FileManager.default.contents(atPath: path(name)) }

    /// Names left in `folder`, temporary files included.
    func contents(_ folder: String) -> [String] { (try? dir.contents(folder)) ?? [] }

    func remove() { dir.remove() }
}

/// Runs `reel` with a deadline: a hang is a failure with what it printed, never a stuck test run.
enum DeadlineRun {
    static func reel(_ arguments: [String], seconds: Double = 30) throws -> TestOutput {
        let running = try TestChild(name: "reel", executable: try TestBinary.reel(), arguments: arguments)
        defer { running.removeOutput() }
        let deadline = Date().addingTimeInterval(seconds)
        while running.isRunning && Date() < deadline { usleep(20_000) }
        if running.isRunning {
            running.send(SIGKILL)   // a process blocked in open(2) ignores a handled SIGTERM
            running.waitUntilExit()
            Issue.record("reel \(arguments.joined(separator: " ")) still ran after \(seconds) s: killed")
        }
        return running.output
    }
}
