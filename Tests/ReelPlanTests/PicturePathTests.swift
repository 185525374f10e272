import ReelModel
import Testing
@testable import ReelPlan

/// Which picture path renders a plan (`Plan.usesDeepPath`): the 8-bit path for 8-bit BT.709 sources into an
/// 8-bit 4:2:0 SDR output, the deep path otherwise; and the path enters the content hash only when deep.
@Suite struct PicturePathTests {
    static func facts(bitDepth: Int = 8, color: ColorDescription = .bt709, still: Bool = false) -> MediaFacts {
        let video = MediaFacts.Video(codec: still ? "png" : "hevc", width: 640, height: 360, frameRate: try! FrameRate(30),
                                     duration: tm(10), isStill: still, bitDepth: bitDepth, color: color)
        return MediaFacts(path: "/media/a.mp4", duration: tm(10), video: video, audio: nil, fileSize: 1,
                          modificationTime: 1)
    }

    static func plan(_ a: MediaFacts?, output change: (inout OutputSettings) -> Void = { _ in }) throws -> Plan {
        var output = makeOutput()
        change(&output)
        let comp = makeComposition([.clip(makeClip("a", from: tm(0), length: tm(2)))], output: output)
        return try Plan(composition: comp, options: PlanOptions(media: a.map { ["a": $0] } ?? [:]))
    }

    static func hash(_ plan: Plan) throws -> String { try #require(plan.segments.first?.contentHash) }

    @Test func eightBitSourcesIntoSDRKeepTheEightBitPath() throws {
        #expect(try !Self.plan(nil).isDeep)
        #expect(try !Self.plan(Self.facts()).isDeep)
        var fullRange = ColorDescription.bt709
        fullRange.range = .full
        #expect(try !Self.plan(Self.facts(color: fullRange, still: true)).isDeep, "a full-range JPEG is BT.709")
        let sd = ColorDescription(matrix: .bt601, primaries: .bt601_525, transfer: .bt709)
        #expect(try !Self.plan(Self.facts(color: sd)).isDeep, "an untagged SD picture (BT.601) keeps the 8-bit path")
    }

    @Test func deepSourcesOrOutputsTakeTheDeepPath() throws {
        let sdr2020 = ColorDescription(matrix: .bt2020ncl, primaries: .bt2020, transfer: .bt709)
        let p3 = ColorDescription(matrix: .bt709, primaries: .displayP3, transfer: .bt709)
        for facts in [Self.facts(bitDepth: 10), Self.facts(color: .hlg), Self.facts(color: sdr2020), Self.facts(color: p3),
                      Self.facts(bitDepth: 16, still: true)] {
            #expect(try Self.plan(facts).isDeep, "source \(facts.video?.bitDepth ?? 0)-bit \(facts.video?.color.label ?? "")")
        }
        let outputs: [(String, (inout OutputSettings) -> Void)] = [
            ("hevc 10-bit", { $0.video.codec = .hevc; $0.video.bitDepth = 10 }),
            ("h264 4:4:4", { $0.video.chroma = .yuv444 }),
            ("prores", { $0.video.codec = .prores }),
            ("hlg", { $0.video.codec = .hevc; $0.video.bitDepth = 10; $0.color = .hlg }),
        ]
        for (name, change) in outputs { #expect(try Self.plan(Self.facts(), output: change).isDeep, "\(name)") }
    }

    /// Parts of the two paths never mix: the same composition and output, an 8-bit or an HLG source, hashes
    /// differently (the output settings alone are equal).
    @Test func theDeepPathEntersTheHash() throws {
        let eight = try Self.hash(Self.plan(Self.facts()))
        #expect(try Self.hash(Self.plan(Self.facts(color: .hlg))) != eight)
        #expect(try Self.hash(Self.plan(Self.facts(bitDepth: 10))) != eight)
    }
}
