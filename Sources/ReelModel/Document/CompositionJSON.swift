/// Writes a `Composition` back in the user-facing JSON format, canonically: assets sorted by id,
/// times as exact strings ("2.5" or "1001/30000"), defaults left out except output settings.
///
/// Only compositions the format can express are written: one video track of clips joined by
/// transitions with `inOffset == 0` (the AVFoundation overlap), no gaps, frozen clips, audio
/// tracks, markers or `loopUntil`. Decoding the result gives back an equal composition.
public enum CompositionJSON {
    /// - Returns: pretty-printed JSON text as UTF-8.
    /// - Throws: `ModelError.invalidTime(path:message:)` naming the first part that cannot be expressed.
    public static func encode(_ composition: Composition) throws(ModelError) -> [UInt8] {
        Array((try encodeValue(composition).serialized(pretty: true) + "\n").utf8)
    }

    /// The composition as a `JSONValue`, for callers that embed it.
    public static func encodeValue(_ c: Composition) throws(ModelError) -> JSONValue {
        guard c.videoTracks.count == 1, c.audioTracks.isEmpty, c.markers.isEmpty else {
            throw unsupported("", "only one video track, no audio tracks and no markers can be written")
        }
        var root: [JSONMember] = []
        let assets = c.assets.values.sorted { $0.id < $1.id }
        root.append(member("assets", .object(assets.map { JSONMember(key: $0.id, value: .string($0.path)) })))
        let (videos, transitions) = try encodeTrack(c.videoTracks[0])
        root.append(member("videos", .array(videos)))
        if !transitions.isEmpty { root.append(member("transitions", .array(transitions))) }
        let voiceOvers = c.audioItems.filter { $0.role == .voiceOver }
        let music = c.audioItems.filter { $0.role == .music }
        if !voiceOvers.isEmpty { root.append(member("voiceOvers", .array(try voiceOvers.map(encodeAudio)))) }
        if music.count == 1 { root.append(member("music", try encodeAudio(music[0]))) }
        if music.count > 1 { root.append(member("music", .array(try music.map(encodeAudio)))) }
        if !c.titles.isEmpty { root.append(member("titles", .array(c.titles.map(encodeTitle)))) }
        root.append(member("output", encodeOutput(c.output)))
        return .object(root)
    }

    /// Clips and the transitions between them; each clip's range gets back the handle its outgoing transition borrows.
    static func encodeTrack(_ track: Track) throws(ModelError) -> ([JSONValue], [JSONValue]) {
        var clips: [(Clip, Transition?)] = []
        for item in track.items {
            switch item {
            case .clip(let clip):
                guard !clip.freeze else { throw unsupported(clip.origin, "a frozen clip cannot be written") }
                guard clips.last.map({ $0.1 != nil }) ?? true else {
                    throw unsupported(clip.origin, "two clips without a transition entry between them")
                }
                clips.append((clip, nil))
            case .transition(let t):
                guard let last = clips.last, last.1 == nil, t.inOffset.isZero else {
                    throw unsupported(t.origin, "only transitions with inOffset 0 that follow a clip can be written")
                }
                clips[clips.count - 1].1 = t
            case .gap:
                throw unsupported("", "a gap cannot be written")
            }
        }
        let videos = try clips.map { clip, t throws(ModelError) in try encodeClip(clip, handle: t?.outOffset ?? .zero) }
        let transitions: [JSONValue] = clips.dropLast().map { _, t in
            guard let t, !t.outOffset.isZero else { return .object([member("type", .string("cut"))]) }
            return .object([member("type", .string(t.kind.rawValue)), member("duration", time(t.outOffset))])
        }
        return (videos, transitions)
    }

    static func encodeClip(_ clip: Clip, handle: RationalTime) throws(ModelError) -> JSONValue {
        guard clip.layer.isEmpty else { throw unsupported(clip.origin, "transform, opacity and mask cannot be written yet") }
        let range: TimeRange
        do {
            range = try TimeRange(start: clip.sourceRange.start, duration: clip.sourceRange.duration + handle * clip.speed)
        } catch {
            throw unsupported(clip.origin, "its range with the transition handle overflows")
        }
        var m = [member("asset", .string(clip.asset)), member("sourceRange", timeRange(range))]
        if clip.speed != .one { m.append(member("speed", rational(clip.speed))) }
        if !clip.audioEnabled { m.append(member("audio", .bool(false))) }
        if clip.volume != .one { m.append(member("volume", rational(clip.volume))) }
        if let name = clip.name { m.append(member("name", .string(name))) }
        if let route = clip.route { m.append(member("route", encodeRoute(route))) }
        return .object(m)
    }

    static func encodeAudio(_ a: AudioItem) throws(ModelError) -> JSONValue {
        guard a.loopUntil == nil else { throw unsupported(a.origin, "loopUntil cannot be written") }
        var m = [member("asset", .string(a.asset)), member("sourceRange", timeRange(a.sourceRange))]
        if a.role == .voiceOver || !a.at.isZero { m.append(member("at", time(a.at))) }
        if a.loop { m.append(member("loop", .bool(true))) }
        if a.volume != .one { m.append(member("volume", rational(a.volume))) }
        if !a.automation.isEmpty {
            m.append(member("volumeAutomation", .array(a.automation.map { r in
                .object([member("from", rational(r.from)), member("to", rational(r.to)),
                         member("timeRange", timeRange(r.timeRange))])
            })))
        }
        if let d = a.ducking { m.append(member("ducking", encodeDucking(d))) }
        if let route = a.route { m.append(member("route", encodeRoute(route))) }
        return .object(m)
    }

    static func unsupported(_ path: String, _ why: String) -> ModelError {
        .invalidTime(path: path, message: "cannot be written in the composition format: \(why)")
    }

    static func member(_ key: String, _ value: JSONValue) -> JSONMember { JSONMember(key: key, value: value) }

    static func time(_ t: RationalTime) -> JSONValue { .string(t.rational.exactDecimalOrFraction) }

    static func rational(_ r: Rational) -> JSONValue { .string(r.exactDecimalOrFraction) }

    static func timeRange(_ r: TimeRange) -> JSONValue {
        .object([member("start", time(r.start)), member("duration", time(r.duration))])
    }
}
