import Foundation
import ReelRecords
import Testing
@testable import ReelFarm

/// `reel validate` loads its composition once: every asset is probed once and every title image read once, both
/// for the problem list and for the summary of a valid composition (issue 19 §4).
@Suite struct ValidateProbeTests {
    @Test("validate probes each asset once and reads each title image once")
    func validateProbesOnce() throws {
        let bench = try TrustBench("validate-once")
        defer { bench.remove() }
        let title = #""titles": [{"timeRange": {"start": 0, "duration": 1}, "text": "Hi", "image": "logo.png"}]"#
        let composition = try bench.composition(seconds: 2, extra: title)
        let probed = PathLog(), read = PathLog()
        let prober = MediaFileProber(reading: { read.add($0) }, probing: { probed.add($0) })
        let validation = try ProjectValidation(try RenderRequest.reading(composition), prober: prober)
        let project = try #require(validation.project, "not valid: \(validation.problems)")
        #expect(project.plan.totalFrames == 60)
        #expect(probed.all == [bench.path("media/a.mp4")], "probed: \(probed.all)")
        #expect(read.all.sorted() == [bench.path("media/a.mp4"), bench.path("media/logo.png")],
                "read: \(read.all)")
    }

    @Test("an invalid composition's problems come from one probe of each asset, with their JSON paths")
    func invalidProbesOnce() throws {
        let bench = try TrustBench("validate-invalid")
        defer { bench.remove() }
        let title = #""titles": [{"timeRange": {"start": 0, "duration": 1}, "text": "Hi", "color": "red"}]"#
        let composition = try bench.composition(extra: title)
        let probed = PathLog()
        let prober = MediaFileProber(probing: { probed.add($0) })
        let validation = try ProjectValidation(try RenderRequest.reading(composition), prober: prober)
        #expect(validation.project == nil)
        #expect(validation.problems.map(\.path) == ["titles[0].color"], "\(validation.problems)")
        #expect(probed.all == [bench.path("media/a.mp4")])
    }
}
