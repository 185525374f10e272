import ReelModel

/// A flattened top-level track before its media is resolved.
struct TrackDraft {
    var kind: Track.Kind
    var name: String?
    /// `V1`, `V2`, `A1`: numbered bottom up within each kind.
    var label: String
    var items: [FlatItem]
}

/// Something shown by a title instead of a clip: a MEDIA OFFLINE slate or a generator.
struct StandIn {
    var track: Int
    var range: TimeRange
    var text: String
    var origin: String
}

/// Resolves the media of flattened tracks and builds Reel tracks, listing every clip whose
/// media is missing (by track and index) and the stand-ins shown instead.
final class OTIOAssembler<Prober: MediaProber> {
    let options: OTIOImportOptions
    let resolver: OTIOMediaResolver
    let media: OTIOMediaTable<Prober>
    /// The timeline's frame rate, for messages in frames.
    let rate: Rational
    private(set) var offline: [OfflinePiece] = []
    private(set) var standIns: [StandIn] = []
    /// Per video track, the ranges where it shows something (clips, slates, generators).
    private(set) var coverage: [[TimeRange]] = []
    var markers: [Marker] = []
    let log: OTIOLog

    init(options: OTIOImportOptions, resolver: OTIOMediaResolver, media: OTIOMediaTable<Prober>, rate: Rational, log: OTIOLog) {
        self.options = options
        self.resolver = resolver
        self.media = media
        self.rate = rate
        self.log = log
    }

    enum ClipOutcome {
        case clip(Clip)
        case offline(String)
        case generator(String)
    }

    /// A Reel track from a draft; `videoIndex` is its index among the video tracks.
    func track(_ draft: TrackDraft, videoIndex: Int) throws -> Track {
        var items: [TrackItem] = []
        var covered: [TimeRange] = []
        var cursor = RationalTime.zero
        for (i, item) in draft.items.enumerated() {
            switch item {
            case .gap(let d):
                items.append(.gap(d))
                cursor = try cursor + d
            case .transition(let t):
                items.append(.transition(Transition(kind: t.kind, inOffset: t.inOffset, outOffset: t.outOffset, origin: t.path)))
            case .clip(let c):
                let range = try TimeRange(start: cursor, duration: c.duration())
                let handles = Self.handles(around: i, in: draft.items)
                items.append(try place(c, range: range, kind: draft.kind, handles: handles, videoIndex: videoIndex))
                if draft.kind == .video { covered.append(range) }
                try collectMarkers(of: c, at: range)
                cursor = range.end
            }
        }
        if draft.kind == .video { coverage.append(covered) }
        return Track(kind: draft.kind, items: items, name: draft.name)
    }

    /// The transition offsets a clip must lend: `inOffset` of the one before, `outOffset` of the one after.
    static func handles(around i: Int, in items: [FlatItem]) -> (before: RationalTime, after: RationalTime) {
        var before = RationalTime.zero, after = RationalTime.zero
        if i > 0, case .transition(let t) = items[i - 1] { before = t.inOffset }
        if i + 1 < items.count, case .transition(let t) = items[i + 1] { after = t.outOffset }
        return (before, after)
    }

    func place(_ c: FlatClip, range: TimeRange, kind: Track.Kind,
               handles: (before: RationalTime, after: RationalTime), videoIndex: Int) throws -> TrackItem {
        switch try outcome(c, kind: kind, handles: handles) {
        case .clip(let clip):
            return .clip(clip)
        case .offline(let reason):
            offline.append(OfflinePiece(clip: c.label, path: c.info.path, reason: reason))
            if kind == .video {
                let name = c.info.name.isEmpty ? c.label : c.info.name
                standIns.append(StandIn(track: videoIndex, range: range, text: "MEDIA OFFLINE — \(name)", origin: c.info.path))
            }
        case .generator(let generator):
            log.warn(c.info.path, "\(c.label) is a \(generator) generator; shown as a title naming it")
            if kind == .video {
                let text = c.info.name.isEmpty ? generator : "\(generator) — \(c.info.name)"
                standIns.append(StandIn(track: videoIndex, range: range, text: text, origin: c.info.path))
            }
        }
        return .gap(range.duration)
    }

    func outcome(_ c: FlatClip, kind: Track.Kind, handles: (before: RationalTime, after: RationalTime)) throws -> ClipOutcome {
        switch c.reference {
        case .missing: return .offline("MissingReference (the file names no media)")
        case .unsupported(let schema, _): return .offline("\(schema) media references are not rendered")
        case .generator(let generator, _): return .generator(generator)
        case .external(let url, let name, let available):
            switch resolver.resolve(url) {
            case .notAFile(let u): return .offline("\(u) is not a file URL or path")
            case .notFound(let tried):
                return .offline("no file for \(url) (tried \(tried.map { "\"\($0)\"" }.joined(separator: ", ")))")
            case .found(let path):
                switch media.asset(path: path, preferredID: name) {
                case .failure(let problem): return .offline(problem.message)
                case .success(let (id, facts)):
                    return try clip(c, asset: id, facts: facts, origin: available?.start ?? .zero, kind: kind, handles: handles)
                }
            }
        }
    }
}
