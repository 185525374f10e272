import ReelModel

/// Reads the OTIO JSON tree into `OTIONode`s, logging every problem with its JSON path.
///
/// Schemas read: `Timeline.1`, `Stack.1`, `Track.1` (and the old `Sequence.1`), `Clip.1`, `Clip.2`,
/// `Gap.1` (and the old `Filler.1`), `Transition.1`, `ExternalReference.1`, `MissingReference.1`,
/// `GeneratorReference.1`, `LinearTimeWarp.1`, `FreezeFrame.1`, `Marker.1`–`Marker.3`, and a
/// `SerializableCollection.1` (also spelled `SerializeableCollection.1`) holding a timeline.
struct OTIODecoder {
    let log: OTIOLog
    var times: OTIOTimeReader { OTIOTimeReader(log: log) }

    /// The highest version of each schema this reader knows.
    static let known: [String: Int] = [
        "Timeline": 1, "Stack": 1, "Track": 1, "Sequence": 1, "Clip": 2, "Gap": 1, "Filler": 1, "Transition": 1,
        "ExternalReference": 1, "MissingReference": 1, "GeneratorReference": 1, "LinearTimeWarp": 1,
        "FreezeFrame": 1, "Marker": 3, "SerializableCollection": 1, "SerializeableCollection": 1,
    ]

    /// `"Clip.2"` → ("Clip", 2).
    static func schema(_ value: JSONValue) -> (name: String, version: Int)? {
        guard let text = value["OTIO_SCHEMA"]?.stringValue else { return nil }
        let parts = text.split(separator: ".")
        guard parts.count == 2, let v = Int(parts[1]) else { return (text, 0) }
        return (String(parts[0]), v)
    }

    /// The schema name when it is known at this version; logs and returns nil otherwise.
    func checkedSchema(_ value: JSONValue, path: String) -> String? {
        guard case .object = value else { log.error(path, "expected an OTIO object, got \(value.kindDescription)"); return nil }
        guard let (name, version) = Self.schema(value) else { log.error(path, "has no \"OTIO_SCHEMA\""); return nil }
        if let max = Self.known[name], version > max {
            log.error(OTIOPath.member(path, "OTIO_SCHEMA"), "\(name).\(version) is newer than Reel reads (up to \(name).\(max))")
            return nil
        }
        return name
    }

    func decodeRoot(_ root: JSONValue) -> OTIOTimeline? {
        guard let name = checkedSchema(root, path: "") else { return nil }
        if name == "SerializableCollection" || name == "SerializeableCollection" {
            let timelines = (root["children"]?.arrayValue ?? []).enumerated().filter { Self.schema($0.element)?.name == "Timeline" }
            guard let first = timelines.first else { log.error("children", "the collection holds no Timeline"); return nil }
            if timelines.count > 1 { log.warn("children", "the collection holds \(timelines.count) timelines; rendering the first") }
            return decodeTimeline(first.element, path: OTIOPath.index("children", first.offset))
        }
        guard name == "Timeline" else { log.error("OTIO_SCHEMA", "expected a Timeline.1 at the top, got \(name)"); return nil }
        return decodeTimeline(root, path: "")
    }

    func decodeTimeline(_ value: JSONValue, path: String) -> OTIOTimeline? {
        let stackPath = OTIOPath.member(path, "tracks")
        guard let stack = value["tracks"], checkedSchema(stack, path: stackPath) == "Stack" else {
            log.error(stackPath, "a timeline needs a Stack.1 of tracks")
            return nil
        }
        var rate: Rational? = nil
        if let start = value["global_start_time"], !start.isNull {
            rate = times.rate(start["rate"], path: OTIOPath.member(OTIOPath.member(path, "global_start_time"), "rate"))
        }
        let info = itemInfo(stack, path: stackPath)
        let children = decodeChildren(stack, path: stackPath)
        return OTIOTimeline(name: value["name"]?.stringValue ?? "", rate: rate, stack: info, tracks: children,
                            reel: value["metadata"]?["reel"])
    }

    func decodeChildren(_ value: JSONValue, path: String) -> [OTIONode] {
        let listPath = OTIOPath.member(path, "children")
        guard let list = value["children"]?.arrayValue else {
            log.error(listPath, "expected a list of children")
            return []
        }
        return list.enumerated().compactMap { i, child in decodeNode(child, path: OTIOPath.index(listPath, i)) }
    }

    func decodeNode(_ value: JSONValue, path: String) -> OTIONode? {
        guard let name = checkedSchema(value, path: path) else { return nil }
        switch name {
        case "Clip": return .clip(itemInfo(value, path: path), reference(of: value, path: path))
        case "Gap", "Filler":
            let info = itemInfo(value, path: path)
            guard info.sourceRange != nil else { log.error(path, "a gap needs a source_range"); return nil }
            return .gap(info)
        case "Transition": return transition(value, path: path).map { .transition($0) }
        case "Track", "Sequence":
            guard let kind = trackKind(value, path: path) else { return nil }
            return .track(itemInfo(value, path: path), kind: kind, children: decodeChildren(value, path: path))
        case "Stack": return .stack(itemInfo(value, path: path), children: decodeChildren(value, path: path))
        default:
            log.error(OTIOPath.member(path, "OTIO_SCHEMA"), "\(value["OTIO_SCHEMA"]?.stringValue ?? name) cannot be "
                      + "placed in a track; Reel reads Clip, Gap, Transition, Track and Stack")
            return nil
        }
    }

    func trackKind(_ value: JSONValue, path: String) -> Track.Kind? {
        switch value["kind"]?.stringValue {
        case "Video": return .video
        case "Audio": return .audio
        case let other:
            log.error(OTIOPath.member(path, "kind"), "a track's kind must be \"Video\" or \"Audio\", got "
                      + (other.map { "\"\($0)\"" } ?? "nothing"))
            return nil
        }
    }

    func itemInfo(_ value: JSONValue, path: String) -> OTIOItemInfo {
        var info = OTIOItemInfo(name: value["name"]?.stringValue ?? "", path: path,
                                sourceRange: times.range(value["source_range"], path: OTIOPath.member(path, "source_range")))
        info.enabled = value["enabled"]?.boolValue ?? true
        info.effects = effects(value, path: path)
        info.markers = markers(value, path: path)
        info.reel = value["metadata"]?["reel"]
        return info
    }
}
