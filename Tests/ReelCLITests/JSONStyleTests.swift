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

    @Test("render --json of a loudness job reports the correction on its done event; the text output says it too")
    func loudnessReport() throws {
        let dir = try CLIRunner.mediaFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let json = CLIValidateTests.valid.replacingOccurrences(of: #""frameRate": "30" }"#, with:
            #""frameRate": "30", "audio": { "loudness": { "integrated": "-16", "truePeak": "-1.5" } } }"#)
        let comp = try CLIRunner.write(json, to: dir)
        let render = try CLIRunner.run(["render", comp, "-o", "\(dir)/out.mp4", "--json", "--storage", "\(dir)/store"])
        #expect(render.status == 0, "\(render.err)")
        let done = render.out.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.first { $0["event"] as? String == "done" }
        let loudness = try #require(done?["loudness"] as? [String: Any], "no loudness object: \(render.out)")
        #expect(Set(loudness.keys) == ["target_lufs", "true_peak_ceiling_dbtp", "input_integrated_lufs",
                                       "input_loudness_range_lu", "input_true_peak_dbtp", "gain_db", "limiter_acted",
                                       "limiter_reduction_db", "output_integrated_lufs", "output_true_peak_dbtp"])
        let number = { (key: String) in (loudness[key] as? NSNumber)?.doubleValue }
        let input = try #require(number("input_integrated_lufs")), gain = try #require(number("gain_db"))
        #expect(number("target_lufs") == -16 && number("true_peak_ceiling_dbtp") == -1.5)
        #expect(abs(input + gain + 16) <= 0.02 || loudness["limiter_acted"] as? Bool == true, "\(loudness)")
        #expect(abs((number("output_integrated_lufs") ?? 0) + 16) <= 0.1, "\(loudness)")
        #expect((number("output_true_peak_dbtp") ?? 0) <= -1.5, "\(loudness)")
        #expect(try TestJSON.badKeys(render.out, lines: true).isEmpty)
        let text = try CLIRunner.run(["render", comp, "-o", "\(dir)/text.mp4", "--storage", "\(dir)/store"])
        #expect(text.status == 0 && text.err.contains("loudness: input ") && text.err.contains("; gain "), "\(text.err)")
    }
}
