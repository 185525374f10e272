import ReelModel

/// The steps from a decoded timeline to a composition: flatten, align, resolve, titles, markers.
struct OTIOTimelineBuilder<Prober: MediaProber> {
    let timeline: OTIOTimeline
    let reel: OTIOReelSettings
    let log: OTIOLog
    let options: OTIOImportOptions
    let baseDirectory: String
    let prober: Prober

    func build() throws -> OTIOImport {
        var drafts = try flatten()
        guard !log.hasErrors else { throw OTIOError.invalid(log.errors) }
        let lead = leadingFade(drafts)
        if lead > .zero {
            drafts = drafts.map { var d = $0; d.items.insert(.gap(lead), at: 0); return d }
            log.warn("", "a transition first in a track fades in from nothing: the timeline starts "
                     + "\(lead.secondsText) before its first clip")
        }
        try padVideo(&drafts)
        let output = try outputSettings()
        let assembler = OTIOAssembler(options: options, resolver: OTIOMediaResolver(baseDirectory: baseDirectory, options: options),
                                      media: OTIOMediaTable(prober: prober, reserved: reel.assets.mapValues(\.path)),
                                      rate: output.frameRate.rational, log: log)
        var video: [Track] = [], audio: [Track] = []
        for d in drafts {
            if d.kind == .video { video.append(try assembler.track(d, videoIndex: video.count)) } else { audio.append(try assembler.track(d, videoIndex: -1)) }
        }
        guard assembler.offline.isEmpty || options.offlineSlates else { throw OTIOError.missingMedia(assembler.offline) }
        if !assembler.offline.isEmpty {
            log.warn("", "\(assembler.offline.count) clip(s) rendered as MEDIA OFFLINE slates (video) or silence (audio):\n"
                     + assembler.offline.map { "  \($0)" }.joined(separator: "\n"))
        }
        let slates = try OTIOStandIns.titles(assembler.standIns, coverage: assembler.coverage, output: output)
        let markers = try (assembler.markers + containerMarkers(drafts: drafts, lead: lead)).sorted { $0.time < $1.time }
        let composition = Composition(assets: assembler.media.assets.merging(reel.assets) { a, _ in a },
                                      videoTracks: video, audioTracks: audio, audioItems: reel.audioItems,
                                      titles: reel.titles + slates, markers: markers.filter { !$0.time.isNegative },
                                      output: output)
        return OTIOImport(composition: composition, facts: assembler.media.facts.merging(reel.facts) { a, _ in a },
                          warnings: log.warnings, offline: assembler.offline, titleFiles: reel.titleFiles)
    }

    /// One draft per top-level track, bottom to top, each seen through the top stack's own trim.
    func flatten() throws -> [TrackDraft] {
        let flattener = OTIOFlattener(log: log)
        var drafts: [TrackDraft] = []
        var counts: [Track.Kind: Int] = [:]
        for (i, node) in timeline.tracks.enumerated() {
            guard case .track(let info, let kind, let children) = node else {
                log.error(OTIOPath.index("tracks.children", i), "the timeline's stack must hold tracks")
                continue
            }
            counts[kind, default: 0] += 1
            let label = "\(kind == .video ? "V" : "A")\(counts[kind]!)"
            var items = try flattener.track(info, children: children, label: label)
            if timeline.stack.sourceRange != nil || !timeline.stack.effects.isEmpty {
                items = try flattener.applying(timeline.stack, to: items, label: label)
            }
            drafts.append(TrackDraft(kind: kind, name: info.name.isEmpty ? nil : info.name, label: label, items: items))
        }
        return drafts
    }

    /// OTIO's timeline lasts as long as its longest track; Reel's lasts as long as its video. When
    /// an audio track runs longer, the longest video track gets a trailing gap to match.
    func padVideo(_ drafts: inout [TrackDraft]) throws {
        let lengths = try drafts.map { try $0.items.totalDuration() }
        let video = drafts.indices.filter { drafts[$0].kind == .video }
        guard let longest = video.max(by: { lengths[$0] < lengths[$1] }) else { return }
        let audio = drafts.indices.filter { drafts[$0].kind == .audio }.map { lengths[$0] }.max() ?? .zero
        if audio > lengths[longest] { drafts[longest].items.append(.gap(try audio - lengths[longest])) }
    }

    /// The longest `in_offset` of a transition that is the first item of a track.
    func leadingFade(_ drafts: [TrackDraft]) -> RationalTime {
        drafts.reduce(RationalTime.zero) { lead, d in
            guard case .transition(let t)? = d.items.first else { return lead }
            return max(lead, t.inOffset)
        }
    }

    /// Output settings: `metadata.reel.output` when given, else 1280x720 and the JSON defaults; the
    /// frame rate is the timeline's (global_start_time's rate, else the first rate in the file).
    func outputSettings() throws -> OutputSettings {
        var output = reel.output ?? OutputSettings(width: 1280, height: 720, frameRate: CompositionFormat.defaultFrameRate)
        guard !reel.frameRateGiven else { return output }
        let rate = timeline.rate ?? log.firstRate ?? Rational.unit(24)
        guard let n = Int32(exactly: rate.numerator), let d = Int32(exactly: rate.denominator), rate <= Rational.unit(240),
              let fps = try? FrameRate(n, d) else {
            throw OTIOError.invalid([Diagnostic(path: "global_start_time.rate", message: "the timeline's rate "
                + "\(rate.exactDecimalOrFraction) cannot be an output frame rate (at most 240 fps); set metadata.reel.output.frameRate")])
        }
        output.frameRate = fps
        return output
    }

    /// Markers on the top stack (timeline time) and on top-level tracks (track time).
    func containerMarkers(drafts: [TrackDraft], lead: RationalTime) throws -> [Marker] {
        var out: [Marker] = []
        let stackStart = timeline.stack.sourceRange?.start ?? .zero
        for m in timeline.stack.markers { out.append(Marker(name: m.name, time: try (try m.time - stackStart) + lead)) }
        for node in timeline.tracks {
            guard case .track(let info, _, _) = node else { continue }
            let start = info.sourceRange?.start ?? .zero
            for m in info.markers { out.append(Marker(name: m.name, time: try (try m.time - start) + lead)) }
        }
        return out
    }
}
