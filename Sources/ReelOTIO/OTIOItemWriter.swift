import ReelModel

/// Writes tracks, clips, gaps, transitions and markers as OTIO objects.
struct OTIOItemWriter {
    let composition: Composition
    let facts: [AssetID: MediaFacts]
    let times: OTIOTimeWriter

    func track(_ t: Track) throws(OTIOError) -> JSONValue {
        var children: [JSONValue] = []
        for item in t.items { children.append(try self.item(item, kind: t.kind)) }
        return .object([
            member("OTIO_SCHEMA", .string("Track.1")), member("metadata", .object([])), member("name", .string(t.name ?? "")),
            member("source_range", .null), member("effects", .array([])), member("markers", .array([])),
            member("enabled", .bool(true)), member("children", .array(children)),
            member("kind", .string(t.kind == .video ? "Video" : "Audio")),
        ])
    }

    func item(_ item: TrackItem, kind: Track.Kind) throws(OTIOError) -> JSONValue {
        switch item {
        case .clip(let c): return try clip(c, kind: kind)
        case .gap(let d):
            let range: TimeRange
            do { range = try TimeRange(start: .zero, duration: d) } catch { throw .export("\(error)") }
            return .object(common("Gap.1", name: "", range: try times.range(range), effects: []))
        case .transition(let t): return try transition(t)
        }
    }

    func common(_ schema: String, name: String, metadata: [JSONMember] = [], range: JSONValue,
                effects: [JSONValue]) -> [JSONMember] {
        [member("OTIO_SCHEMA", .string(schema)), member("metadata", .object(metadata)), member("name", .string(name)),
         member("source_range", range), member("effects", .array(effects)), member("markers", .array([])),
         member("enabled", .bool(true))]
    }

    /// The clip's source_range is its timeline length starting at its media start (OTIO applies the
    /// time warp inside the item).
    func clip(_ c: Clip, kind: Track.Kind) throws(OTIOError) -> JSONValue {
        guard let asset = composition.assets[c.asset] else { throw .export("\(c.origin): unknown asset \"\(c.asset)\"") }
        let range: TimeRange
        do { range = try TimeRange(start: c.sourceRange.start, duration: c.timelineDuration()) } catch { throw .export("\(error)") }
        var reel: [JSONMember] = []
        if kind == .video { reel.append(member("audio", .bool(c.audioEnabled))) }
        if c.volume != .one { reel.append(member("volume", .string(c.volume.exactDecimalOrFraction))) }
        var m = common("Clip.2", name: c.name ?? "", metadata: [member("reel", .object(reel))],
                       range: try times.range(range), effects: try effects(c))
        m.append(member("media_references", .object([member("DEFAULT_MEDIA", try reference(asset, kind: kind))])))
        m.append(member("active_media_reference_key", .string("DEFAULT_MEDIA")))
        return .object(m)
    }

    func effects(_ c: Clip) throws(OTIOError) -> [JSONValue] {
        if c.freeze { return [effect("FreezeFrame.1", "FreezeFrame", scalar: "0.0")] }
        guard c.speed != .one else { return [] }
        guard OTIONumber.simplest(c.speed.doubleValue) == c.speed else {
            throw .export("\(c.origin): speed \(c.speed) cannot be written exactly as a time_scalar")
        }
        return [effect("LinearTimeWarp.1", "LinearTimeWarp", scalar: OTIONumber.literal(c.speed.doubleValue))]
    }

    func effect(_ schema: String, _ name: String, scalar: String) -> JSONValue {
        .object([member("OTIO_SCHEMA", .string(schema)), member("metadata", .object([])), member("name", .string("")),
                 member("effect_name", .string(name)), member("time_scalar", .number(scalar))])
    }

    func reference(_ asset: Asset, kind: Track.Kind) throws(OTIOError) -> JSONValue {
        var available = JSONValue.null
        if let f = facts[asset.id] {
            let stream = (kind == .video ? f.video?.duration : f.audio?.duration) ?? .zero
            let length = stream.isZero ? f.duration : stream
            if !length.isZero, let r = try? TimeRange(start: .zero, duration: length) { available = try times.range(r) }
        }
        return .object([
            member("OTIO_SCHEMA", .string("ExternalReference.1")), member("metadata", .object([])),
            member("name", .string(asset.id)), member("available_range", available),
            member("target_url", .string(Self.fileURL(asset.path))),
        ])
    }

    func transition(_ t: Transition) throws(OTIOError) -> JSONValue {
        let dissolve = t.kind == .dissolve
        let metadata: [JSONMember] = dissolve ? [] : [member("reel", .object([member("kind", .string(t.kind.rawValue))]))]
        return .object([
            member("OTIO_SCHEMA", .string("Transition.1")), member("metadata", .object(metadata)), member("name", .string("")),
            member("in_offset", try times.time(t.inOffset)), member("out_offset", try times.time(t.outOffset)),
            member("transition_type", .string(dissolve ? "SMPTE_Dissolve" : "Custom_Transition")),
        ])
    }

    func marker(_ m: Marker) throws(OTIOError) -> JSONValue {
        let range: TimeRange
        do { range = try TimeRange(start: m.time, duration: .zero) } catch { throw .export("\(error)") }
        return .object([
            member("OTIO_SCHEMA", .string("Marker.2")), member("metadata", .object([])), member("name", .string(m.name)),
            member("color", .string("RED")), member("marked_range", try times.range(range)),
        ])
    }

    /// `file://` and the path with every byte outside `A–Z a–z 0–9 - . _ ~ /` percent-encoded.
    static func fileURL(_ path: String) -> String {
        var out = "file://"
        for b in path.utf8 {
            let safe = (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39)
                || [UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/")].contains(b)
            out += safe ? String(UnicodeScalar(b)) : String(format2: b)
        }
        return out
    }
}

extension String {
    /// `%XX` for one byte.
    init(format2 b: UInt8) {
        let hex = String(b, radix: 16, uppercase: true)
        self = "%" + (hex.count == 1 ? "0" + hex : hex)
    }
}
