import Foundation
import ReelTestSupport
import Testing

extension FarmTests.WebView {
    /// A stitched MP4 plays before its download ends (issue 23 §3): its index sits in the room reserved at the front,
    /// so Chromium has the duration from the file's head alone, served with no byte ranges and the rest held back. The
    /// same packets with the index at the end (ffmpeg's remux without faststart) give Chromium nothing until the end:
    /// the check can fail.
    @Test("Chromium reads a stitched MP4's duration from its head alone; the same file with its index at the end waits")
    func progressivePlayback() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let (project, outputs) = try await FarmTests.SubmitAPI.mediaAndOutputs(farm)
        let composition = project.appendingPathComponent("comp.json")
        try FarmMedia.composition.write(to: composition, atomically: true, encoding: .utf8)
        let stitched = outputs.appendingPathComponent("progressive.mp4")
        _ = try await farm.check(["render", composition.path, "-o", stitched.path,
                                  "--storage", farm.root.appendingPathComponent("store").path])
        let atEnd = outputs.appendingPathComponent("index-at-end.mp4")
        try TestProcess.ffmpeg(["-i", stitched.path, "-map", "0:v", "-map", "0:a", "-c", "copy", atEnd.path])
        let script = URL(fileURLWithPath: Self.script).deletingLastPathComponent().appendingPathComponent("progressive_check.py").path
        for (file, expect) in [(stitched, "plays"), (atEnd, "waits")] {
            let out = try TestProcess.run(try Self.python(), [script, file.path, expect], environment: farm.environment,
                                          timeout: .seconds(60))
            print("progressive \(expect): \(out.stdout.trimmingCharacters(in: .whitespacesAndNewlines))")
            #expect(out.status == 0, "\(file.lastPathComponent) should \(expect): \(out.stdout) \(out.stderr.suffix(2000))")
        }
    }
}
