import ReelModel

/// Media references, transitions, effects and markers.
extension OTIODecoder {
    /// `media_reference` (Clip.1) or `media_references[active_media_reference_key]` (Clip.2).
    func reference(of clip: JSONValue, path: String) -> OTIOReference {
        if let refs = clip["media_references"], case .object = refs {
            let key = clip["active_media_reference_key"]?.stringValue ?? "DEFAULT_MEDIA"
            let refsPath = OTIOPath.member(path, "media_references")
            guard let ref = refs[key], !ref.isNull else {
                log.error(OTIOPath.member(path, "active_media_reference_key"), "names \"\(key)\", which is not in media_references")
                return .missing(available: nil)
            }
            return decodeReference(ref, path: OTIOPath.member(refsPath, key))
        }
        guard let ref = clip["media_reference"], !ref.isNull else { return .missing(available: nil) }
        return decodeReference(ref, path: OTIOPath.member(path, "media_reference"))
    }

    func decodeReference(_ ref: JSONValue, path: String) -> OTIOReference {
        let schemaName = ref["OTIO_SCHEMA"]?.stringValue ?? "an object without OTIO_SCHEMA"
        let available = times.range(ref["available_range"], path: OTIOPath.member(path, "available_range"))
        guard let name = checkedSchema(ref, path: path) else { return .unsupported(schema: schemaName, available: available) }
        switch name {
        case "ExternalReference":
            guard let url = ref["target_url"]?.stringValue, !url.isEmpty else {
                log.error(OTIOPath.member(path, "target_url"), "an ExternalReference needs a target_url")
                return .missing(available: available)
            }
            return .external(url: url, name: ref["name"]?.stringValue ?? "", available: available)
        case "MissingReference": return .missing(available: available)
        case "GeneratorReference":
            return .generator(kind: ref["generator_kind"]?.stringValue ?? "generator", available: available)
        default: return .unsupported(schema: schemaName, available: available)
        }
    }

    /// `SMPTE_Dissolve` is a dissolve; `Custom_Transition` with `metadata.reel.kind` names push, wipe
    /// or dissolve (as `reel export-otio` writes them). Anything else is an error.
    func transition(_ value: JSONValue, path: String) -> OTIOTransitionNode? {
        let inOffset = times.time(value["in_offset"], path: OTIOPath.member(path, "in_offset"))
        let outOffset = times.time(value["out_offset"], path: OTIOPath.member(path, "out_offset"))
        let type = value["transition_type"]?.stringValue ?? ""
        let reelKind = value["metadata"]?["reel"]?["kind"]?.stringValue.flatMap(TransitionKind.init(rawValue:))
        let kind: TransitionKind
        if type == "SMPTE_Dissolve" {
            kind = .dissolve
        } else if type == "Custom_Transition", let reelKind {
            kind = reelKind
        } else {
            log.error(OTIOPath.member(path, "transition_type"), "transition type \"\(type)\" is not supported; Reel renders "
                      + "SMPTE_Dissolve, and Custom_Transition with metadata.reel.kind push, wipe or dissolve")
            return nil
        }
        guard let inOffset, let outOffset else { return nil }
        guard !inOffset.isNegative, !outOffset.isNegative else {
            log.error(path, "transition offsets must not be negative")
            return nil
        }
        return OTIOTransitionNode(name: value["name"]?.stringValue ?? "", path: path, kind: kind, inOffset: inOffset,
                                  outOffset: outOffset)
    }

    /// Time effects; other effects are reported and ignored.
    func effects(_ value: JSONValue, path: String) -> [OTIOEffect] {
        guard let list = value["effects"]?.arrayValue else { return [] }
        var out: [OTIOEffect] = []
        for (i, effect) in list.enumerated() {
            let p = OTIOPath.index(OTIOPath.member(path, "effects"), i)
            switch Self.schema(effect)?.name {
            case "FreezeFrame": out.append(.freeze)
            case "LinearTimeWarp":
                guard let e = timeWarp(effect, path: p) else { continue }
                out.append(e)
            default:
                let name = effect["effect_name"]?.stringValue ?? effect["OTIO_SCHEMA"]?.stringValue ?? "?"
                log.warn(p, "effect \"\(name)\" is not rendered; ignored")
            }
        }
        return out
    }

    /// A `LinearTimeWarp.1`: its `time_scalar` as the simplest fraction within 1e-9; 0 is a freeze.
    func timeWarp(_ effect: JSONValue, path: String) -> OTIOEffect? {
        let p = OTIOPath.member(path, "time_scalar")
        guard let scalar = effect["time_scalar"]?.doubleValue, scalar.isFinite else {
            log.error(p, "expected a finite number, got \(effect["time_scalar"]?.kindDescription ?? "nothing")")
            return nil
        }
        guard scalar >= 0 else { log.error(p, "reverse playback (time_scalar \(scalar)) is not supported"); return nil }
        if scalar == 0 { return .freeze }
        guard let r = OTIONumber.simplest(scalar) else {
            log.error(p, "time_scalar \(scalar) has no exact fraction with a denominator up to 100000")
            return nil
        }
        return .timeWarp(r)
    }

    /// Markers at the start of their `marked_range`, in the item's own time.
    func markers(_ value: JSONValue, path: String) -> [OTIOMarkerNode] {
        guard let list = value["markers"]?.arrayValue else { return [] }
        return list.enumerated().compactMap { i, marker in
            let p = OTIOPath.index(OTIOPath.member(path, "markers"), i)
            guard checkedSchema(marker, path: p) == "Marker" else { return nil }
            guard let start = times.time(marker["marked_range"]?["start_time"],
                                         path: OTIOPath.member(OTIOPath.member(p, "marked_range"), "start_time")) else {
                return nil
            }
            return OTIOMarkerNode(name: marker["name"]?.stringValue ?? "", time: start, path: p)
        }
    }
}
