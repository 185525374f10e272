/// Decoding of the document root, assets, videos and transitions.
extension CompositionDocument {
    static let rootKeys = ["$schema", "assets", "videos", "transitions", "defaultTransition", "voiceOvers", "music",
                           "titles", "output", "watermark", "overlays"]
    static let videoKeys = ["asset", "sourceRange", "duration", "speed", "audio", "volume", "name", "transform", "opacity",
                            "mask", "route"]
    static let transitionKeys = ["type", "duration"]

    /// Decodes a parsed document, logging every structural problem; never stops at the first.
    /// - Parameter baseDirectory: the composition file's folder; relative paths resolve against it.
    static func decode(_ root: JSONValue, baseDirectory: String, log: DiagnosticLog) -> CompositionDocument {
        var doc = CompositionDocument()
        guard let fields = JSONFields(root, path: "", keys: rootKeys, required: ["assets", "videos"], log: log) else {
            return doc
        }
        doc.assets = decodeAssets(fields, baseDirectory: baseDirectory)
        let assetIDs = doc.assets.map(\.id)
        doc.videos = decodeVideos(fields, assetIDs: assetIDs)
        doc.joins = decodeJoins(fields, videoCount: doc.videos.count)
        doc.audio = decodeAudio(fields, assetIDs: assetIDs)
        doc.titles = decodeTitles(fields, baseDirectory: baseDirectory)
        if let value = fields["output"].map(DeliveryPreset.expand),
           let output = JSONFields(value, path: fields.path("output"), keys: outputKeys, log: log) {
            doc.output = decodeOutput(output)
        }
        doc.watermark = decodeWatermark(fields, baseDirectory: baseDirectory)
        doc.overlays = decodeOverlays(fields, assetIDs: assetIDs)
        return doc
    }

    static func decodeAssets(_ root: JSONFields, baseDirectory: String) -> [AssetEntry] {
        guard let value = root["assets"] else { return [] }
        guard case .object(let members) = value else {
            root.log.add("assets", "expected an object mapping asset ids to file paths, got \(value.kindDescription)")
            return []
        }
        var entries: [AssetEntry] = []
        for member in members {
            let path = JSONPath.member("assets", member.key)
            guard !entries.contains(where: { $0.id == member.key }) else {
                root.log.add(path, "duplicate asset id \"\(member.key)\"")
                continue
            }
            guard case .string(let file) = member.value, !file.isEmpty else {
                root.log.add(path, "expected a file path string, got \(member.value.kindDescription)")
                continue
            }
            entries.append(AssetEntry(id: member.key, path: resolve(file, in: baseDirectory), origin: path))
        }
        return entries
    }

    /// `file` when absolute or when there is no base; otherwise `baseDirectory/file`.
    static func resolve(_ file: String, in baseDirectory: String) -> String {
        if file.hasPrefix("/") || baseDirectory.isEmpty { return file }
        var base = baseDirectory
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        var rest = Substring(file)
        while rest.hasPrefix("./") { rest = rest.dropFirst(2) }
        return base == "/" ? "/\(rest)" : "\(base)/\(rest)"
    }

    static func decodeVideos(_ root: JSONFields, assetIDs: [AssetID]) -> [VideoEntry?] {
        guard let list = root.array("videos") else { return [] }
        if list.isEmpty { root.log.add("videos", "a composition needs at least one video clip") }
        return list.enumerated().map { i, value in
            decodeVideo(value, path: JSONPath.index("videos", i), assetIDs: assetIDs, log: root.log)
        }
    }

    static func decodeVideo(_ value: JSONValue, path: String, assetIDs: [AssetID], log: DiagnosticLog) -> VideoEntry? {
        guard let f = JSONFields(value, path: path, keys: videoKeys, required: ["asset"], log: log) else {
            return nil
        }
        let asset = f.assetID("asset", known: assetIDs)
        let range = clipRange(f)
        let speed = f.rational("speed", where: { !$0.isNegative && !$0.isZero }, "must be positive") ?? .one
        let volume = f.rational("volume", where: { !$0.isNegative }, "must not be negative") ?? .one
        let audio = f.bool("audio")
        let name = f.string("name")
        guard let asset, let range else { return nil }
        guard let duration = try? range.duration / speed else {
            log.add(f.path("speed"), "the clip's length at this speed cannot be represented exactly")
            return nil
        }
        guard let layer = decodeLayer(f, span: duration) else { return nil }
        return VideoEntry(asset: asset, sourceRange: range, speed: speed, audio: audio, volume: volume, name: name,
                          origin: path, layer: layer, timelineDuration: duration, still: f.has("duration"),
                          speedGiven: f.has("speed"), route: decodeRoute(f))
    }

    /// The transition at each join: explicit entries, nulls replaced by `defaultTransition`, cuts as nil.
    static func decodeJoins(_ root: JSONFields, videoCount: Int) -> [TransitionEntry?] {
        let joinCount = max(0, videoCount - 1)
        let fallback = root["defaultTransition"].flatMap {
            decodeTransition($0, path: "defaultTransition", log: root.log)
        } ?? nil
        guard let list = root.array("transitions") else { return Array(repeating: fallback, count: joinCount) }
        if list.count != joinCount && root["videos"]?.arrayValue != nil {
            let entries = list.count == 1 ? "1 entry" : "\(list.count) entries"
            let videos = videoCount == 1 ? "1 video needs" : "\(videoCount) videos need"
            root.log.add("transitions", "has \(entries) but \(videos) \(joinCount) "
                + "(one between each pair of neighbours; use null for the default)")
        }
        var joins: [TransitionEntry?] = list.enumerated().map { i, value in
            value.isNull ? fallback : decodeTransition(value, path: JSONPath.index("transitions", i), log: root.log) ?? nil
        }
        joins = Array(joins.prefix(joinCount))
        return joins + Array(repeating: fallback, count: joinCount - joins.count)
    }

    /// A transition entry: `.some(nil)` for a cut or zero duration, nil when it could not be decoded.
    static func decodeTransition(_ value: JSONValue, path: String, log: DiagnosticLog) -> TransitionEntry?? {
        guard let f = JSONFields(value, path: path, keys: transitionKeys, required: ["type"], log: log) else { return nil }
        let kind: TransitionKind? = f.choice("type", "transition")
        let duration = f.time("duration")
        guard let kind else { return nil }
        if let duration, duration.isNegative {
            log.add(f.path("duration"), "must not be negative, got \(duration.diagnosticText)")
            return nil
        }
        if kind == .cut {
            guard duration?.isZero ?? true else {
                log.add(f.path("duration"), "a cut takes no time; use dissolve, push or wipe for an overlap")
                return nil
            }
            return .some(nil)
        }
        guard let duration else {
            if !f.has("duration") { log.add(path, "missing required key \"duration\" (a \(kind.rawValue) needs one)") }
            return nil
        }
        return duration.isZero ? .some(nil) : TransitionEntry(kind: kind, duration: duration, origin: path)
    }
}
