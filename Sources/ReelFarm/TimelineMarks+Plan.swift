import ReelPlan
import ReelRecords

/// The marks the coordinator records from the plan it submits.
extension TimelineMarks {
    /// The marks of a plan.
    public init(plan: Plan) {
        let transitions = plan.transitions.map { t in
            Transition(start: plan.clock.frame(atOrAfter: t.range.start), end: plan.clock.frame(atOrAfter: t.range.end),
                       kind: t.transition.kind.rawValue)
        }.filter { $0.end > $0.start }
        self.init(frameRate: [plan.clock.frameRate.numerator, plan.clock.frameRate.denominator],
                  transitions: transitions)
    }
}
