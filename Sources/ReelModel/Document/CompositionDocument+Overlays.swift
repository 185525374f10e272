/// Decoding and building of `overlays`: extra video tracks above the main A/B track, bottom to top,
/// each a list of clips placed with `at` (no transitions; gaps are transparent).
extension CompositionDocument {
    /// An overlay clip: a `videos` entry plus where it starts on the timeline.
    struct OverlayEntry {
        var video: VideoEntry
        var at: RationalTime
    }

    static func decodeOverlays(_ root: JSONFields, assetIDs: [AssetID]) -> [[OverlayEntry]] {
        guard let tracks = root.array("overlays") else { return [] }
        return tracks.enumerated().map { i, value in
            let path = JSONPath.index("overlays", i)
            guard case .array(let clips) = value else {
                root.log.add(path, "expected a list of clips, got \(value.kindDescription)")
                return []
            }
            var entries: [OverlayEntry] = []
            for (j, clip) in clips.enumerated() {
                guard let e = decodeOverlayClip(clip, path: JSONPath.index(path, j), assetIDs: assetIDs, log: root.log) else { continue }
                if let last = entries.last, let end = try? last.at + last.video.timelineDuration, e.at < end {
                    root.log.add(JSONPath.member(JSONPath.index(path, j), "at"),
                                 "\(e.at.diagnosticText) is before the previous clip's end (\(end.diagnosticText)); "
                                 + "clips of one overlay track must be in time order and must not overlap")
                }
                entries.append(e)
            }
            return entries
        }
    }

    /// A `videos` entry with `at` (default 0).
    static func decodeOverlayClip(_ value: JSONValue, path: String, assetIDs: [AssetID], log: DiagnosticLog) -> OverlayEntry? {
        guard case .object(let members) = value else {
            log.add(path, "expected a clip object, got \(value.kindDescription)")
            return nil
        }
        var at = RationalTime.zero
        if let raw = members.first(where: { $0.key == "at" })?.value {
            guard let t = readValue(raw, path: JSONPath.member(path, "at"), log: log, JSONExact.timeValue) else { return nil }
            guard !t.isNegative else {
                log.add(JSONPath.member(path, "at"), "must not be negative, got \(t.diagnosticText)")
                return nil
            }
            at = t
        }
        let rest = JSONValue.object(members.filter { $0.key != "at" })
        guard let video = decodeVideo(rest, path: path, assetIDs: assetIDs, log: log) else { return nil }
        return OverlayEntry(video: video, at: at)
    }

    /// The overlay tracks: each clip after a gap up to its `at`.
    func makeOverlayTracks(facts: [AssetID: MediaFacts]) throws -> [Track] {
        try overlays.enumerated().map { i, entries in
            var items: [TrackItem] = []
            var cursor = RationalTime.zero
            for e in entries {
                if cursor < e.at { items.append(.gap(try e.at - cursor)) }
                items.append(.clip(try makeClip(e.video, trimmedBy: .zero, facts: facts[e.video.asset])))
                cursor = try e.at + e.video.timelineDuration
            }
            return Track(kind: .video, items: items, name: JSONPath.index("overlays", i))
        }
    }
}
