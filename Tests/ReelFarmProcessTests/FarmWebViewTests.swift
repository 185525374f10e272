import Foundation
import ReelTestSupport
import Testing
import ReelQueue

extension FarmTests {
    /// `reel serve` in real headless Chromium against a real farm of two workers.
    @Suite("Web view") struct WebView {}
}

extension FarmTests.WebView {
    /// A project heavy enough that a segment takes a visible moment: two 1280x720 clips and a dissolve, lossless.
    static let composition = """
        {
          "assets": { "a": "media/a.mp4", "b": "media/b.mp4" },
          "videos": [
            { "asset": "a", "sourceRange": { "start": "0", "duration": "4" } },
            { "asset": "b", "sourceRange": { "start": "0", "duration": "4" } }
          ],
          "transitions": [ { "type": "dissolve", "duration": "1" } ],
          "output": { "width": 1280, "height": 720, "frameRate": "30",
                      "video": { "codec": "h264", "crf": 18, "preset": "medium" },
                      "audio": { "codec": "aac", "sampleRate": 48000, "channels": 2, "bitrate": 96 }, "container": "mp4" }
        }
        """

    @Test("the pages watch a render cell by cell, show thumbnails and the XSS name as text, and steer a job with the token")
    func browser() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let project = try await Self.makeProject(farm)
        let token = UUID().uuidString + UUID().uuidString
        let tokenFile = farm.root.appendingPathComponent("token")
        try token.write(to: tokenFile, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenFile.path)
        let serve = try TestChild(name: "serve", executable: farm.reel,
                                  arguments: ["serve", "--listen", "127.0.0.1:0", "--token-file", tokenFile.path],
                                  environment: farm.environment, logs: farm.logs)
        defer { serve.ensureDead() }
        let base = try await Self.address(of: serve)

        let xss = "<img src=x onerror=alert(1)>"
        let jobA = try await farm.submit(project, output: farm.root.appendingPathComponent("out/a.mov").path,
                                         extra: ["--name", xss])
        let jobB = try await farm.submit(project, output: farm.root.appendingPathComponent("out/b.mov").path,
                                         extra: ["--name", "needs a GPU", "--tags", "gpu"])
        let shots = TestKeep.folder?.appendingPathComponent("webview") ?? farm.logs.appendingPathComponent("shots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let ready = farm.root.appendingPathComponent("ready")
        let check = try TestChild(name: "chromium", executable: try Self.python(),
                                  arguments: [Self.script, base, token, "\(jobA)", "\(jobB)", shots.path, ready.path],
                                  environment: farm.environment, logs: farm.logs)
        defer { check.ensureDead() }
        _ = try await TestProcess.waitFor("the browser to see job \(jobA) queued", timeout: .seconds(90),
                                          context: { check.stdout + check.tail() }) {
            FileManager.default.fileExists(atPath: ready.path) ? true : (check.isRunning ? nil : false)
        }
        _ = try farm.startWorker("web-1")
        _ = try farm.startWorker("web-2")
        let status = await check.wait(timeout: .seconds(300))
        #expect(status == 0, "\(check.stdout)\n\(check.tail(30))\n\(serve.tail())\n\(farm.workerLogs())")
        #expect(check.stdout.contains("{\"ok\": true}"), "\(check.stdout)")
        #expect(try farm.queue().jobGet(jobA).state == .done)
        #expect(try farm.queue().jobGet(jobB).priority == 7)
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Support/webview_check.py").path

    /// The Python with selenium: the checkout's .build/pyenv (scripts/setup.sh makes it), else python3 on PATH.
    static func python() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let pyenv = root.appendingPathComponent(".build/pyenv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: pyenv) else {
            throw TestFailure("no \(pyenv): run scripts/setup.sh (it installs selenium for the browser test)")
        }
        return pyenv
    }

    /// The URL `reel serve` announces on its first line.
    static func address(of serve: TestChild) async throws -> String {
        try await TestProcess.waitFor("reel serve to listen", timeout: .seconds(30), context: { serve.tail() }) {
            guard let line = serve.stdout.split(separator: "\n").first(where: { $0.contains("listening on http") }),
                  let start = line.range(of: "http") else { return serve.isRunning ? nil : "" }
            return String(line[start.lowerBound...]).trimmingCharacters(in: CharacterSet(charactersIn: "/ "))
        }
    }

    static func makeProject(_ farm: FarmFixture) async throws -> String {
        let folder = farm.root.appendingPathComponent("web")
        let media = folder.appendingPathComponent("media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        for (name, pattern) in [("a", "testsrc2"), ("b", "smptehdbars")] {
            try await TestProcess.check("/usr/bin/ffmpeg", [
                "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "\(pattern)=s=1280x720:r=30:d=4",
                "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=4", "-map", "0:v", "-map", "1:a",
                "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", "-pix_fmt", "yuv420p", "-c:a", "aac", "-ac", "2",
                media.appendingPathComponent("\(name).mp4").path,
            ], logs: farm.logs)
        }
        let path = folder.appendingPathComponent("comp.json").path
        try composition.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
