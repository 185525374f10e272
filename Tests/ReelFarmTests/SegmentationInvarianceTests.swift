import Foundation
import ReelFarm
import ReelPlan
import ReelTestSupport
import Testing

/// "Segmentation invariance": in lossless mode the same composition cut into one segment, into
/// 7-frame segments and into 1-second segments gives identical frames (per-frame MD5) and identical
/// audio samples (float32, bit for bit), at 30 fps / 48 kHz and at 29.97 fps / 44.1 kHz. The composition has a dissolve, a push and a wipe, a clip at
/// speed 2, a voice-over, music with volume automation and ducking under the voice-over, and a title.
@Suite struct SegmentationInvarianceTests {
    @Test(arguments: [OutputRate.thirty, .ntsc])
    func losslessRendersAreIdenticalWhereverTheTimelineIsCut(_ rate: OutputRate) throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("segmentation")
        defer { dir.remove() }
        let composition = try Rendering.write(Compositions.rich(media, rate: rate), in: dir)
        var hashes: [String: [String]] = [:], audio: [String: [Float]] = [:], boundaries: [String: [Int64]] = [:]
        // 7 frames: 7/30 s at 30 fps, 7007/30000 s at 29.97.
        let seven = "\(7 * rate.fpsDen)/\(rate.fpsNum)"
        for cut in ["whole", seven, "1"] {
            let name = cut.replacingOccurrences(of: "/", with: "_")
            let out = dir("out-\(name).mov")
            let segments: [SegmentPlan]
            if cut == "whole" {
                let project = try Rendering.project(composition, lossless: true, container: "mov")
                segments = try Rendering.renderAsOneSegment(project, to: out, storage: dir("store-\(name)")).segments
            } else {
                let (project, outcome) = try Rendering.render(composition, to: out, storage: dir("store-\(name)"),
                                                              segmentSeconds: cut, lossless: true)
                segments = project.plan.segments
                #expect(outcome.segmentsRendered == segments.count && outcome.segmentsReused == 0)
            }
            boundaries[cut] = segments.map(\.frames.lowerBound)
            hashes[cut] = try Decoded.frameHashes(of: out, scratch: dir.url)
            audio[cut] = try Decoded.samples(of: out, scratch: dir.url)
        }
        // The cuts really differ: one segment; many short ones (7 frames aimed at, transitions are never split);
        // one-second ones.
        #expect(boundaries["whole"] == [0])
        let short = try #require(boundaries[seven])
        #expect(short.count >= 10, "\(seven) s gave only \(short.count) segments")
        #expect((boundaries["1"]?.count ?? 0) >= 5)
        #expect(Set(short) != Set(boundaries["1"] ?? []))

        let reference = try #require(hashes["whole"])
        #expect(Int64(reference.count) == rate.richFrames)
        for cut in [seven, "1"] {
            let other = try #require(hashes[cut])
            let differing = zip(reference, other).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
            #expect(other.count == reference.count && differing.isEmpty, "\(cut) s: frames \(differing.prefix(10)) differ")
            let samples = try #require(audio[cut])
            #expect(samples.count == audio["whole"]?.count)
            let firstDiff = zip(samples, audio["whole"] ?? []).enumerated().first { $0.element.0.bitPattern != $0.element.1.bitPattern }?.offset
            #expect(firstDiff == nil, "\(cut) s: audio differs first at interleaved sample \(firstDiff ?? -1)")
        }
        // The mix is not silent (the comparison means something).
        #expect((audio["whole"] ?? []).contains { abs($0) > 0.1 })
    }
}
