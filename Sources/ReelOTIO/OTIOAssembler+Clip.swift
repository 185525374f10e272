import ReelModel

/// Building a clip on resolved media, with the stream and range checks.
extension OTIOAssembler {
    /// The clip on `asset`. OTIO media time `origin` (the reference's `available_range.start`)
    /// is the file's first frame.
    func clip(_ c: FlatClip, asset: AssetID, facts: MediaFacts, origin: RationalTime, kind: Track.Kind,
              handles: (before: RationalTime, after: RationalTime)) throws -> ClipOutcome {
        let stream = kind == .video ? facts.video?.duration : facts.audio?.duration
        guard let streamLength = stream else {
            return .offline("\"\(facts.path)\" has no \(kind == .video ? "video" : "audio") stream")
        }
        let length = streamLength.isZero ? facts.duration : streamLength
        let start = try c.source.start - origin
        let needStart = c.freeze ? start : try start - handles.before * c.speed
        let needEnd = c.freeze ? try start + (try FrameRate(1, 1000)).frameDuration
                               : try start + c.source.duration + handles.after * c.speed
        if needStart.isNegative || (!length.isZero && needEnd > length) {
            let withHandles = handles.before.isZero && handles.after.isZero ? "" : " (with transition handles)"
            return .offline("plays media frames \(frames(try needStart + origin)) to \(frames(try needEnd + origin))"
                            + "\(withHandles) at \(rate.exactDecimalOrFraction) fps, but \"\(facts.path)\" holds frames "
                            + "\(frames(origin)) to \(frames(try origin + length))")
        }
        let volume = (try? c.info.reel?["volume"].map { try JSONExact.rational($0, path: "") }) ?? nil
        let audio = kind == .audio || c.info.reel?["audio"]?.boolValue == true
        return .clip(Clip(asset: asset, sourceRange: try TimeRange(start: start, duration: c.source.duration),
                          speed: c.speed, volume: volume ?? .one, audioEnabled: audio && facts.audio != nil,
                          freeze: c.freeze, name: c.info.name.isEmpty ? nil : c.info.name, origin: c.info.path))
    }

    /// A time as a frame number at the timeline's rate: "11", or an exact fraction between frames.
    func frames(_ t: RationalTime) -> String {
        guard let f = try? t.rational * rate else { return t.secondsText }
        return f.exactDecimalOrFraction
    }

    /// Clip markers (media time) inside the part the clip plays, placed on the timeline.
    func collectMarkers(of c: FlatClip, at range: TimeRange) throws {
        for m in c.info.markers {
            guard c.source.contains(m.time) || (c.freeze && m.time == c.source.start) else {
                log.warn(m.path, "marker \"\(m.name)\" lies outside the part of \(c.label) that plays; ignored")
                continue
            }
            let offset = c.freeze ? RationalTime.zero : try (m.time - c.source.start) / c.speed
            markers.append(Marker(name: m.name, time: try range.start + offset))
        }
    }
}
