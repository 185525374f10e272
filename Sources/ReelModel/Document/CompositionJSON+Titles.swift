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
        var video = [member("codec", .string(o.video.codec))]
        switch o.video.rateControl {
        case .crf(let crf): video.append(member("crf", .number("\(crf)")))
        case .bitrate(let kbps): video.append(member("bitrate", .number("\(kbps)")))
        case .lossless: video.append(member("lossless", .bool(true)))
        }
        video.append(member("preset", .string(o.video.preset)))
        let audio = [member("codec", .string(o.audio.codec.rawValue)), member("sampleRate", .number("\(o.audio.sampleRate)")),
                     member("channels", o.audio.channels <= 2 ? .number("\(o.audio.channels)") : .string(o.audio.layout.name)), member("bitrate", .number("\(o.audio.bitrateKbps)"))]
            + (o.audio.sampleFormat == .f32 ? [] : [member("sampleFormat", .string(o.audio.sampleFormat.rawValue))])
        return .object([
            member("width", .number("\(o.width)")), member("height", .number("\(o.height)")),
            member("frameRate", .string(o.frameRate.description)), member("video", .object(video)),
            member("audio", .object(audio)), member("container", .string(o.container.rawValue)),
        ])
    }
}
