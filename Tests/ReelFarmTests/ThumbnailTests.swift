import Foundation
import ReelFarm
import ReelMedia
import ReelPlan
import ReelQueue
import ReelRender
import ReelTestSupport
import Testing

/// Segment thumbnails and job posters: JPEGs beside the parts, written by the worker from the frame it just
/// encoded, by the stitcher from the middle part, or on demand. Each is decoded with the ffmpeg CLI.
@Suite struct ThumbnailTests {
    /// Four clips of 1 s at 320x180 in 1-second segments: each segment opens on a different clip.
    static func composition(_ media: SharedClips) -> String {
        """
        {
          \(Rendering.assets([("a", media.clips[0]), ("b", media.clips[1]), ("c", media.clips[2]), ("d", media.clips[3])])),
          "videos": [
            \(Rendering.clip("a", duration: "1")), \(Rendering.clip("b", duration: "1")),
            \(Rendering.clip("c", duration: "1")), \(Rendering.clip("d", duration: "1"))
          ],
          \(Rendering.output(width: 320, height: 180))
        }
        """
    }

    @Test("a local render writes every segment's first frame as a 160-px JPEG of its colours, and a poster; a second render reuses parts and keeps them")
    func localRenderWritesThumbnails() throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("thumbs")
        defer { dir.remove() }
        let store = PartStore(root: dir("store").path)
        let comp = try Rendering.write(Self.composition(media), in: dir)
        let (project, outcome) = try Rendering.render(comp, to: dir("first.mp4"), storage: dir("store"), segmentSeconds: "1")
        let segments = project.plan.segments
        try #require(segments.count == 4 && outcome.segmentsRendered == 4)

        let renderer = SegmentRenderer(plan: project.plan, store: store)
        var references: [[UInt8]] = []
        for segment in segments {
            let png = dir("first-\(segment.index).png").path
            try PNGImage.encode(try renderer.picture(atFrame: segment.frames.lowerBound), to: png)
            references.append(try Self.rgb(png, scale: "160:90", dir: dir))
            if segment.index < 2 { try Self.keep(png, as: "local-segment\(segment.index)-reference.png") }
        }
        for segment in segments {
            let jpeg = store.files(for: segment.contentHash).thumbnail
            let facts = try TestProcess.probe(URL(fileURLWithPath: jpeg), stream: "v:0", entries: "codec_name,width,height")
            #expect(facts["codec_name"] == "mjpeg" && facts["width"] == "160" && facts["height"] == "90", "\(jpeg): \(facts)")
            let pixels = try Self.rgb(jpeg, dir: dir)
            let own = Self.meanDifference(pixels, references[segment.index])
            let others = references.indices.filter { $0 != segment.index }.map { Self.meanDifference(pixels, references[$0]) }
            #expect(own < 4, "segment \(segment.index)'s thumbnail differs from its first frame by \(own)")
            #expect(others.allSatisfy { $0 > 3 * own + 10 }, "the check cannot tell segments apart: \(others)")
            if segment.index < 2 { try Self.keep(jpeg, as: "local-segment\(segment.index)-thumbnail.png") }
        }

        let middle = segments[2]
        let poster = store.files(for: middle.contentHash).poster
        let posterFacts = try TestProcess.probe(URL(fileURLWithPath: poster), stream: "v:0", entries: "width,height")
        #expect(posterFacts["width"] == "480" && posterFacts["height"] == "270", "\(posterFacts)")
        let posterDifference = Self.meanDifference(try Self.rgb(poster, scale: "160:90", dir: dir), references[2])
        #expect(posterDifference < 4, "the poster differs from the middle segment's first frame by \(posterDifference)")
        try Self.keep(poster, as: "local-poster.png")

        let before = try segments.map { try Self.identity(store.files(for: $0.contentHash).thumbnail) }
        let (_, again) = try Rendering.render(comp, to: dir("second.mp4"), storage: dir("store"), segmentSeconds: "1")
        #expect(again.segmentsReused == 4 && again.segmentsRendered == 0)
        let after = try segments.map { try Self.identity(store.files(for: $0.contentHash).thumbnail) }
        #expect(before == after, "reused parts' thumbnails were rewritten")
    }

    @Test("a thumbnail that cannot be written is reported; the segment, its part and the render stand")
    func thumbnailFailureDoesNotFailTheSegment() throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("thumbs-fail")
        defer { dir.remove() }
        let store = PartStore(root: dir("store").path)
        let project = try Rendering.project(try Rendering.write(Self.composition(media), in: dir), segmentSeconds: "1",
                                            container: "mp4")
        let blocked = project.plan.segments[1]
        // A non-empty folder where the thumbnail goes: the rename over it fails, as root too.
        let jpeg = store.files(for: blocked.contentHash).thumbnail
        try FileManager.default.createDirectory(atPath: jpeg, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: jpeg + "/occupied"))

        let reports = Reports()
        let render = LocalRender(project: project, options: .init(workers: 2, store: store, output: dir("out.mp4").path))
        let outcome = try render.run(stop: StopSignal(), events: { event in
            if case let .thumbnailFailed(_, segment, message) = event { reports.add(segment, message) }
        })
        #expect(outcome.segmentsRendered == 4 && outcome.report.frames == 120)
        let failed = reports.all
        #expect(failed.count == 1 && failed.first?.0 == 1, "reports: \(failed)")
        #expect(failed.first?.1.contains(jpeg) == true, "the report names the file: \(failed)")
        for segment in project.plan.segments {
            #expect(store.validManifest(for: segment.contentHash, frames: Int64(segment.frames.count),
                                        samples: Int64(segment.samples.count)) != nil, "segment \(segment.index)'s part")
            #expect(segment.index == 1 || FileManager.default.fileExists(atPath: store.files(for: segment.contentHash).thumbnail))
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: store.files(for: blocked.contentHash).folder)
            .filter { $0.contains(".tmp") }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    }
}

extension ThumbnailTests {
    /// Thumbnail failures reported by worker threads.
    final class Reports: Sendable {
        private let items = Mutex<[(Int?, String)]>([])
        func add(_ segment: Int?, _ message: String) { items.withLock { $0.append((segment, message)) } }
        var all: [(Int?, String)] { items.withLock { $0 } }
    }

    /// A picture decoded by the ffmpeg CLI as packed RGB24, scaled when `scale` is given.
    static func rgb(_ path: String, scale: String? = nil, dir: TempDir) throws -> [UInt8] {
        let raw = dir("decoded-\(UUID().uuidString.prefix(8)).rgb")
        try TestProcess.ffmpeg(["-i", path] + (scale.map { ["-vf", "scale=\($0)"] } ?? [])
                               + ["-f", "rawvideo", "-pix_fmt", "rgb24", raw.path])
        return [UInt8](try Data(contentsOf: raw))
    }

    /// The mean absolute difference per channel sample of two RGB24 pictures of one size (∞ when they differ).
    static func meanDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return .infinity }
        let total = zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        return Double(total) / Double(a.count)
    }

    /// Inode, modification time and bytes: the same file, never rewritten.
    static func identity(_ path: String) throws -> String {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        return "\(attributes[.systemFileNumber] ?? 0) \(attributes[.modificationDate] ?? 0) \(bytes.hashValue)"
    }

    /// Converts a picture to PNG in the REEL_TEST_KEEP folder, for a person to look at, when the switch is on.
    static func keep(_ path: String, as name: String) throws {
        guard let folder = TestKeep.folder else { return }
        try TestProcess.ffmpeg(["-i", path, folder.appendingPathComponent(name).path])
    }
}

import Synchronization
