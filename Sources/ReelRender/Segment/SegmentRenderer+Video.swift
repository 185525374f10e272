import Foundation
import ReelMedia
import ReelModel
import ReelPlan

extension SegmentRenderer {
    /// Encodes frames `segment.frames` into the video part at `path`, on the deep path when the plan says so
    /// (`Plan.isDeep`, SegmentRenderer+Deep), else on the 8-bit BT.709 path.
    /// - Returns: the first frame's picture (nil for an empty segment), kept for the part's thumbnail.
    func renderVideo(_ segment: SegmentPlan, to path: String, isCanceled: () -> Bool,
                     progress: (Int64) -> Void) throws -> PlanarFrame? {
        if plan.isDeep { return try renderDeepVideo(segment, to: path, isCanceled: isCanceled, progress: progress) }
        let output = plan.composition.output
        let writer = try VideoPartWriter(path: path, settings: output)
        var sources = VideoSources(renderer: self, width: output.width, height: output.height)
        var frame = PlanarFrame(width: output.width, height: output.height)
        var first: PlanarFrame? = nil
        for f in segment.frames {
            if isCanceled() { throw RenderError.canceled }
            try composeFrame(f, sources: &sources, into: &frame)
            if first == nil { first = frame }
            try writer.append(frame)
            progress(f - segment.frames.lowerBound + 1)
        }
        try writer.finish()
        return first
    }

    /// The finished picture of timeline frame `f`: layers composited, titles drawn on top.
    /// This is the single definition of a frame's pixels; thumbnails call it too.
    func composeFrame(_ f: Int64, sources: inout VideoSources, into frame: inout PlanarFrame) throws {
        try composePicture(f, colour: .bt709, source: { clip in try sources.frame(clip) }, into: &frame)
        sources.closeUnused()
    }

    /// Frame `f` on pictures of type `P`, each clip's picture read through `source`: the one pipeline
    /// behind both paths. The 8-bit path passes decoded `PlanarFrame`s in BT.709; the deep path passes
    /// `DeepFrame`s already in the working colour `colour` (which rasters, titles and the output mask's
    /// background are converted to).
    func composePicture<P: PlanarPicture>(_ f: Int64, colour: ColorDescription, source: (ClipFrame) throws -> P,
                                          into frame: inout P) throws {
        let layers = try plan.frameLayers(frame: f)
        let t = try plan.clock.time(ofFrame: f)
        var compositorLayers: [CompositorLayer<P>] = []
        compositorLayers.reserveCapacity(layers.count)
        for layer in layers {
            switch layer.content {
            case .clip(let clip):
                compositorLayers.append(try clipLayer(clip, try source(clip), at: t))
            case let .transition(_, kind, progress, outgoing, incoming):
                func side(_ c: ClipFrame) throws -> P { try transitionSide(c, try source(c), at: t) }
                compositorLayers.append(.transition(kind: kind, outgoing: try outgoing.map(side),
                                                    incoming: try incoming.map(side), progress: progress))
            }
        }
        Compositor.compositeAny(compositorLayers, into: &frame)
        try drawTitles(atFrame: f, colour: colour, onto: &frame)
        maskOutput(&frame, colour: colour)
        try drawWatermark(at: t, colour: colour, onto: &frame)
    }

    func drawTitles<P: PlanarPicture>(atFrame f: Int64, colour: ColorDescription, onto frame: inout P) throws {
        let t = try plan.clock.time(ofFrame: f)
        for (index, title) in plan.composition.titles.enumerated() where title.timeRange.contains(t) {
            let image = try titleImage(index, title)
            try titles.drawPicture(title, image: image, at: t - title.timeRange.start, colour: colour, onto: &frame)
        }
    }

    func titleImage(_ index: Int, _ title: Title) throws -> RGBAImage? {
        guard let path = title.image else { return nil }
        if let cached = titleImages[index] { return cached }
        reading?(path)
        let image = try PNGImage.decode(path: path, rules: rules)
        titleImages[index] = image
        return image
    }
}

/// The open video decoders of one segment, one per placed clip, opened on first use and closed as
/// soon as a frame no longer shows their clip (a placed clip is shown over one contiguous range).
struct VideoSources {
    let renderer: SegmentRenderer
    let width: Int
    let height: Int
    private var open: [Int: VideoFrameSource] = [:]
    private var used: Set<Int> = []

    init(renderer: SegmentRenderer, width: Int, height: Int) {
        self.renderer = renderer
        self.width = width
        self.height = height
    }

    mutating func frame(_ clip: ClipFrame) throws -> PlanarFrame {
        used.insert(clip.clip)
        if let source = open[clip.clip] { return try source.frame(at: clip.mediaTime) }
        let source = try VideoFrameSource(path: try renderer.path(of: clip.asset), rules: renderer.rules,
                                          width: width, height: height)
        open[clip.clip] = source
        return try source.frame(at: clip.mediaTime)
    }

    /// Closes the decoders the last frame did not use.
    mutating func closeUnused() {
        for key in open.keys where !used.contains(key) { open[key] = nil }
        used.removeAll(keepingCapacity: true)
    }
}
