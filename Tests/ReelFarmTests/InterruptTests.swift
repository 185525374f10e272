import Foundation
import ReelTestSupport
import Testing

/// "Ctrl-C": SIGINT to `reel render` once it has finished a segment stops it with exit status 130 and
/// nothing at `-o`; running the same command again resumes, reusing the parts already rendered.
@Suite struct InterruptTests {
    @Test func sigintStopsCleanlyAndTheNextRunResumes() throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("interrupt")
        defer { dir.remove() }
        let json = """
        {
          \(Rendering.assets([("long", media.long)])),
          "videos": [ \(Rendering.clip("long", duration: "10")), \(Rendering.clip("long", start: "1", duration: "9")),
                      \(Rendering.clip("long", start: "0.5", duration: "9")) ],
          "transitions": [ \(Rendering.transition("dissolve", "1")), \(Rendering.transition("wipe", "1")) ],
          \(Rendering.output(width: 320, height: 180))
        }
        """
        let comp = try Rendering.write(json, in: dir)
        try FileManager.default.createDirectory(at: dir("out"), withIntermediateDirectories: true)
        let arguments = ["render", comp.path, "-o", dir("out/final.mp4").path, "--storage", dir("store").path,
                         "--workers", "1", "--segment-seconds", "2", "--json"]
        let running = try TestChild(name: "reel", executable: try TestBinary.reel(), arguments: arguments)
        defer {
            running.ensureDead()
            running.removeOutput()
        }
        let started = ContinuousClock.now
        // Wait until at least one segment is done (progress events carry segments_done).
        while running.isRunning && !running.stdout.contains("\"segments_done\":1")
                && ContinuousClock.now - started < .seconds(90) {
            Thread.sleep(forTimeInterval: 0.05)
        }
        // The wait is bounded only so that a hung render fails here instead of hanging the suite.
        try #require(running.stdout.contains("\"segments_done\":1"),
                     "no segment done after 90 s, or reel render ended first: \(running.stdout)")
        try #require(running.isRunning, "reel render finished before it could be interrupted: \(running.stdout)")
        running.send(SIGINT)
        running.waitUntilExit()
        let interrupted = running.output
        #expect(interrupted.status == 130 && !interrupted.signalled, "\(interrupted.stderr)")
        #expect(interrupted.stdout.contains("\"event\":\"canceled\""), "one spelling, as the queue's state")
        #expect(interrupted.stdout.contains("written to /") && !interrupted.stdout.contains("\\/"),
                "JSON paths keep their slashes unescaped: \(interrupted.stdout)")
        let left = try dir.contents("out")
        #expect(left.isEmpty, "left at -o: \(left)")

        let resumed = try TestProcess.run(try TestBinary.reel(), arguments)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let done = resumed.stdout.split(separator: "\n").first { $0.contains("\"event\":\"done\"") }.map(String.init) ?? ""
        let reused = Int(done.firstMatch(of: /(\d+) reused/)?.1 ?? "") ?? 0
        #expect(reused > 0, "the second run reused nothing: \(done)")
        #expect(done.contains("wrote") && done.contains("780 frames"), "\(done)")
        #expect(try dir.contents("out") == ["final.mp4"])
        let video = try TestProcess.probe(dir("out/final.mp4"), stream: "v:0", entries: "nb_read_frames", countFrames: true)
        #expect(video["nb_read_frames"] == "780")
    }
}
