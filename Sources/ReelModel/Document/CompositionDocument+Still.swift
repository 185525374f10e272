/// Still images as clips: a clip of a PNG or JPEG asset gives `duration` instead of `sourceRange`.
extension CompositionDocument {
    /// The clip's range: `sourceRange` as written, or `[0, duration)` for a still image. Exactly one is required.
    static func clipRange(_ f: JSONFields) -> TimeRange? {
        switch (f.has("sourceRange"), f.has("duration")) {
        case (false, false):
            f.log.add(f.path, "missing required key \"sourceRange\" (or \"duration\" for a still image)")
            return nil
        case (true, true):
            f.log.add(f.path, "give either \"sourceRange\" or \"duration\" (for a still image), not both")
            return nil
        case (true, false):
            return f.timeRange("sourceRange")
        case (false, true):
            guard let d = f.time("duration") else { return nil }
            guard !d.isNegative && !d.isZero else {
                f.log.add(f.path("duration"), "must be positive, got \(d.diagnosticText)")
                return nil
            }
            return try? TimeRange(start: .zero, duration: d)
        }
    }
}

extension CompositionChecker {
    /// A still image takes `duration`, no `speed`, and is at most `maxStillPixels`; a video takes no `duration`.
    /// - Returns: true when the asset is a still image (its range is then not checked against a media length).
    func checkStill(_ v: CompositionDocument.VideoEntry, _ video: MediaFacts.Video) -> Bool {
        guard video.isStill else {
            if v.still {
                log.add(JSONPath.member(v.origin, "duration"), "asset \"\(v.asset)\" is a video, not a still image; "
                        + "give \"sourceRange\"")
            }
            return false
        }
        if !v.still {
            log.add(JSONPath.member(v.origin, "sourceRange"), "asset \"\(v.asset)\" is a still image; give \"duration\" "
                    + "instead of \"sourceRange\"")
        }
        if v.speedGiven {
            log.add(JSONPath.member(v.origin, "speed"), "asset \"\(v.asset)\" is a still image, which has no speed")
        }
        if video.width <= 0 || video.height <= 0 {
            log.add(JSONPath.member(v.origin, "asset"), "still image \"\(v.asset)\" has no picture FFmpeg can read "
                    + "(its size is unknown)")
        } else if video.width * video.height > CompositionLimits.maxStillPixels {
            log.add(JSONPath.member(v.origin, "asset"), "still image \"\(v.asset)\" is \(video.width)×\(video.height) "
                    + "pixels; at most 8192×8192 (\(CompositionLimits.maxStillPixels) pixels) are allowed")
        }
        return true
    }
}
