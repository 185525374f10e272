/// The seam checks on how parts tile the output, in one place: each part starts where the previous one
/// ended, and together they hold the plan's frames and samples. `Stitcher.stitch` runs them over every part
/// before it writes anything (`check(_:totalFrames:totalSamples:)`); `RollingStitcher` part by part as it
/// appends (`checkNext`, `add`), and on the totals when it finishes (`checkTotals`). Both say the same thing
/// the same way, naming the segment.
public struct StitchTiling: Sendable, Equatable {
    /// Frames and samples of the parts added so far.
    public private(set) var frames: Int64 = 0
    public private(set) var samples: Int64 = 0
    /// Parts added so far.
    public private(set) var parts = 0
    private var first: Int?
    private var last: Int?

    public init() {}

    /// Checks that `part` starts where the parts so far end.
    /// - Throws: `RenderError.seam` naming the part's segment.
    public func checkNext(_ part: StitchPart) throws(RenderError) {
        guard part.startFrame == frames else {
            throw .seam(segment: part.segmentIndex,
                        message: "starts at frame \(part.startFrame) but the previous part ended at \(frames)")
        }
    }

    /// Counts `part` as written (after `checkNext`).
    public mutating func add(_ part: StitchPart) {
        frames += part.frames
        samples += part.samples
        parts += 1
        first = first ?? part.segmentIndex
        last = part.segmentIndex
    }

    /// Checks that the parts so far hold exactly `totalFrames` frames and `totalSamples` samples.
    /// - Throws: `RenderError.emptyPlan` when no part was added; `RenderError.seam` naming the last segment (frames)
    ///   or the first (samples).
    public func checkTotals(totalFrames: Int64, totalSamples: Int64) throws(RenderError) {
        guard let first, let last else { throw RenderError.emptyPlan }
        guard frames == totalFrames else {
            throw .seam(segment: last, message: "parts end at frame \(frames) but the plan has \(totalFrames) frames")
        }
        guard samples == totalSamples else {
            throw .seam(segment: first, message: "parts hold \(samples) samples but S(\(totalFrames)) = \(totalSamples)")
        }
    }

    /// Every check over a whole list of parts, in timeline order.
    public static func check(_ parts: [StitchPart], totalFrames: Int64, totalSamples: Int64) throws(RenderError) {
        var tiling = StitchTiling()
        for part in parts {
            try tiling.checkNext(part)
            tiling.add(part)
        }
        try tiling.checkTotals(totalFrames: totalFrames, totalSamples: totalSamples)
    }
}
