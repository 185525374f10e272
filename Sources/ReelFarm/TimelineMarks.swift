import ReelModel
import ReelPlan

/// What a monitor draws over a job's segment strip: the frame rate and the transitions, in output frames.
/// The coordinator records them with the job (inside its `RenderRequest`) so that `reel serve` can mark them
/// without probing media it may not be able to reach.
public struct TimelineMarks: Codable, Sendable, Hashable {
    /// One transition: frames `[start, end)` and its kind ("dissolve", "push", "wipe" …).
    public struct Transition: Codable, Sendable, Hashable {
        public var start: Int64
        public var end: Int64
        public var kind: String
    }

    /// Output frames per second, exact: numerator and denominator.
    public var frameRate: [Int32]
    public var transitions: [Transition]

    public init(frameRate: [Int32], transitions: [Transition]) {
        self.frameRate = frameRate
        self.transitions = transitions
    }

    /// The marks of a plan.
    public init(plan: Plan) {
        frameRate = [plan.clock.frameRate.numerator, plan.clock.frameRate.denominator]
        transitions = plan.transitions.map { t in
            Transition(start: plan.clock.frame(atOrAfter: t.range.start), end: plan.clock.frame(atOrAfter: t.range.end),
                       kind: t.transition.kind.rawValue)
        }.filter { $0.end > $0.start }
    }

    /// Seconds of `frames` output frames at this rate; nil for a malformed rate.
    public func seconds(ofFrames frames: Int64) -> Double? {
        guard frameRate.count == 2, frameRate[0] > 0, frameRate[1] > 0 else { return nil }
        return Double(frames) * Double(frameRate[1]) / Double(frameRate[0])
    }
}
