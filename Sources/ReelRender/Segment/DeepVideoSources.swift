import ReelMedia
import ReelModel
import ReelPlan

/// The deep path's open sources of one segment: like `VideoSources`, one decoder per placed clip, opened on first
/// use and closed once a frame no longer shows the clip, each with its `ColorTransform` into the working colour
/// (built once per source, nil when the source is already in it).
struct DeepVideoSources {
    private struct Open {
        let source: VideoFrameSource
        let transform: ColorTransform?
        /// The last decoded picture and its converted form: a still or a frozen frame is converted once.
        var last: (decoded: DeepFrame, converted: DeepFrame)?
    }

    let renderer: SegmentRenderer
    let width: Int
    let height: Int
    /// The working colour: the output's.
    let colour: ColorDescription
    private var open: [Int: Open] = [:]
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
        var entry = try open[clip.clip] ?? opened(clip)
        let decoded = try entry.source.deepFrame(at: clip.mediaTime)
        guard let transform = entry.transform else {
            open[clip.clip] = entry
            return decoded
        }
        // The source caches its picture, so an unchanged one is the same storage and compares at once.
        if let last = entry.last, last.decoded == decoded { open[clip.clip] = entry; return last.converted }
        let converted = transform.apply(decoded)
        entry.last = (decoded, converted)
        open[clip.clip] = entry
        return converted
    }

    private func opened(_ clip: ClipFrame) throws -> Open {
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
        let transform = ColorTransform.between(read, hdr: facts?.hdr, and: colour)
        return Open(source: source, transform: transform)
    }

    /// Closes the decoders the last frame did not use.
    mutating func closeUnused() {
        for key in open.keys where !used.contains(key) { open[key] = nil }
        used.removeAll(keepingCapacity: true)
    }
}
