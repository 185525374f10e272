import ReelModel

/// What `metadata.reel` on the timeline adds: the composition format's own `output`, `titles`,
/// `voiceOvers`, `music` and the `assets` they use (as `reel export-otio` writes them).
struct OTIOReelSettings {
    var output: OutputSettings?
    /// Whether `output.frameRate` was given; otherwise the timeline's rate is used.
    var frameRateGiven = false
    var titles: [Title] = []
    var audioItems: [AudioItem] = []
    var assets: [AssetID: Asset] = [:]
    var facts: [AssetID: MediaFacts] = [:]
    var titleFiles: [TitleFile: String] = [:]
}

/// Decodes `metadata.reel` with the composition format's own decoder and checks, so both formats
/// accept exactly the same output, title and audio entries: the members are placed in a composition
/// document around one placeholder clip, which is dropped again.
enum OTIOReelMetadata {
    static let placeholderID = "reel-otio-placeholder"
    static let placeholderPath = "/reel-otio-placeholder"
    static let members = ["assets", "output", "titles", "voiceOvers", "music"]

    static func decode(_ reel: JSONValue?, path: String, baseDirectory: String, prober: some MediaProber,
                       log: OTIOLog) -> OTIOReelSettings {
        guard let reel, case .object(let given) = reel else { return OTIOReelSettings() }
        for m in given where !members.contains(m.key) {
            log.warn(OTIOPath.member(path, m.key), "unknown Reel metadata \"\(m.key)\"; ignored")
        }
        let data = Array(document(given).serialized().utf8)
        let loaded: LoadedComposition
        do {
            loaded = try CompositionLoader.load(data: data, baseDirectory: baseDirectory,
                                                prober: PlaceholderProber(inner: prober))
        } catch {
            for d in error.diagnostics { log.error(OTIOPath.member(path, d.path), d.message) }
            return OTIOReelSettings()
        }
        var settings = OTIOReelSettings(titles: loaded.composition.titles, audioItems: loaded.composition.audioItems)
        settings.assets = loaded.composition.assets.filter { $0.key != placeholderID }
        settings.facts = loaded.facts.filter { $0.key != placeholderID }
        settings.titleFiles = loaded.titleFiles
        if reel["output"] != nil { settings.output = loaded.composition.output }
        settings.frameRateGiven = reel["output"]?["frameRate"] != nil
        return settings
    }

    static func document(_ given: [JSONMember]) -> JSONValue {
        var assets = given.first { $0.key == "assets" }?.value.objectMembers ?? []
        assets.append(JSONMember(key: placeholderID, value: .string(placeholderPath)))
        let range = JSONValue.object([JSONMember(key: "start", value: .string("0")), JSONMember(key: "duration", value: .string("1"))])
        let video = JSONValue.object([JSONMember(key: "asset", value: .string(placeholderID)),
                                      JSONMember(key: "sourceRange", value: range), JSONMember(key: "audio", value: .bool(false))])
        var members = [JSONMember(key: "assets", value: .object(assets)), JSONMember(key: "videos", value: .array([video]))]
        members += given.filter { $0.key != "assets" && Self.members.contains($0.key) }
        return .object(members)
    }
}

/// Answers for the placeholder clip; asks the real prober for everything else.
struct PlaceholderProber<Inner: MediaProber>: MediaProber {
    let inner: Inner

    func probe(path: String) throws -> MediaFacts {
        guard path == OTIOReelMetadata.placeholderPath else { return try inner.probe(path: path) }
        let video = MediaFacts.Video(codec: "h264", width: 16, height: 16, frameRate: nil, duration: .seconds(1))
        return MediaFacts(path: path, duration: .seconds(1), video: video, audio: nil, fileSize: 0, modificationTime: 0)
    }

    func check(_ file: TitleFile) throws -> String { try inner.check(file) }
}
