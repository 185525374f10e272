/// Checks across entries that need the whole document and the media facts: transitions against
/// their neighbours, and source ranges and streams against the probed media.
struct CompositionChecker {
    let document: CompositionDocument
    let facts: [AssetID: MediaFacts]
    let log: DiagnosticLog

    func run() {
        checkTransitionLengths()
        checkTransitionOverlaps()
        checkVideoMedia()
        checkAudioMedia()
        checkRoutes()
    }

    /// A transition may not be longer than either neighbour; the shorter neighbour is named.
    func checkTransitionLengths() {
        for (i, join) in document.joins.enumerated() {
            guard let t = join, let out = document.videos[i], let next = document.videos[i + 1] else { continue }
            let shorter = next.timelineDuration < out.timelineDuration ? next : out
            guard shorter.timelineDuration < t.duration else { continue }
            let between = t.origin == "defaultTransition" ? " between \(out.origin) and \(next.origin)" : ""
            log.add(t.origin, "\(t.duration.diagnosticText) \(t.kind.rawValue)\(between) is longer than clip "
                    + "\(shorter.origin) (\(shorter.timelineDuration.diagnosticText))")
        }
    }

    /// The transitions into and out of one clip must fit in it together (each alone already fits).
    func checkTransitionOverlaps() {
        guard document.videos.count > 2 else { return }
        for i in 1..<(document.videos.count - 1) {
            guard let clip = document.videos[i], let tIn = document.joins[i - 1], let tOut = document.joins[i],
                  tIn.duration <= clip.timelineDuration, tOut.duration <= clip.timelineDuration,
                  let total = try? tIn.duration + tOut.duration, clip.timelineDuration < total else { continue }
            log.add(clip.origin, "\(tIn.origin) (\(tIn.duration.diagnosticText)) and \(tOut.origin) "
                    + "(\(tOut.duration.diagnosticText)) overlap inside this clip: together they take "
                    + "\(total.diagnosticText) but the clip lasts \(clip.timelineDuration.diagnosticText)")
        }
    }

    func checkVideoMedia() {
        for case let v? in document.videos + document.overlays.joined().map(\.video) {
            guard let f = facts[v.asset] else { continue }
            guard let video = f.video else {
                log.add(JSONPath.member(v.origin, "asset"), "\(f.path): asset \"\(v.asset)\" has no video stream")
                continue
            }
            let length = video.duration.isZero ? f.duration : video.duration
            if !checkStill(v, video) {
                checkRange(v.sourceRange, path: JSONPath.member(v.origin, "sourceRange"), asset: v.asset, length: length)
            }
            checkColour(v, f, video)
            if v.audio == true && f.audio == nil {
                log.add(JSONPath.member(v.origin, "audio"), "\(f.path): asset \"\(v.asset)\" has no audio stream")
            }
        }
    }

    func checkAudioMedia() {
        for a in document.audio {
            guard let f = facts[a.asset] else { continue }
            guard let audio = f.audio else {
                log.add(JSONPath.member(a.origin, "asset"), "\(f.path): asset \"\(a.asset)\" has no audio stream")
                continue
            }
            let length = audio.duration.isZero ? f.duration : audio.duration
            checkRange(a.sourceRange, path: JSONPath.member(a.origin, "sourceRange"), asset: a.asset, length: length)
        }
    }

    /// The range (transition handles included: they lie inside the written range) must end within the media.
    func checkRange(_ range: TimeRange, path: String, asset: AssetID, length: RationalTime) {
        guard !length.isZero, length < range.end else { return }   // zero: the file does not say
        log.add(path, "ends at \(range.end.diagnosticText) but asset \"\(asset)\" lasts \(length.diagnosticText)")
    }
}
