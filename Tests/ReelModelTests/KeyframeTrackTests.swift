import Testing
@testable import ReelModel

/// The one keyframe interpolation: exact values for titles, eased `Double` components for clip layers.
@Suite struct KeyframeTrackTests {
    func t(_ seconds: Int64) -> RationalTime { RationalTime(unchecked: seconds, 1) }
    func q(_ n: Int64, _ d: Int64 = 1) -> Rational { Rational(unchecked: n, d) }

    @Test func valuesInterpolateExactlyAndHoldOutsideTheKeys() throws {
        let track: KeyframeTrack<Rational> = [Keyframe(time: t(2), value: q(1, 4)), Keyframe(time: t(6), value: .one)]
        #expect(try track.value(at: t(0)) == q(1, 4))
        #expect(try track.value(at: t(4)) == q(5, 8))
        #expect(try track.value(at: t(9)) == .one)
        #expect(try KeyframeTrack<Rational>().value(at: t(1)) == nil)
    }

    @Test func pointsInterpolateOnBothAxes() throws {
        let track: KeyframeTrack<Point> = [Keyframe(time: t(0), value: Point(x: .zero, y: .one)),
                                           Keyframe(time: t(4), value: Point(x: .one, y: .zero))]
        #expect(try track.value(at: t(1)) == Point(x: q(1, 4), y: q(3, 4)))
    }

    @Test func ofTwoKeysAtOneTimeTheLaterWins() throws {
        let track: KeyframeTrack<Rational> = [Keyframe(time: t(1), value: .zero), Keyframe(time: t(1), value: .one)]
        #expect(try track.value(at: t(1)) == .one)
        #expect(try track.value(at: t(0)) == .zero)
    }

    @Test func anInOutKeyEasesTheMoveIntoIt() throws {
        let track: KeyframeTrack<Rational> = [Keyframe(time: t(0), value: .zero),
                                              Keyframe(time: t(4), value: .one, ease: .inOut)]
        #expect(try track.components(at: t(1), { [$0] }) == [0.15625])   // 3/16 − 2/64
        #expect(try track.value(at: t(1)) == q(5, 32))
        #expect(try track.components(at: t(2), { [$0] }) == [0.5])
    }

    @Test func componentsAKeyLeavesOutHoldTheirValue() throws {
        let track: KeyframeTrack<TransformValue> = [Keyframe(time: t(0), value: TransformValue(scale: .one)),
                                                    Keyframe(time: t(2), value: TransformValue(rotation: q(90))),
                                                    Keyframe(time: t(4), value: TransformValue(scale: q(3)))]
        #expect(try track.components(at: t(2), { $0.scale.map { [$0] } }) == [2])
        #expect(try track.components(at: t(3), { $0.rotation.map { [$0] } }) == [90])
        #expect(try track.components(at: t(1), { $0.anchor.map { [$0.x, $0.y] } }) == nil)
    }
}
