import Testing
@testable import ReelModel

/// The untagged rule (`ColorDescription.assumed`): SD sizes BT.601, the rest BT.709, full range only for JPEG
/// pixel formats; tags Reel knows win, and BT.2020's matrix and primaries imply each other.
@Suite struct ColorAssumptionTests {
    static let sizes: [(width: Int, height: Int, expected: ColorDescription)] = [
        (720, 480, ColorDescription(matrix: .bt601, primaries: .bt601_525, transfer: .bt709)),
        (720, 486, ColorDescription(matrix: .bt601, primaries: .bt601_525, transfer: .bt709)),
        (720, 576, ColorDescription(matrix: .bt601, primaries: .bt601_625, transfer: .bt709)),
        (320, 240, ColorDescription(matrix: .bt601, primaries: .bt601_525, transfer: .bt709)),
        (1024, 578, .bt709),
        (1280, 720, .bt709),
        (3840, 2160, .bt709),
    ]

    @Test(arguments: sizes.indices)
    func untaggedSizes(_ i: Int) {
        let (w, h, expected) = Self.sizes[i]
        #expect(ColorDescription.assumed(width: w, height: h) == expected, "\(w)x\(h)")
    }

    @Test func jpegPixelFormatsAreFullRange() {
        #expect(ColorDescription.assumed(width: 1920, height: 1080, pixelFormat: "yuvj420p").range == .full)
        #expect(ColorDescription.assumed(width: 1920, height: 1080, pixelFormat: "yuv420p").range == .limited)
        let tagged = ColorTags(range: "tv")
        #expect(ColorDescription.assumed(width: 1920, height: 1080, pixelFormat: "yuvj420p", tags: tagged).range == .limited)
    }

    @Test func knownTagsWinAndBT2020ImpliesItself() {
        let hlg = ColorTags(matrix: "bt2020nc", primaries: "bt2020", transfer: "arib-std-b67")
        #expect(ColorDescription.assumed(width: 720, height: 480, tags: hlg) == .hlg)
        #expect(ColorDescription.assumed(width: 1920, height: 1080, tags: ColorTags(primaries: "bt2020", transfer: "smpte2084")) == .pq)
        #expect(ColorDescription.assumed(width: 1920, height: 1080, tags: ColorTags(matrix: "bt2020nc", transfer: "smpte2084")) == .pq)
        let p3 = ColorTags(primaries: "smpte432", transfer: "iec61966-2-1")
        #expect(ColorDescription.assumed(width: 1920, height: 1080, tags: p3)
                == ColorDescription(matrix: .bt709, primaries: .displayP3, transfer: .srgb))
    }

    @Test func unknownTagsAreNamedAndAssumedInstead() {
        let tags = ColorTags(matrix: "bt709", transfer: "log100")
        #expect(tags.unsupported == ["transfer log100"])
        #expect(ColorDescription.assumed(width: 1920, height: 1080, tags: tags) == .bt709)
    }

    @Test(arguments: [(8, 4, ColorDescription.hlg), (8, 1, .pq), (8, 6, .pq), (8, 2, .bt709), (9, 2, .bt709)])
    func dolbyVisionBaseLayers(_ profile: Int, _ id: Int, _ expected: ColorDescription) {
        #expect(DolbyVision(profile: profile, level: 6, compatibilityID: id).baseLayer == expected)
    }

    @Test func dolbyVisionWithoutAStandardBaseLayerHasNone() {
        #expect(DolbyVision(profile: 5, level: 6, compatibilityID: 0).baseLayer == nil)
        #expect(DolbyVision(profile: 5, level: 6, compatibilityID: 4).baseLayer == nil)
        #expect(DolbyVision(profile: 8, level: 6, baseLayerPresent: false, compatibilityID: 4).baseLayer == nil)
        #expect(DolbyVision(profile: 8, level: 6, compatibilityID: 0).baseLayer == nil)
    }
}
