/// Routes against the output layout and the probed sources.
extension CompositionChecker {
    /// Every channel a route names must be in the output layout, and a map needs one entry per source channel.
    func checkRoutes() {
        let layout = document.output.audio.layout
        let clips = (document.videos + document.overlays.joined().map(\.video)).compactMap { $0 }
        let routed = clips.map { ($0.route, $0.asset, $0.origin) } + document.audio.map { ($0.route, $0.asset, $0.origin) }
        for case let (route?, asset, origin) in routed {
            let path = JSONPath.member(origin, "route")
            let missing = route.targets.filter { layout.index(of: $0) == nil }
            if let first = missing.first {
                let have = Suggestion.list(layout.channels.map(\.rawValue), quoted: false)
                log.add(path, "channel \(first.rawValue) is not in the \(layout.name) output (\(have))")
            }
            guard case .map(let entries) = route, let n = facts[asset]?.audio?.channels, entries.count != n else { continue }
            log.add(JSONPath.member(path, "map"), "\(entries.count) entries for asset \"\(asset)\" of \(n) channels; give one per source channel")
        }
    }
}
