import Foundation
import ReelFarm
import ReelRender
import ReelTestSupport
import Testing

/// A segment's audio is committed under its final name before its video is rendered, so a rolling stitcher can encode
/// it while the picture renders (`RollingStitcher.encodeAudioAhead`); the part is still valid only with its manifest.
@Suite struct SegmentAudioFirstTests {
    @Test func theAudioIsThereWhileTheVideoRenders() throws {
        let dir = try TempDir("audio-first")
        defer { dir.remove() }
        let comp = try Rendering.write(IncrementalRenderTests.composition(try SharedClips.shared(), clipCStart: "0"), in: dir)
        let project = try Rendering.project(comp, segmentSeconds: "1")
        let store = PartStore(root: dir("store").path)
        let segment = try #require(project.plan.segments.dropFirst().first)
        let files = store.files(for: segment.contentHash)
        var seen: [(audio: Bool, video: Bool, manifest: Bool)] = []
        _ = try SegmentRenderer(plan: project.plan, store: store).render(segment, progress: { _ in
            let exists = { FileManager.default.fileExists(atPath: $0) }
            seen.append((exists(files.audio), exists(files.video), exists(files.manifest)))
        })
        #expect(seen.count == segment.frames.count)
        #expect(seen.allSatisfy { $0.audio }, "the audio was not at \(files.audio) while the video rendered")
        #expect(!seen.contains { $0.video || $0.manifest }, "the video or the manifest came before the picture was done")
        #expect(store.validManifest(for: segment.contentHash, frames: Int64(segment.frames.count),
                                    samples: Int64(segment.samples.count)) != nil)
    }
}
