import ReelModel
import Testing
@testable import ReelPlan

/// `OutputRange`: the frames that start in `[A, B)` and their samples by `S(f)`; the whole plan's boundaries
/// cut at the two edges, the segments between them the whole plan's, hash for hash.
@Suite struct OutputRangeTests {
    /// 12 s at 30 fps / 48 kHz: four clips with a dissolve over [2.5, 3.5) and a push over [6, 7).
    static func composition() -> Composition {
        makeComposition([.clip(makeClip("a", from: tm(1), length: tm(3))), .transition(makeTransition(out: tm(1))),
                         .clip(makeClip("b", from: tm(2), length: tm(4))), .transition(makeTransition(.push, out: tm(1))),
                         .clip(makeClip("c", from: tm(0), length: tm(3))),
                         .clip(makeClip("d", from: tm(5), length: tm(4)))],
                        titles: [makeTitle("T", range(tm(1), tm(5)))])
    }

    static func plan(_ text: String?, segmentSeconds: Int64 = 2) throws -> Plan {
        var options = PlanOptions(segmentSeconds: q(segmentSeconds), minimumSegmentSeconds: q(1, 2))
        options.range = try text.map(OutputRange.init(parsing:))
        return try Plan(composition: composition(), options: options)
    }

    @Test("3.5..7.25 at 30 fps: frames 105..<218 (113), samples 168000..<348800 (180800)")
    func theDocumentedExample() throws {
        let plan = try Self.plan("3.5..7.25")
        #expect(plan.outputFrames == 105..<218)
        #expect(plan.outputSamples == 168_000..<348_800)
        #expect(plan.segments.map(\.frames.count).reduce(0, +) == 113)
        #expect(plan.segments.map(\.samples.count).reduce(0, +) == 180_800)
    }

    @Test("either end may be left out; an end past the timeline stops at its last frame")
    func openEnds() throws {
        let total = try Self.plan(nil).totalFrames
        #expect(try Self.plan("..2").outputFrames == 0..<60)
        #expect(try Self.plan("10..").outputFrames == 300..<total)
        #expect(try Self.plan("10..500").outputFrames == 300..<total)
        #expect(try Self.plan("1/3..1/2").outputFrames == 10..<15)
        #expect(try Self.plan("0.01..0.04").outputFrames == 1..<2, "ceil(0.3) = 1, ceil(1.2) = 2")
    }

    @Test("reversed, empty, outside and between-frame ranges are refused, each saying why")
    func refusals() throws {
        let duration = try Self.plan(nil).duration
        #expect(throws: RangeProblem.reversed(text: "5..4")) { try Self.plan("5..4") }
        #expect(throws: RangeProblem.empty(text: "4..4")) { try Self.plan("4..4") }
        #expect(throws: RangeProblem.outside(text: "99..100", duration: duration)) { try Self.plan("99..100") }
        #expect(throws: RangeProblem.betweenFrames(text: "1.01..1.02", frameRate: try FrameRate(30))) {
            try Self.plan("1.01..1.02")
        }
        #expect(throws: RangeProblem.malformed(text: "1-2")) { try OutputRange(parsing: "1-2") }
        #expect(throws: RangeProblem.notSeconds(text: "1..x", part: "x")) { try OutputRange(parsing: "1..x") }
        #expect(throws: RangeProblem.notSeconds(text: "-1..2", part: "-1")) { try OutputRange(parsing: "-1..2") }
    }

    @Test("the edges cut segments even inside a transition; the segments between are the whole plan's")
    func edgesCutAndTheInsideIsReused() throws {
        let whole = try Self.plan(nil)
        let byFrames = Dictionary(uniqueKeysWithValues: whole.segments.map { ($0.frames, $0.contentHash) })
        // Starts in the middle of the dissolve, ends in the middle of the push.
        let dissolve = whole.clock.frames(in: whole.transitions[0].range)
        let push = whole.clock.frames(in: whole.transitions[1].range)
        let (f0, f1) = ((dissolve.lowerBound + dissolve.upperBound) / 2, (push.lowerBound + push.upperBound) / 2)
        try #require(dissolve.count > 2 && push.count > 2)
        let ranged = try Self.plan("\(f0)/30..\(f1)/30")
        let bounds = ranged.segments.map(\.frames.lowerBound) + [ranged.segments.last?.frames.upperBound ?? -1]
        let inside = whole.segments.map(\.frames.lowerBound).filter { $0 > f0 && $0 < f1 }
        #expect(bounds == [f0] + inside + [f1])
        #expect(ranged.segments.map(\.index) == Array(0..<ranged.segments.count))
        for segment in ranged.segments.dropFirst().dropLast() {
            #expect(byFrames[segment.frames] == segment.contentHash, "segment \(segment.frames) has a new hash")
        }
        #expect(ranged.segments.count >= 3)
        for edge in [ranged.segments.first, ranged.segments.last].compactMap({ $0 }) {
            #expect(byFrames[edge.frames] == nil && !byFrames.values.contains(edge.contentHash))
        }
        // An edge segment is planned as any segment of those frames would be: samples by S(f), the
        // transition's both clips decoded.
        let first = try #require(ranged.segments.first)
        #expect(first.samples == 1600 * f0..<1600 * first.frames.upperBound)
        #expect(Set(first.decode.filter { $0.kind == .video }.map(\.asset)) == ["a", "b"])
    }
}
