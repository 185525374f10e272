/// The bounds every composition must keep, whatever format it came in (composition JSON or OTIO).
///
/// A render farm runs compositions written by people it does not know. Each bound keeps the work and
/// memory of one segment proportional to its frames: a speed of 10⁹ would read 10⁹ source frames per
/// output frame, a 0.001 s music loop would plan a thousand loops per second of audio, a title at
/// scale 500 would allocate gigabytes. The renderer clamps as well, but validation names the JSON path.
public enum CompositionLimits {
    /// Clip speed: from 1/100 (a hundredfold slow-down) to 100 (a hundredfold speed-up).
    public static let speed: ClosedRange<Rational> = Rational(unchecked: 1, 100)...Rational(unchecked: 100, 1)
    /// Clip, voice-over and music volume, and automation levels: at most 100 (+40 dB).
    public static let maxVolume = Rational(unchecked: 100, 1)
    /// Title scale keyframes: above 0 and at most 20.
    public static let maxTitleScale = Rational(unchecked: 20, 1)
    /// Title anchor coordinates (normalised; 0…1 is the frame): within ±10.
    public static let maxPositionMagnitude = Rational(unchecked: 10, 1)
    /// Title text: at most this many Unicode scalars, and at most `maxTitleLines` lines.
    public static let maxTitleCharacters = 1000
    public static let maxTitleLines = 50
    /// Title text size × the largest scale, in pixels per em.
    public static let maxTitlePixelSize = 4096
    /// The largest title raster, in pixels (4096 × 4096); estimated here, enforced again by the renderer.
    public static let maxTitleRasterPixels = 4096 * 4096
    /// Keyframes in one list, and volume ramps on one item.
    public static let maxKeyframes = 10_000
    /// The largest still image a clip may show, in pixels (8192 × 8192), so a PNG header cannot make a worker
    /// allocate gigabytes.
    public static let maxStillPixels = 8192 * 8192
    /// A looping audio item's period (its source range): at least 1/10 s.
    public static let minLoopPeriod = RationalTime(unchecked: 1, 10)
    /// The timeline: at most 100 hours.
    public static let maxTimeline = RationalTime.seconds(100 * 3600)
    /// Clips, gaps and transitions over all tracks.
    public static let maxTrackItems = 200_000

    /// Every bound the composition breaks, each with the JSON path of the offending value
    /// (built from the items' `origin`, so OTIO paths come out as OTIO paths).
    public static func check(_ composition: Composition) -> [Diagnostic] {
        let log = DiagnosticLog()
        var items = 0
        for track in composition.videoTracks + composition.audioTracks {
            items += track.items.count
            checkTrack(track, log: log)
        }
        if items > maxTrackItems {
            log.add("", "the composition has \(items) clips, gaps and transitions; at most \(maxTrackItems) are allowed")
        }
        composition.audioItems.forEach { checkAudioItem($0, log: log) }
        composition.titles.forEach { checkTitle($0, log: log) }
        return log.items
    }

    static func checkTrack(_ track: Track, log: DiagnosticLog) {
        var length = RationalTime.zero
        var path = ""
        for item in track.items {
            switch item {
            case .clip(let clip):
                checkClip(clip, log: log)
                path = clip.origin
                length = (try? length + ((try? clip.timelineDuration()) ?? maxTimeline)) ?? maxTimeline
            case .gap(let duration):
                length = (try? length + duration) ?? maxTimeline
            case .transition:
                break
            }
            guard length <= maxTimeline else {
                log.add(path, "the \(track.kind.rawValue) track runs past \(maxTimeline.diagnosticText) "
                        + "(100 hours) here; a timeline may last at most 100 hours")
                return
            }
        }
    }

    static func checkClip(_ clip: Clip, log: DiagnosticLog) {
        if !clip.freeze && !speed.contains(clip.speed) {
            log.add(JSONPath.member(clip.origin, "speed"), "must be between 0.01 and 100, "
                    + "got \(clip.speed.exactDecimalOrFraction)")
        }
        checkVolume(clip.volume, path: JSONPath.member(clip.origin, "volume"), log: log)
    }

    static func checkAudioItem(_ item: AudioItem, log: DiagnosticLog) {
        checkVolume(item.volume, path: JSONPath.member(item.origin, "volume"), log: log)
        if item.loop && item.sourceRange.duration < minLoopPeriod {
            log.add(JSONPath.member(item.origin, "sourceRange"), "a looping item repeats its source range, which must "
                    + "last at least \(minLoopPeriod.diagnosticText), got \(item.sourceRange.duration.diagnosticText)")
        }
        if item.automation.count > maxKeyframes {
            log.add(JSONPath.member(item.origin, "volumeAutomation"),
                    "has \(item.automation.count) ramps; at most \(maxKeyframes) are allowed")
        }
        for (i, ramp) in item.automation.enumerated() {
            let base = JSONPath.index(JSONPath.member(item.origin, "volumeAutomation"), i)
            checkVolume(ramp.from, path: JSONPath.member(base, "from"), log: log)
            checkVolume(ramp.to, path: JSONPath.member(base, "to"), log: log)
        }
    }

    static func checkVolume(_ volume: Rational, path: String, log: DiagnosticLog) {
        guard maxVolume < volume else { return }
        log.add(path, "must be at most 100 (+40 dB), got \(volume.exactDecimalOrFraction)")
    }

    /// The problem with a keyframe track of `count` keys, or nil when it is within `maxKeyframes`.
    static func keyframeCountProblem(_ count: Int) -> String? {
        count > maxKeyframes ? "has \(count) keyframes; at most \(maxKeyframes) are allowed" : nil
    }
}
