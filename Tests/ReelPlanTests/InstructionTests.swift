import ReelModel
import Testing
@testable import ReelPlan

@Suite struct InstructionTests {
    func layers(_ p: Plan) -> [String] {
        p.instructions.map { i in
            "\(i.timeRange): " + i.layers.map {
                switch $0 {
                case .passthrough(let c): return p.clips[c].clip.asset
                case .transition(let k):
                    let t = p.transitions[k]
                    return "\(t.outgoing.map { p.clips[$0].clip.asset } ?? "-")>\(t.incoming.map { p.clips[$0].clip.asset } ?? "-")"
                }
            }.joined(separator: ",")
        }
    }

    @Test func tracksCompositeBottomToTopWithGapsAndFadesFromNothing() throws {
        var comp = makeComposition([.clip(makeClip("a", from: .zero, length: tm(6)))])
        comp.videoTracks.append(Track(kind: .video, items: [
            .gap(tm(2)), .transition(makeTransition(out: tm(1))), .clip(makeClip("b", from: tm(1), length: tm(2))),
            .transition(makeTransition(in: tm(1, 2), out: .zero)),
        ]))
        let p = try Plan(composition: comp)
        #expect(layers(p) == ["[0, 2): a", "[2, 3): a,->b", "[3, 3.5): a,b", "[3.5, 4): a,b>-", "[4, 6): a"])
        #expect(p.duration == tm(6))
    }

    @Test func aTrailingTransitionExtendsTheTimeline() throws {
        let p = try Plan(composition: makeComposition([
            .clip(makeClip("a", from: .zero, length: tm(2))), .transition(makeTransition(out: tm(1))),
        ]))
        #expect(layers(p) == ["[0, 2): a", "[2, 3): a>-"])
        #expect(p.duration == tm(3))
    }

    @Test func cutsAndZeroLengthTransitionsPlaceNothing() throws {
        let p = try Plan(composition: makeComposition([
            .clip(makeClip("a", from: .zero, length: tm(2))), .transition(makeTransition(.cut, out: tm(1))),
            .clip(makeClip("b", from: .zero, length: tm(2))), .transition(makeTransition(out: .zero)),
            .clip(makeClip("c", from: .zero, length: tm(2))),
        ]))
        #expect(layers(p) == ["[0, 2): a", "[2, 4): b", "[4, 6): c"])
        #expect(p.transitions.isEmpty)
    }

    @Test func aTimelineOfGapsIsOneBlackInstruction() throws {
        let p = try Plan(composition: makeComposition([.gap(tm(3))]))
        #expect(layers(p) == ["[0, 3): "])
        #expect(p.segments.count == 1)
    }

    static let invalid: [([TrackItem], String)] = [
        ([.clip(makeClip("a", from: tm(5), length: tm(2))), .transition(makeTransition(out: tm(1), origin: "t1")),
          .transition(makeTransition(out: tm(1), origin: "t2")), .clip(makeClip("b", from: tm(5), length: tm(2)))],
         "adjacent"),
        ([.clip(makeClip("a", from: tm(5), length: tm(2))), .transition(makeTransition(out: tm(3), origin: "t1")),
          .clip(makeClip("b", from: tm(5), length: tm(2)))], "exceeds"),
        ([.clip(makeClip("a", from: tm(5), length: tm(2))), .transition(makeTransition(out: tm(3, 2), origin: "t1")),
          .clip(makeClip("b", from: tm(5), length: tm(2))), .transition(makeTransition(in: tm(1), out: .zero, origin: "t2")),
          .clip(makeClip("c", from: tm(5), length: tm(2)))], "overlap"),
        ([.transition(makeTransition(in: tm(1), out: tm(1), origin: "t1")), .clip(makeClip("a", from: tm(5), length: tm(2)))],
         "before"),
        ([.clip(makeClip("zz", from: tm(5), length: tm(2), origin: "v0"))], "unknown"),
        ([.clip(makeClip("a", from: tm(5), length: tm(2))), .transition(makeTransition(in: tm(1), out: tm(1), origin: "t1")),
          .clip(makeClip("b", from: tm(1, 2), length: tm(2)))], "media start"),
    ]

    @Test(arguments: invalid) func inconsistentTracksAreRejectedNamingTheItem(items: [TrackItem], kind: String) {
        do {
            _ = try Plan(composition: makeComposition(items))
            Issue.record("expected a \(kind) error")
        } catch let e as PlanError {
            switch (kind, e) {
            case ("adjacent", .adjacentTransitions("t1", "t2")), ("exceeds", .handleExceedsNeighbour("t1", .incoming, _, _)),
                 ("overlap", .overlappingTransitions("t1", "t2")), ("before", .transitionBeforeStart("t1", _)),
                 ("unknown", .unknownAsset("zz", "v0")), ("media start", .handleBeforeMediaStart("t1", _)):
                #expect(!e.description.isEmpty)
            default: Issue.record("wrong error for \(kind): \(e)")
            }
        } catch { Issue.record("unexpected \(error)") }
    }
}
