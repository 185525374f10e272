import Foundation
import ReelFarm
import ReelModel
import ReelPlan
import ReelRecords
import ReelRender
import ReelTestSupport

/// Writing compositions (docs/composition.md) and rendering them through the library.
enum Rendering {
    /// Writes `json` as `name` in `dir` and returns its URL.
    static func write(_ json: String, _ name: String = "comp.json", in dir: TempDir) throws -> URL {
        let url = dir(name)
        try Data(json.utf8).write(to: url)
        return url
    }

    /// Loads, plans and renders a composition file with `LocalRender`, as `reel render` does.
    /// - Parameters:
    ///   - output: its extension picks the container (`.mov` with `lossless`).
    ///   - storage: the part store's root (reuse across renders when shared).
    ///   - range: `--range A..B` (`RenderRequest.range`).
    static func render(_ composition: URL, to output: URL, storage: URL, segmentSeconds: String? = nil,
                       lossless: Bool = false, workers: Int = 2, range: String? = nil) throws -> (Project, LocalRender.Outcome) {
        let project = try Self.project(composition, segmentSeconds: segmentSeconds, lossless: lossless,
                                       container: output.pathExtension, range: range)
        let render = LocalRender(project: project, options: .init(workers: workers, store: PartStore(root: storage.path),
                                                                  output: output.path))
        return (project, try render.run(stop: StopSignal(), events: { _ in }))
    }

    /// Renders `project` as a single segment, whatever its length: the planner keeps a minimum segment
    /// length of at most 2 s and may cut at any strong anchor above it, so no `--segment-seconds` is
    /// sure to give one segment. Replans with minimum = target = 10 min and drives the same
    /// `SegmentRenderer` and `Stitcher` a worker does.
    /// - Returns: the one-segment plan.
    static func renderAsOneSegment(_ project: Project, to output: URL, storage: URL) throws -> Plan {
        try renderOneSegment(project, to: output, storage: storage).plan
    }

    /// `renderAsOneSegment`, with the stitcher's report.
    static func renderOneSegment(_ project: Project, to output: URL, storage: URL) throws -> (plan: Plan, report: StitchReport) {
        var options = project.plan.options
        options.segmentSeconds = try Rational(600)
        options.minimumSegmentSeconds = try Rational(600)
        let plan = try Plan(composition: project.composition, options: options)
        guard plan.segments.count == 1, let segment = plan.segments.first else {
            throw TestFailure("replanned into \(plan.segments.count) segments, not 1")
        }
        let store = PartStore(root: storage.path)
        _ = try SegmentRenderer(plan: plan, store: store).render(segment)
        let part = StitchPart(segmentIndex: 0, startFrame: 0, frames: Int64(segment.frames.count),
                              samples: Int64(segment.samples.count), files: store.files(for: segment.contentHash))
        let report = try Stitcher.stitch(parts: [part], output: plan.composition.output, totalFrames: plan.totalFrames,
                                         totalSamples: plan.totalSamples, to: output.path)
        return (plan, report)
    }

    static func project(_ composition: URL, segmentSeconds: String? = nil, lossless: Bool = false,
                        container: String? = nil, range: String? = nil) throws -> Project {
        var request = try RenderRequest.reading(composition.path, segmentSeconds: segmentSeconds, lossless: lossless)
        request.container = container
        request.range = range
        return try Project(request)
    }

    /// A clip entry of `videos`.
    static func clip(_ asset: String, start: String = "0", duration: String, speed: String? = nil,
                     extra: String = "") -> String {
        let speedKey = speed.map { #", "speed": "\#($0)""# } ?? ""
        return #"{ "asset": "\#(asset)", "sourceRange": { "start": "\#(start)", "duration": "\#(duration)" }\#(speedKey)\#(extra) }"#
    }

    /// A transition entry.
    static func transition(_ type: String, _ duration: String) -> String {
        #"{ "type": "\#(type)", "duration": "\#(duration)" }"#
    }

    /// `"assets": {…}` from (id, path) pairs.
    static func assets(_ pairs: [(String, URL)]) -> String {
        "\"assets\": {" + pairs.map { "\"\($0.0)\": \"\($0.1.path)\"" }.joined(separator: ", ") + "}"
    }

    /// An `output` object.
    static func output(width: Int, height: Int, fps: String = "30", extra: String = "") -> String {
        #""output": { "width": \#(width), "height": \#(height), "frameRate": "\#(fps)", "video": { "codec": "h264", "crf": 18, "preset": "veryfast" }\#(extra) }"#
    }
}
