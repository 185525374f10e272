import ReelPlan
import ReelRecords

/// The marks the coordinator records from the plan it submits.
extension TimelineMarks {
    /// The marks of a plan, in output frames: a range render's (`Plan.outputFrames`) transitions are clipped to
    /// the range and counted from its first frame, as its segment strip is.
    public init(plan: Plan) {
        let output = plan.outputFrames
        let transitions = plan.transitions.map { t in
            let frames = plan.clock.frames(in: t.range).clamped(to: output)
            return Transition(start: frames.lowerBound - output.lowerBound, end: frames.upperBound - output.lowerBound,
                              kind: t.transition.kind.rawValue)
        }.filter { $0.end > $0.start }
        self.init(frameRate: [plan.clock.frameRate.numerator, plan.clock.frameRate.denominator],
                  transitions: transitions)
    }
}
