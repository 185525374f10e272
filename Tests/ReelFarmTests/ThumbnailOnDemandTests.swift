import Foundation
import ReelFarm
import ReelQueue
import ReelRender
import ReelTestSupport
import Testing

/// `SegmentThumbnail.ensure` and `JobPoster.ensure`, as a web view calls them with rows from the queue: parts
/// made before thumbnails existed get one, made with the same compositor; hostile rows get an error and no
/// file, and nothing is ever written or read outside the store's `parts` folder.
@Suite struct ThumbnailOnDemandTests {
    @Test("a part without a thumbnail gets the same JPEG the worker makes; a job without a poster gets one")
    func ensureRendersMissingPictures() throws {
        let (dir, store, job, segments, queue) = try Self.renderedJob("thumbs-ensure")
        defer { dir.remove() }
        let projects = ProjectCache()
        for segment in segments {
            let path = store.files(for: segment.contentHash).thumbnail
            let made = try Data(contentsOf: URL(fileURLWithPath: path))
            try FileManager.default.removeItem(atPath: path)
            #expect(SegmentThumbnail.existing(for: segment, store: store) == nil)
            #expect(try SegmentThumbnail.ensure(for: segment, of: job, store: store, projects: projects) == path)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == made,
                    "segment \(segment.index): the on-demand thumbnail differs from the worker's")
            #expect(try SegmentThumbnail.ensure(for: segment, of: job, store: store, projects: projects) == path)
        }
        let poster = try #require(JobPoster.existing(for: segments, store: store))
        try FileManager.default.removeItem(atPath: poster)
        #expect(try JobPoster.ensure(for: job, segments: segments.reversed(), store: store) == poster)
        let facts = try TestProcess.probe(URL(fileURLWithPath: poster), stream: "v:0", entries: "codec_name,width,height")
        #expect(facts["codec_name"] == "mjpeg" && facts["width"] == "480" && facts["height"] == "270", "\(facts)")
        try ThumbnailTests.keep(poster, as: "on-demand-poster.png")
        _ = queue
    }

    @Test("hostile rows: no path leaves the store, no trap, and the error says what is wrong")
    func hostileRowsStayInsideTheStore() throws {
        let (dir, store, job, segments, _) = try Self.renderedJob("thumbs-hostile")
        defer { dir.remove() }
        let projects = ProjectCache()
        let outside = dir("outside.jpg")
        try Data("secret".utf8).write(to: outside)
        let real = segments[1]
        try FileManager.default.removeItem(atPath: store.files(for: real.contentHash).thumbnail)

        var cases: [(String, Segment)] = []
        for hash in ["../../outside", "../" + real.contentHash, real.contentHash.uppercased(), "", String(repeating: "a", count: 200),
                     real.contentHash + "/..", real.contentHash + ".jpg"] {
            var s = real; s.contentHash = hash; cases.append(("hash \(hash)", s))
        }
        var other = real; other.jobID = job.id + 1; cases.append(("another job's row", other))
        var unknown = real; unknown.contentHash = String(repeating: "ab", count: 32); cases.append(("a hash with no part", unknown))
        var huge = real; huge.frames = Int64.min..<Int64.max; cases.append(("frames Int64.min..<Int64.max", huge))
        var moved = real; moved.index = -1; cases.append(("index -1", moved))
        var far = real; far.index = Int.max; cases.append(("index Int.max", far))
        for (label, segment) in cases {
            #expect(throws: FarmError.self, "\(label)") {
                try SegmentThumbnail.ensure(for: segment, of: job, store: store, projects: projects)
            }
            #expect(SegmentThumbnail.existing(for: segment, store: store) == nil, "\(label)")
        }
        #expect(throws: FarmError.self) { try JobPoster.ensure(for: job, segments: [other], store: store) }
        #expect(throws: FarmError.self) { try JobPoster.ensure(for: job, segments: [], store: store) }
        #expect(try String(contentsOf: outside, encoding: .utf8) == "secret")

        // A link planted where a thumbnail goes is not served, and is replaced, not followed.
        let planted = store.files(for: real.contentHash).thumbnail
        try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: outside.path)
        #expect(SegmentThumbnail.existing(for: real, store: store) == nil)
        let path = try SegmentThumbnail.ensure(for: real, of: job, store: store, projects: projects)
        #expect(path == planted && path.hasPrefix(store.root + "/parts/"))
        #expect(try FileManager.default.destinationOfSymbolicLinkIfAny(atPath: path) == nil)
        #expect(try String(contentsOf: outside, encoding: .utf8) == "secret", "the link was followed")

        // A part folder linked to somewhere outside the store: neither served nor written through.
        let folder = store.files(for: real.contentHash).folder, elsewhere = dir("elsewhere").path
        try FileManager.default.moveItem(atPath: folder, toPath: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: folder, withDestinationPath: elsewhere)
        #expect(SegmentThumbnail.existing(for: real, store: store) == nil, "a thumbnail in a linked part folder was offered")
        #expect(throws: FarmError.self) { try SegmentThumbnail.ensure(for: real, of: job, store: store, projects: projects) }
        var middle = real; middle.index = 2
        #expect(throws: FarmError.self) { try JobPoster.ensure(for: job, segments: [real, middle, real], store: store) }
        try FileManager.default.removeItem(atPath: folder)
        try FileManager.default.moveItem(atPath: elsewhere, toPath: folder)

        let files = try FileManager.default.subpathsOfDirectory(atPath: dir.url.path)
        let strays = files.filter { !$0.hasPrefix("store/") && !["comp.json", "out.mp4", "outside.jpg", "store"].contains($0) }
        #expect(strays.isEmpty, "files written outside the store: \(strays)")
    }
}

extension ThumbnailOnDemandTests {
    /// Renders `ThumbnailTests.composition` locally, then enters it as a job in an in-memory queue, as the
    /// web view finds it in the database: the job and its segment rows.
    static func renderedJob(_ label: String) throws
        -> (TempDir, PartStore, Job, [Segment], InMemorySegmentQueue) {
        let media = try SharedClips.shared()
        let dir = try TempDir(label)
        let store = PartStore(root: dir("store").path)
        let comp = try Rendering.write(ThumbnailTests.composition(media), in: dir)
        let (project, outcome) = try Rendering.render(comp, to: dir("out.mp4"), storage: dir("store"), segmentSeconds: "1")
        try #require(outcome.segmentsRendered == 4)
        let queue = InMemorySegmentQueue()
        let specs = project.plan.segments.map {
            SegmentSpec(index: $0.index, frames: $0.frames, samples: $0.samples, contentHash: $0.contentHash)
        }
        let spec = JobSpec(name: "thumbs", composition: try project.request.encoded(), outputLocation: dir("out.mp4").path,
                           segments: specs)
        let inserted = try queue.jobInsert(JobInsertParams(spec: spec, reuseParts: false))
        return (dir, store, try queue.jobGet(inserted.jobID), try queue.segmentList(jobID: inserted.jobID), queue)
    }
}

extension FileManager {
    /// The target of a symbolic link at `path`, or nil when it is not one.
    func destinationOfSymbolicLinkIfAny(atPath path: String) throws -> String? {
        let type = try attributesOfItem(atPath: path)[.type] as? FileAttributeType
        return type == .typeSymbolicLink ? try destinationOfSymbolicLink(atPath: path) : nil
    }
}
