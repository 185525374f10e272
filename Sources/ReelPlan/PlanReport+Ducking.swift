import ReelModel

extension Plan {
    /// The ducking gain envelope of `composition.audioItems[index]` over where it plays, or nil when
    /// it has no ducking or no trigger reaches it. The mixer multiplies it with volume and automation.
    public func duckingEnvelope(ofAudioItem index: Int) throws -> Envelope? {
        guard composition.audioItems.indices.contains(index), let d = composition.audioItems[index].ducking else {
            return nil
        }
        let item = composition.audioItems[index]
        let active = try Plan.activeRange(of: item, duration: duration)
        guard !active.isEmpty else { return nil }
        return try Envelope.ducking(d, triggers: try Plan.duckingTriggers(d, composition, clips: clips, duration: duration),
                                    over: active)
    }
}

extension PlanReport {
    /// The ducking envelope of one music item, as the corners of its piecewise linear gain.
    public struct DuckingEnvelope: Codable, Sendable, Equatable {
        /// The index in the composition's audio items.
        public var item: Int
        /// Where the music was written ("music", "music[1]").
        public var origin: String
        /// `[time, gain]` pairs, exact strings, in time order; the gain is linear between them.
        public var points: [[String]]
    }

    /// Every ducked item's envelope; items whose ducking never triggers are left out.
    static func duckingEnvelopes(_ plan: Plan) -> [DuckingEnvelope] {
        plan.composition.audioItems.indices.compactMap { i in
            guard let envelope = try? plan.duckingEnvelope(ofAudioItem: i) else { return nil }
            return DuckingEnvelope(item: i, origin: plan.composition.audioItems[i].origin, points: corners(envelope))
        }
    }

    /// The envelope's breakpoints with repeated ones dropped.
    static func corners(_ e: Envelope) -> [[String]] {
        var points: [[String]] = []
        for p in e.pieces {
            for point in [[p.range.start.description, p.from.exactDecimalOrFraction],
                          [p.range.end.description, p.to.exactDecimalOrFraction]] where points.last != point {
                points.append(point)
            }
        }
        return points
    }

    /// Lines for the text report: one per ducked item, corners as `time s → gain`.
    func duckingLines() -> [String] {
        guard !ducking.isEmpty else { return [] }
        var lines = ["", "ducking (\(ducking.count))"]
        for d in ducking {
            let corners = d.points.map { "\($0[0]) s: \($0[1])" }.joined(separator: ", ")
            lines.append("  \(d.origin) (audio item \(d.item)): \(corners)")
        }
        return lines
    }
}
