import ReelModel

/// Titles for MEDIA OFFLINE slates and generators.
///
/// Titles draw above every video track, so a stand-in is shown only where no higher video track
/// shows anything (clips, slates or generators): its range minus their ranges.
enum OTIOStandIns {
    static func titles(_ standIns: [StandIn], coverage: [[TimeRange]], output: OutputSettings) throws -> [Title] {
        var titles: [Title] = []
        for s in standIns.sorted(by: { $0.track < $1.track }) {
            let above = coverage.indices.filter { $0 > s.track }.flatMap { coverage[$0] }
                + standIns.filter { $0.track > s.track }.map(\.range)
            for part in try subtract(above, from: s.range) {
                titles.append(title(s.text, range: part, origin: s.origin, output: output))
            }
        }
        return titles
    }

    static func title(_ text: String, range: TimeRange, origin: String, output: OutputSettings) -> Title {
        let half = try! Rational(1, 2)
        return Title(text: text, size: max(12, output.height / 16), color: RGBA(r: 255, g: 255, b: 255),
                     position: Point(x: half, y: half), timeRange: range,
                     opacity: [Keyframe(time: .zero, value: .one)], origin: origin)
    }

    /// The parts of `range` outside every range in `covered`.
    static func subtract(_ covered: [TimeRange], from range: TimeRange) throws -> [TimeRange] {
        var free = [range]
        for c in covered {
            free = try free.flatMap { f -> [TimeRange] in
                guard f.overlaps(c) else { return [f] }
                var parts: [TimeRange] = []
                if f.start < c.start { parts.append(try TimeRange(start: f.start, end: c.start)) }
                if c.end < f.end { parts.append(try TimeRange(start: c.end, end: f.end)) }
                return parts
            }
        }
        return free.filter { !$0.isEmpty }
    }
}
