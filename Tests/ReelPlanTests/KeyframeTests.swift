import ReelModel
import Testing
@testable import ReelPlan

/// With probed keyframe lists, boundaries inside a long clip land on source keyframes, so each
/// segment starts decoding exactly where it starts showing.
@Suite struct KeyframeTests {
    func makeFacts(keyframes: [RationalTime]) -> MediaFacts {
        MediaFacts(path: "/media/a.mp4", duration: tm(120),
                   video: .init(codec: "h264", width: 640, height: 360, frameRate: try! FrameRate(30), duration: tm(120),
                                keyframes: keyframes),
                   audio: nil, fileSize: 1234, modificationTime: 99)
    }

    @Test func boundariesInsideALongClipFallOnKeyframes() throws {
        let keys = (0..<60).map { tm(Int64($0) * 21 + 1, 10) }   // 0.1, 2.2, 4.3, … s
        var options = PlanOptions()
        options.media = ["a": makeFacts(keyframes: keys)]
        let p = try Plan(composition: makeComposition([.clip(makeClip("a", from: tm(1, 2), length: tm(60), audio: false))]),
                         options: options)
        #expect(p.segments.count >= 4)
        for s in p.segments.dropFirst() {
            let media = try p.clips[0].mediaTime(at: s.timeRange.start)
            #expect(keys.contains(media), "segment \(s.index) starts at media \(media)")
            #expect(s.decode.first?.readFrom == media)
        }
        #expect(p.segments[0].decode.first?.readFrom == tm(1, 10))   // the keyframe before 0.5 s
    }

    @Test func fingerprintsEnterTheHash() throws {
        let comp = makeComposition([.clip(makeClip("a", from: tm(1), length: tm(5)))])
        var options = PlanOptions()
        options.media = ["a": makeFacts(keyframes: [])]
        let known = try Plan(composition: comp, options: options)
        options.media["a"]?.modificationTime = 100
        let touched = try Plan(composition: comp, options: options)
        #expect(known.segments[0].contentHash != touched.segments[0].contentHash)
        #expect(known.identity(of: "a") == "/media/a.mp4|1234|99")
    }
}
