/// The bounds on titles: text, keyframes, position, scale and the size of the raster they need.
extension CompositionLimits {
    static func checkTitle(_ title: Title, log: DiagnosticLog) {
        let text = title.text ?? ""
        let scalars = text.unicodeScalars.count
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if scalars > maxTitleCharacters {
            log.add(JSONPath.member(title.origin, "text"),
                    "is \(scalars) characters long; a title may have at most \(maxTitleCharacters)")
        }
        if lines.count > maxTitleLines {
            log.add(JSONPath.member(title.origin, "text"),
                    "has \(lines.count) lines; a title may have at most \(maxTitleLines)")
        }
        checkKeyframeCounts(title, log: log)
        checkPositions(title, log: log)
        guard let scale = checkScales(title, log: log) else { return }
        checkRaster(title, lines: lines, scale: scale, log: log)
    }

    static func checkKeyframeCounts(_ title: Title, log: DiagnosticLog) {
        let lists = [("opacity", title.opacity.count), ("positionKeys", title.positionKeys.count),
                     ("scale", title.scale.count)]
        for (key, count) in lists {
            if let problem = keyframeCountProblem(count) { log.add(JSONPath.member(title.origin, key), problem) }
        }
    }

    static func checkPositions(_ title: Title, log: DiagnosticLog) {
        let points = [(JSONPath.member(title.origin, "position"), title.position)]
            + title.positionKeys.enumerated().map { i, key in
                (JSONPath.member(JSONPath.index(JSONPath.member(title.origin, "positionKeys"), i), "value"), key.value)
            }
        let low = Rational(unchecked: -maxPositionMagnitude.numerator, maxPositionMagnitude.denominator)
        for (path, point) in points {
            for (axis, value) in [("x", point.x), ("y", point.y)] where value < low || maxPositionMagnitude < value {
                log.add(JSONPath.member(path, axis), "must be between -10 and 10 (0 to 1 spans the frame), "
                        + "got \(value.exactDecimalOrFraction)")
            }
        }
    }

    /// The largest scale the title reaches, or nil when a scale keyframe is out of bounds.
    static func checkScales(_ title: Title, log: DiagnosticLog) -> Rational? {
        var valid = true
        for (i, key) in title.scale.enumerated() {
            if maxTitleScale < key.value || key.value.isNegative || key.value.isZero {
                let path = JSONPath.member(JSONPath.index(JSONPath.member(title.origin, "scale"), i), "value")
                log.add(path, "must be above 0 and at most 20, got \(key.value.exactDecimalOrFraction)")
                valid = false
            }
        }
        return valid ? (title.scale.map(\.value).max() ?? .one) : nil
    }

    /// The text's pixel size at its largest scale, and an upper estimate of its raster (an em per
    /// character on the longest line, 1.5 em per line), against the renderer's limits.
    static func checkRaster(_ title: Title, lines: [Substring], scale: Rational, log: DiagnosticLog) {
        guard title.text != nil else { return }
        let em = (Int64(title.size) * scale.numerator + scale.denominator - 1) / scale.denominator
        if em > Int64(maxTitlePixelSize) {
            log.add(JSONPath.member(title.origin, "size"), "size \(title.size) at scale \(scale.exactDecimalOrFraction) "
                    + "is \(em) pixels; size × scale may be at most \(maxTitlePixelSize)")
            return
        }
        let longest = Int64(lines.map(\.unicodeScalars.count).max() ?? 0)
        let width = longest * em, height = (Int64(lines.count) * em * 3 + 1) / 2
        guard width * height > Int64(maxTitleRasterPixels) else { return }
        log.add(JSONPath.member(title.origin, "text"), "at size \(title.size) and scale \(scale.exactDecimalOrFraction) "
                + "the title needs about \(width) × \(height) pixels; a title may cover at most 4096 × 4096: "
                + "shorten the lines or lower the size or scale")
    }
}
