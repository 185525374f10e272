import ReelMedia
import ReelModel
import ReelPlan

/// The deep path's open sources of one segment: like `VideoSources`, one decoder per placed clip, opened on first
/// use and closed once a frame no longer shows the clip, each with its `ColorTransform` into the working colour
/// (built once per source, nil when the source is already in it), which the source applies in place to each new
/// picture (`VideoFrameSource.deepConversion`): a still or a frozen frame is converted once, and no picture
/// allocates planes of its own once the first is made.
struct DeepVideoSources {

    let renderer: SegmentRenderer
    let width: Int
    let height: Int
    /// The working colour: the output's.
    let colour: ColorDescription
    private var open: [Int: VideoFrameSource] = [:]
    private var used: Set<Int> = []

    init(renderer: SegmentRenderer, width: Int, height: Int, colour: ColorDescription) {
        self.renderer = renderer
        self.width = width
        self.height = height
        self.colour = colour
    }

    /// The clip's picture at its media time, in the working colour.
    mutating func frame(_ clip: ClipFrame) throws -> DeepFrame {
        used.insert(clip.clip)
        let source = try open[clip.clip] ?? opened(clip)
        open[clip.clip] = source
        return try source.deepFrame(at: clip.mediaTime)
    }

    private func opened(_ clip: ClipFrame) throws -> VideoFrameSource {
        let source = try VideoFrameSource(path: try renderer.path(of: clip.asset), rules: renderer.rules,
                                          width: width, height: height)
        let facts = renderer.plan.options.media[clip.asset]?.video
        // A picture the 8-bit path takes (BT.601 by its tags or the untagged rule, sRGB) is read as that path reads
        // it: its matrix converted, its primaries and transfer taken as BT.709, so a 10-bit or HDR output of it shows
        // what an 8-bit one does.
        var read = try source.colorDescription
        if facts.map(Plan.fitsEightBitPath) ?? false {
            read = ColorDescription(matrix: read.matrix, primaries: .bt709, transfer: .bt709)
        }
        if let transform = ColorTransform.between(read, hdr: facts?.hdr, and: colour) {
            source.deepConversion = { transform.apply(inPlace: &$0) }
        }
        return source
    }

    /// Closes the decoders the last frame did not use.
    mutating func closeUnused() {
        for key in open.keys where !used.contains(key) { open[key] = nil }
        used.removeAll(keepingCapacity: true)
    }
}
