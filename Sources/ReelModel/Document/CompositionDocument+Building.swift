/// Mapping the document onto the internal `Composition`.
///
/// The A/B timeline becomes ONE video track. A transition of length `T` between videos[i] and
/// videos[i+1] becomes `Transition(inOffset: 0, outOffset: T)`: the outgoing clip's track range is
/// its written range shortened by `T · speed` at its end (the cut-off part is the handle the
/// transition borrows), and the incoming clip starts at its written start. So clip i+1 starts on
/// the timeline at `cursor + d_i − T_i`, exactly as AVFoundation's cursor arithmetic.
extension CompositionDocument {
    /// - Throws: `ModelError` when exact arithmetic overflows or an entry was not decoded
    ///   (never the case once validation reported no problem).
    func makeComposition(facts: [AssetID: MediaFacts]) throws -> Composition {
        var items: [TrackItem] = []
        for (i, entry) in videos.enumerated() {
            guard let v = entry else { throw ModelError.invalidTime(path: JSONPath.index("videos", i), message: "not decoded") }
            let join = i < joins.count ? joins[i] : nil
            items.append(.clip(try makeClip(v, trimmedBy: join?.duration ?? .zero, facts: facts[v.asset])))
            if let t = join {
                items.append(.transition(Transition(kind: t.kind, inOffset: .zero, outOffset: t.duration, origin: t.origin)))
            }
        }
        let (width, height) = resolvedSize(facts: facts)
        var settings = OutputSettings(width: width, height: height, frameRate: output.frameRate, video: output.video,
                                      audio: output.audio, container: output.container)
        settings.mask = output.mask
        settings.background = output.background
        settings.color = output.color
        settings.hdrMetadata = output.hdr
        var composition = Composition(
            assets: Dictionary(uniqueKeysWithValues: assets.map { ($0.id, Asset(id: $0.id, path: $0.path)) }),
            videoTracks: [Track(kind: .video, items: items, name: "videos")] + (try makeOverlayTracks(facts: facts)),
            audioItems: audio.map(makeAudioItem), titles: titles, output: settings)
        composition.watermark = watermark
        return composition
    }

    /// The track clip: the written range minus the outgoing transition's handle. The clip's audio
    /// plays unless `audio: false` or the asset has no audio stream.
    func makeClip(_ v: VideoEntry, trimmedBy t: RationalTime, facts: MediaFacts?) throws -> Clip {
        let handle = try t * v.speed
        let range = try TimeRange(start: v.sourceRange.start, duration: v.sourceRange.duration - handle)
        let hasAudio = facts.map { $0.audio != nil } ?? true
        // A still image shows its one picture for the whole clip: a frozen clip without audio.
        let still = facts?.video?.isStill ?? false
        var clip = Clip(asset: v.asset, sourceRange: range, speed: v.speed, volume: v.volume,
                        audioEnabled: (v.audio ?? true) && hasAudio && !still, freeze: still, name: v.name, origin: v.origin)
        clip.layer = v.layer
        clip.route = v.route
        return clip
    }

    func makeAudioItem(_ a: AudioEntry) -> AudioItem {
        var item = AudioItem(role: a.role, asset: a.asset, sourceRange: a.sourceRange, at: a.at, loop: a.loop,
                             volume: a.volume, automation: a.automation, ducking: a.ducking, origin: a.origin)
        item.route = a.route
        return item
    }

    /// The output size; "highest" is the largest video used by a clip (by area, after rotation),
    /// rounded down to even dimensions, or 1280x720 when no clip's video was probed.
    func resolvedSize(facts: [AssetID: MediaFacts]) -> (Int, Int) {
        guard case .highest = output.size else {
            if case .fixed(let w, let h) = output.size { return (w, h) }
            return (1280, 720)
        }
        var best: (Int, Int)?
        for case let v? in videos {
            guard let video = facts[v.asset]?.video else { continue }
            let turned = video.rotation % 180 != 0
            let size = turned ? (video.height, video.width) : (video.width, video.height)
            if size.0 * size.1 > (best.map { $0.0 * $0.1 } ?? 0) { best = size }
        }
        guard let (w, h) = best, w >= 2, h >= 2 else { return (1280, 720) }
        return (w & ~1, h & ~1)
    }
}
