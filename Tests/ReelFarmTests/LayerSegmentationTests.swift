import Foundation
import ReelFarm
import ReelPlan
import ReelTestSupport
import Testing

/// Segmentation invariance with every layer key (`Compositions.layered`: transform with position,
/// scale, rotation, anchor, crop and the in-out ease, opacity keys, circle and rounded-rect masks, on
/// clips inside a dissolve, a push and a wipe and at speed 2): a lossless render cut into one segment,
/// into 7-frame segments and into 1-second segments gives identical frames, at 30 and 29.97 fps.
@Suite struct LayerSegmentationTests {
    @Test(arguments: [OutputRate.thirty, .ntsc])
    func layeredRendersAreIdenticalWhereverTheTimelineIsCut(_ rate: OutputRate) throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("layer-segmentation")
        defer { dir.remove() }
        let logo = dir("logo.png")
        try Self.makeLogo(logo)
        let composition = try Rendering.write(Compositions.layered(media, rate: rate, watermark: logo), in: dir)
        var hashes: [String: [String]] = [:], boundaries: [String: [Int64]] = [:]
        let seven = "\(7 * rate.fpsDen)/\(rate.fpsNum)"
        for cut in ["whole", seven, "1"] {
            let name = cut.replacingOccurrences(of: "/", with: "_")
            let out = dir("out-\(name).mov")
            let segments: [SegmentPlan]
            if cut == "whole" {
                let project = try Rendering.project(composition, lossless: true, container: "mov")
                segments = try Rendering.renderAsOneSegment(project, to: out, storage: dir("store-\(name)")).segments
            } else {
                let (project, _) = try Rendering.render(composition, to: out, storage: dir("store-\(name)"),
                                                        segmentSeconds: cut, lossless: true)
                segments = project.plan.segments
            }
            boundaries[cut] = segments.map(\.frames.lowerBound)
            hashes[cut] = try Decoded.frameHashes(of: out, scratch: dir.url)
            if cut == "whole" { TestKeep.copy(out, as: "layered-\(rate.fpsNum).mov") }
        }
        #expect(boundaries["whole"] == [0])
        #expect((boundaries[seven]?.count ?? 0) >= 10)
        let reference = try #require(hashes["whole"])
        #expect(Int64(reference.count) == rate.richFrames)
        // The layers change the picture from frame to frame (the comparison means something).
        #expect(Set(reference).count > reference.count / 2)
        for cut in [seven, "1"] {
            let other = try #require(hashes[cut])
            let differing = zip(reference, other).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
            #expect(other.count == reference.count && differing.isEmpty, "\(cut) s: frames \(differing.prefix(10)) differ")
        }
    }

    /// A 64×32 PNG with alpha: a red bar over half-transparent white.
    static func makeLogo(_ url: URL) throws {
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", "color=white@0.5:s=64x32,format=rgba",
                                "-vf", "drawbox=x=8:y=10:w=48:h=12:color=red@1:t=fill", "-frames:v", "1", url.path])
    }

    /// Layer keys are in the segment hash: changing only a key's value changes the hashes of the
    /// segments that show the clip, and leaves the others alone.
    @Test func layerKeysAreInTheContentHash() throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("layer-hash")
        defer { dir.remove() }
        let base = Compositions.layered(media)
        let changed = base.replacingOccurrences(of: #""rotation": "7""#, with: #""rotation": "8""#)
        try #require(changed != base)
        let a = try Rendering.project(try Rendering.write(base, "a.json", in: dir), segmentSeconds: "1", lossless: true,
                                      container: "mov")
        let b = try Rendering.project(try Rendering.write(changed, "b.json", in: dir), segmentSeconds: "1", lossless: true,
                                      container: "mov")
        let ha = a.plan.segments.map(\.contentHash), hb = b.plan.segments.map(\.contentHash)
        #expect(ha.count == hb.count)
        #expect(ha != hb)
        #expect(zip(ha, hb).contains { $0 == $1 }, "segments not showing clip A keep their hash")
    }
}
