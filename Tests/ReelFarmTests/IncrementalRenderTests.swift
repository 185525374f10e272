import Foundation
import ReelFarm
import ReelTestSupport
import Testing

/// "Incremental re-render": render, change one clip's trim (same duration, later start), render again
/// into the same part store. Only the segments that show the edited clip are rendered again; every
/// other part is reused, and the frames outside the edit are the same as before.
@Suite struct IncrementalRenderTests {
    static func composition(_ media: SharedClips, clipCStart: String) -> String {
        """
        {
          \(Rendering.assets([("a", media.clips[0]), ("b", media.clips[1]), ("c", media.clips[2]), ("d", media.clips[3])])),
          "videos": [
            \(Rendering.clip("a", duration: "2")), \(Rendering.clip("b", duration: "2")),
            \(Rendering.clip("c", start: clipCStart, duration: "2")), \(Rendering.clip("d", duration: "2"))
          ],
          \(Rendering.output(width: 160, height: 90))
        }
        """
    }

    @Test func editingOneTrimRerendersOnlyTheAffectedSegments() throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("incremental")
        defer { dir.remove() }
        let store = dir("store")
        let first = dir("first.mov"), second = dir("second.mov")
        let (before, outcome1) = try Rendering.render(try Rendering.write(Self.composition(media, clipCStart: "0"), in: dir),
                                                      to: first, storage: store, segmentSeconds: "1", lossless: true)
        #expect(outcome1.segmentsRendered == before.plan.segments.count && outcome1.segmentsReused == 0)

        let (after, outcome2) = try Rendering.render(try Rendering.write(Self.composition(media, clipCStart: "0.5"), in: dir),
                                                     to: second, storage: store, segmentSeconds: "1", lossless: true)
        // Clip c is shown over frames [120, 180).
        let edited: Range<Int64> = 120..<180
        let affected = after.plan.segments.filter { $0.frames.overlaps(edited) }
        let changedHashes = Set(after.plan.segments.map(\.contentHash)).subtracting(before.plan.segments.map(\.contentHash))
        #expect(after.plan.segments.count >= 4)
        #expect(outcome2.segmentsRendered == affected.count)
        #expect(outcome2.segmentsRendered == changedHashes.count)
        #expect(outcome2.segmentsReused == after.plan.segments.count - affected.count)
        #expect(affected.count < after.plan.segments.count / 2)

        let hashes1 = try Decoded.frameHashes(of: first, scratch: dir.url)
        let hashes2 = try Decoded.frameHashes(of: second, scratch: dir.url)
        try #require(hashes1.count == 240 && hashes2.count == 240)
        let changed = (0..<240).filter { hashes1[$0] != hashes2[$0] }
        #expect(!changed.isEmpty && changed.allSatisfy { edited.contains(Int64($0)) }, "changed frames \(changed)")
    }
}
