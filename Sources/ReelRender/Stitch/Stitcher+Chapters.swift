import ReelMedia
import ReelModel

extension Stitcher {
    /// The chapter marks for an output that holds the timeline's `[outputStart, outputStart + outputDuration)`.
    ///
    /// Each marker becomes a chapter starting at its time, shifted by `outputStart`, and running to the
    /// next chapter (the last to the end of the output). Markers outside the output are dropped, and of
    /// several markers at one time only the first (in `markers` order) is kept, so no chapter is empty.
    /// - Throws: `ModelError.overflow` when a time does not fit.
    public static func chapters(from markers: [Marker], outputStart: RationalTime,
                                outputDuration: RationalTime) throws -> [Chapter] {
        var starts: [(title: String, time: RationalTime)] = []
        for marker in markers {
            let time = try marker.time - outputStart
            guard !time.isNegative, time < outputDuration else { continue }
            starts.append((marker.name, time))
        }
        // A stable sort keeps the first of equal times first.
        starts = starts.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
        var chapters: [Chapter] = []
        for (k, start) in starts.enumerated() where k == 0 || starts[k - 1].time < start.time {
            chapters.append(Chapter(title: start.title, start: start.time, end: outputDuration))
            if chapters.count > 1 { chapters[chapters.count - 2].end = start.time }
        }
        return chapters
    }
}
