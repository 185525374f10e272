import ReelModel
import Testing
@testable import ReelPlan

/// Both picture paths read an untagged SD source as BT.601, as the untagged rule and `reel probe` say; before,
/// they read it as BT.709. The segments that read such a source (or, on the deep path, any BT.601 source the
/// 8-bit path would take) hash apart from the parts made the old way, and every other segment keeps its hash.
/// The pinned values are the hashes before the change (7c905dc).
@Suite struct SourceMatrixHashTests {
    static func facts(width: Int = 640, height: Int = 480, pixelFormat: String = "yuv420p",
                      tags: ColorTags = ColorTags()) -> MediaFacts {
        let video = MediaFacts.Video(codec: pixelFormat.hasPrefix("yuv") ? "h264" : "png", width: width, height: height,
                                     frameRate: try! FrameRate(25), duration: tm(10), pixelFormat: pixelFormat,
                                     colorTags: tags)
        return MediaFacts(path: "/media/a.mp4", duration: tm(10), video: video, audio: nil, fileSize: 1,
                          modificationTime: 1)
    }

    static func hash(_ facts: MediaFacts, tenBit: Bool = false) throws -> String {
        var output = makeOutput()
        if tenBit { output.video.codec = .hevc; output.video.bitDepth = 10 }
        let comp = makeComposition([.clip(makeClip("a", from: tm(0), length: tm(2)))], output: output)
        let plan = try Plan(composition: comp, options: PlanOptions(media: ["a": facts]))
        return try #require(plan.segments.first?.contentHash)
    }

    static let tagged601 = ColorTags(matrix: "smpte170m", primaries: "smpte170m", transfer: "bt709")

    @Test func untaggedSDSourcesHashApartOthersKeepTheirHashes() throws {
        let untaggedSD = try Self.hash(Self.facts())
        let untaggedHD = try Self.hash(Self.facts(width: 1280, height: 720))
        let taggedSD = try Self.hash(Self.facts(tags: Self.tagged601))
        let rgbSD = try Self.hash(Self.facts(pixelFormat: "rgb24"))
        let deepTaggedSD = try Self.hash(Self.facts(tags: Self.tagged601), tenBit: true)
        let deepHD = try Self.hash(Self.facts(width: 1280, height: 720), tenBit: true)
        print("hashes: untagged SD \(untaggedSD), untagged HD \(untaggedHD), tagged SD \(taggedSD), RGB SD \(rgbSD), "
              + "deep tagged SD \(deepTaggedSD), deep HD \(deepHD)")
        #expect(untaggedSD != Self.before.untaggedSD, "an untagged SD source's segment kept its old hash")
        #expect(deepTaggedSD != Self.before.deepTaggedSD, "a BT.601 source on the deep path kept its old hash")
        #expect(untaggedHD == Self.before.untaggedHD)
        #expect(taggedSD == Self.before.taggedSD, "a tagged BT.601 source on the 8-bit path was always converted")
        #expect(rgbSD == Self.before.rgbSD, "an RGB picture is made BT.709 by swscale, whatever its size")
        // Every deep plan hashes apart since the deep path's pixels changed again (`Reel.deepPathVersion` 2: its own
        // chroma resampling); the 8-bit plans above keep theirs.
        #expect(deepHD != Self.before.deepHD, "a deep plan kept the hash of parts made before `deepPathVersion` 2")
    }

    /// Printed by this test on 7c905dc (the facts' path is the same, so the four 8-bit plans hashed alike there).
    static let before = (untaggedSD: "2dfa1804fd219a49049d6bc04e8cf1a5326abefe37e503ed9f6acea7578382b4", untaggedHD: "2dfa1804fd219a49049d6bc04e8cf1a5326abefe37e503ed9f6acea7578382b4",
                         taggedSD: "2dfa1804fd219a49049d6bc04e8cf1a5326abefe37e503ed9f6acea7578382b4", rgbSD: "2dfa1804fd219a49049d6bc04e8cf1a5326abefe37e503ed9f6acea7578382b4",
                         deepTaggedSD: "5f4818cb9cbc3443c07a2dc834dbcd8026fa81936cf924d160640bc2da05a99d", deepHD: "5f4818cb9cbc3443c07a2dc834dbcd8026fa81936cf924d160640bc2da05a99d")
}
