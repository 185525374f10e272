import Foundation
import Testing
import ReelTestSupport

/// The one JSON style on the single-machine commands: snake_case keys everywhere.
@Suite struct JSONStyleTests {
    @Test("validate, plan, probe and render --json use snake_case keys only")
    func singleMachineCommands() throws {
        let dir = try CLIRunner.mediaFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let comp = try CLIRunner.write(CLIValidateTests.valid, to: dir)
        for args in [["validate", comp, "--json"], ["plan", comp, "--json"], ["probe", "\(dir)/a.mp4", "--json"],
                     ["probe", "\(dir)/tone.wav", "--json"]] {
            let result = try CLIRunner.run(args)
            #expect(result.status == 0, "\(args): \(result.err)")
            let bad = try TestJSON.badKeys(result.out)
            #expect(bad.isEmpty, "reel \(args.joined(separator: " ")): \(bad)")
        }
        let render = try CLIRunner.run(["render", comp, "-o", "\(dir)/out.mp4", "--json", "--storage", "\(dir)/store"])
        #expect(render.status == 0, "\(render.err)")
        #expect(render.out.contains("\"eta_seconds\"") && render.out.contains("\"event\":\"done\""), "\(render.out)")
        // The serial tail, from the last segment done to publication, a number of seconds on the done event.
        let done = render.out.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.first { $0["event"] as? String == "done" }
        let tail = (done?["stitch_tail_seconds"] as? NSNumber)?.doubleValue
        #expect(tail.map { $0 >= 0 && $0 < 60 } == true, "stitch_tail_seconds: \(String(describing: done))")
        let bad = try TestJSON.badKeys(render.out, lines: true)
        #expect(bad.isEmpty, "reel render --json: \(bad)")
    }
}
