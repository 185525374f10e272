import ReelModel
import Testing
@testable import ReelPlan

/// Media times and transition progress at exact frame instants, at 29.97 fps.
@Suite struct FrameLayerTests {
    let ntsc = try! FrameRate(30000, 1001)

    /// a [10, 14) then a JSON-style dissolve of 1.001 s into b [5, 8).
    func makeJSONStyle() throws -> Plan {
        try Plan(composition: makeComposition([
            .clip(makeClip("a", from: tm(10), length: tm(4))),
            .transition(makeTransition(out: tm(1001, 1000))),
            .clip(makeClip("b", from: tm(5), length: tm(3))),
        ], output: makeOutput(fps: ntsc)))
    }

    func only(_ layers: [FrameLayer]) throws -> FrameLayer.Content { try #require(layers.count == 1 ? layers[0] : nil).content }

    @Test func passthroughShowsTheMediaTimeAtTheFrameStart() throws {
        let p = try makeJSONStyle()
        #expect(p.totalFrames == 210)   // ceil(7 s · 30000/1001) = ceil(209.79)
        for f: Int64 in [0, 1, 100, 119] {
            guard case .clip(let c) = try only(p.frameLayers(frame: f)) else { Issue.record("frame \(f)"); continue }
            #expect(c.asset == "a")
            #expect(c.mediaTime == tm(10 * 30000 + f * 1001, 30000))
        }
        guard case .clip(let b) = try only(p.frameLayers(frame: 150)) else { Issue.record("frame 150"); return }
        #expect(b.asset == "b")
        #expect(b.mediaTime == tm(6005, 1000))   // t(150) = 5.005, 1.005 s into b
    }

    @Test func transitionFramesCarryExactProgressAndBothSides() throws {
        let p = try makeJSONStyle()
        // The dissolve spans [4, 5.001): frames ceil(119.88) = 120 ..< ceil(149.88) = 150.
        for f: Int64 in [119, 150] {
            if case .transition = try only(p.frameLayers(frame: f)) { Issue.record("frame \(f) is not in the transition") }
        }
        for f: Int64 in [120, 135, 149] {
            guard case .transition(_, let kind, let progress, let out, let inc) = try only(p.frameLayers(frame: f)) else {
                Issue.record("frame \(f)"); continue
            }
            let t = tm(f * 1001, 30000)
            #expect(kind == .dissolve)
            #expect(progress == (try (t - tm(4)).rational / q(1001, 1000)))
            #expect(progress >= .zero && progress < .one)
            #expect(out?.mediaTime == (try tm(10) + t))          // a runs on into its handle
            #expect(inc?.mediaTime == (try tm(5) + t - tm(4)))   // b starts at the cut
        }
        guard case .transition(_, _, let p120, _, _) = try only(p.frameLayers(frame: 120)) else {
            Issue.record("frame 120 is not a transition"); return
        }
        #expect(p120 == q(4, 1001))
    }

    @Test func otioOffsetsBorrowTheIncomingHandleBeforeTheCut() throws {
        let p = try Plan(composition: makeComposition([
            .clip(makeClip("a", from: tm(10), length: tm(4))),
            .transition(makeTransition(.wipe, in: tm(1, 2), out: tm(1, 2))),
            .clip(makeClip("b", from: tm(5), length: tm(6), speed: q(2))),
        ]))
        #expect(p.transitions[0].range == range(tm(7, 2), tm(1)))
        guard case .transition(_, .wipe, let progress, let out, let inc) = try only(p.frameLayers(frame: 120)) else {
            Issue.record("frame 120"); return
        }
        #expect(progress == q(1, 2))
        #expect(out?.mediaTime == tm(14))                   // a at its end (the cut)
        #expect(inc?.mediaTime == tm(5))                    // b at its first frame
        guard case .transition(_, _, let p0, _, let early) = try only(p.frameLayers(frame: 105)) else {
            Issue.record("frame 105 is not a transition"); return
        }
        #expect(p0 == .zero)
        #expect(early?.mediaTime == tm(4))                  // 0.5 s before the cut at speed 2: the handle
    }

    @Test func freezeShowsItsFirstFrameThroughout() throws {
        let p = try Plan(composition: makeComposition([.clip(makeClip("a", from: tm(3), length: tm(2), freeze: true))]))
        for f: Int64 in [0, 30, 59] {
            guard case .clip(let c) = try only(p.frameLayers(frame: f)) else { Issue.record("frame \(f)"); continue }
            #expect(c.mediaTime == tm(3))
        }
        #expect(throws: PlanError.self) { try p.frameLayers(frame: 60) }
    }
}
