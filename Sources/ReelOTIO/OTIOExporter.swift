import ReelModel

/// Writes a `Composition` as an OTIO timeline (`reel export-otio`).
///
/// - Video and audio tracks become `Track.1`s of `Clip.2` (one `ExternalReference.1` named by the
///   asset id, `target_url` a file URL), `Gap.1` and `Transition.1` (`SMPTE_Dissolve`; push and
///   wipe as `Custom_Transition` with `metadata.reel.kind`).
/// - Speed becomes a `LinearTimeWarp.1`, a frozen clip a `FreezeFrame.1`; clip volume and whether
///   a video clip's audio plays go in the clip's `metadata.reel`.
/// - Output settings, titles, voice-overs and music go in the timeline's `metadata.reel`, in the
///   composition format's own form; markers become `Marker.2`s on the top stack.
/// Importing the result gives back the same composition (origins aside).
public enum OTIOExporter {
    /// - Parameters:
    ///   - composition: what to write.
    ///   - facts: probed media, for each reference's `available_range` (left out when unknown).
    ///   - name: the timeline's name.
    /// - Returns: pretty-printed OTIO JSON as UTF-8.
    /// - Throws: `OTIOError.export` naming what cannot be written exactly.
    public static func export(_ composition: Composition, facts: [AssetID: MediaFacts] = [:],
                              name: String = "") throws(OTIOError) -> [UInt8] {
        Array((try exportValue(composition, facts: facts, name: name).serialized(pretty: true) + "\n").utf8)
    }

    /// The timeline as a `JSONValue`.
    public static func exportValue(_ c: Composition, facts: [AssetID: MediaFacts] = [:],
                                   name: String = "") throws(OTIOError) -> JSONValue {
        try refuseLayerKeys(c)
        let writer = OTIOItemWriter(composition: c, facts: facts, times: OTIOTimeWriter(preferred: c.output.frameRate.rational))
        var tracks: [JSONValue] = []
        for track in c.videoTracks + c.audioTracks { tracks.append(try writer.track(track)) }
        let markers = try c.markers.map { m throws(OTIOError) in try writer.marker(m) }
        let stack = JSONValue.object([
            member("OTIO_SCHEMA", .string("Stack.1")), member("metadata", .object([])), member("name", .string("tracks")),
            member("source_range", .null), member("effects", .array([])), member("markers", .array(markers)),
            member("enabled", .bool(true)), member("children", .array(tracks)),
        ])
        return .object([
            member("OTIO_SCHEMA", .string("Timeline.1")),
            member("metadata", .object([member("reel", try reelMetadata(c))])),
            member("name", .string(name)),
            member("global_start_time", try writer.times.time(.zero)),
            member("tracks", stack),
        ])
    }

    /// Output, titles, voice-overs, music and their assets, as the composition format writes them.
    static func reelMetadata(_ c: Composition) throws(OTIOError) -> JSONValue {
        var meta = c
        meta.videoTracks = [Track(kind: .video, items: [])]
        meta.audioTracks = []
        meta.markers = []
        let used = Set(c.audioItems.map(\.asset))
        meta.assets = c.assets.filter { used.contains($0.key) }
        let encoded: JSONValue
        do { encoded = try CompositionJSON.encodeValue(meta) } catch { throw .export("\(error)") }
        let keep = ["output", "titles", "voiceOvers", "music"] + (used.isEmpty ? [] : ["assets"])
        return .object((encoded.objectMembers ?? []).filter { keep.contains($0.key) })
    }
}
