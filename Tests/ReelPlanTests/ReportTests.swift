import Foundation
import ReelModel
import Testing
@testable import ReelPlan

@Suite struct ReportTests {
    func makePlan() throws -> Plan {
        try Plan(composition: makeComposition([
            .clip(makeClip("a", from: tm(10), length: tm(12), origin: "videos[0]")),
            .transition(makeTransition(.push, out: tm(1), origin: "transitions[0]")),
            .clip(makeClip("b", from: tm(5), length: tm(12), origin: "videos[1]")),
        ], output: makeOutput(fps: try FrameRate(30000, 1001)), titles: [makeTitle("Hello", range(tm(1), tm(2)))]))
    }

    @Test func jsonRoundTripsWithStableKeys() throws {
        let report = PlanReport(plan: try makePlan())
        let json = try report.json()
        #expect(try JSONDecoder().decode(PlanReport.self, from: Data(json.utf8)) == report)
        #expect(json.contains("\"frame_rate\" : \"30000/1001\""))
        #expect(json.range(of: "\"duration\"")!.lowerBound < json.range(of: "\"frame_rate\"")!.lowerBound)
        #expect(report.instructions.map { $0.layers.map(\.kind) } == [["passthrough"], ["push"], ["passthrough"]])
        #expect(report.instructions[1].layers[0].from == "a" && report.instructions[1].layers[0].to == "b")
    }

    @Test func textShowsEveryInstructionAndSegmentExactly() throws {
        let plan = try makePlan()
        let text = PlanReport(plan: plan).text()
        #expect(text.contains("timeline 24 s, \(plan.totalFrames) frames at 30000/1001 fps"))
        #expect(text.contains("V0 push a → b"))
        for s in plan.segments {
            #expect(text.contains("\(s.frames.lowerBound)..<\(s.frames.upperBound)"))
            #expect(text.contains(String(s.contentHash.prefix(12))))
        }
        #expect(plan.segments[0].titles == [0])
    }
}

@Suite struct OptionTests {
    @Test(arguments: [("10", q(10)), ("2.5", q(5, 2)), ("0.04", q(1, 25)), ("1001/30000", q(1001, 30000))])
    func secondsParseExactly(text: String, value: Rational) throws {
        #expect(try PlanOptions.parseSeconds(text) == value)
    }

    @Test(arguments: ["", "abc", "1.2.3", "-1", "1/0", "2.", "1e3"]) func badSecondsAreRejected(text: String) {
        #expect(throws: PlanError.self) { try PlanOptions.parseSeconds(text) }
    }

    @Test func optionsOutOfRangeAreRejected() {
        let comp = makeComposition([.clip(makeClip("a", from: .zero, length: tm(3)))])
        #expect(throws: PlanError.self) { try Plan(composition: comp, options: PlanOptions(segmentSeconds: .zero)) }
        #expect(throws: PlanError.self) {
            try Plan(composition: comp, options: PlanOptions(segmentSeconds: q(2), minimumSegmentSeconds: q(3)))
        }
    }
}
