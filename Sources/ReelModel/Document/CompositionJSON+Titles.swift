/// Writing titles and output settings.
extension CompositionJSON {
    static func encodeTitle(_ t: Title) -> JSONValue {
        var m: [JSONMember] = []
        if let text = t.text { m.append(member("text", .string(text))) }
        if let image = t.image { m.append(member("image", .string(image))) }
        if let font = t.font { m.append(member("font", .string(font))) }
        m.append(member("size", .number("\(t.size)")))
        m.append(member("color", .string(hex(t.color))))
        m.append(member("position", point(t.position)))
        m.append(member("timeRange", timeRange(t.timeRange)))
        if !t.opacity.isEmpty { m.append(member("opacity", keyframes(t.opacity, rational))) }
        if !t.positionKeys.isEmpty { m.append(member("positionKeys", keyframes(t.positionKeys, point))) }
        if !t.scale.isEmpty { m.append(member("scale", keyframes(t.scale, rational))) }
        return .object(m)
    }

    static func keyframes<V>(_ keys: KeyframeTrack<V>, _ value: (V) -> JSONValue) -> JSONValue {
        .array(keys.map { .object([member("time", time($0.time)), member("value", value($0.value))]) })
    }

    static func point(_ p: Point) -> JSONValue { .object([member("x", rational(p.x)), member("y", rational(p.y))]) }

    static func hex(_ c: RGBA) -> String {
        let bytes = c.a == 255 ? [c.r, c.g, c.b] : [c.r, c.g, c.b, c.a]
        return "#" + bytes.map { b in
            let s = String(b, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }.joined()
    }

    static func encodeOutput(_ o: OutputSettings) -> JSONValue {
        let video = encodeVideoCodec(o.video)
        let audio = [member("codec", .string(o.audio.codec.rawValue)), member("sampleRate", .number("\(o.audio.sampleRate)")),
                     member("channels", o.audio.channels <= 2 ? .number("\(o.audio.channels)") : .string(o.audio.layout.name)), member("bitrate", .number("\(o.audio.bitrateKbps)"))]
            + (o.audio.sampleFormat == .f32 ? [] : [member("sampleFormat", .string(o.audio.sampleFormat.rawValue))])
            + (o.audio.loudness.map { [member("loudness", encodeLoudness($0))] } ?? [])
        return .object([
            member("width", .number("\(o.width)")), member("height", .number("\(o.height)")),
            member("frameRate", .string(o.frameRate.description)), member("video", .object(video)),
            member("audio", .object(audio)), member("container", .string(o.container.rawValue)),
        ] + encodeColor(o))
    }

    /// Today's H.264 members as before; a new codec's own members only (no rate control or preset for an intra
    /// codec), and `profile`, `bitDepth`, `chroma`, `threads` only when set away from their defaults.
    static func encodeVideoCodec(_ v: VideoCodecSettings) -> [JSONMember] {
        var video = [member("codec", .string(v.codec.rawValue))]
        if !v.codec.isIntraOnly {
            switch v.rateControl {
            case .crf(let crf): video.append(member("crf", .number("\(crf)")))
            case .bitrate(let kbps): video.append(member("bitrate", .number("\(kbps)")))
            case .lossless: video.append(member("lossless", .bool(true)))
            }
            video.append(member("preset", v.codec == .av1 ? .number(v.preset) : .string(v.preset)))
        }
        if let profile = v.profile { video.append(member("profile", .string(profile))) }
        if v.bitDepth != 8 { video.append(member("bitDepth", .number("\(v.bitDepth)"))) }
        if v.chroma != .yuv420 { video.append(member("chroma", .string(v.chroma.rawValue))) }
        if let threads = v.threads { video.append(member("threads", .number("\(threads)"))) }
        return video
    }
}

extension CompositionJSON {
    /// `output.audio.loudness`, every member written (the object itself only when a target is set).
    static func encodeLoudness(_ l: LoudnessTarget) -> JSONValue {
        .object([member("integrated", .string(l.integrated.exactDecimalOrFraction)),
                 member("truePeak", .string(l.truePeak.exactDecimalOrFraction)),
                 member("standard", .string(l.standard.rawValue))])
    }
}
