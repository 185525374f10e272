import ReelModel
import Testing
@testable import ReelPlan

/// `output.colour` enters the content hash only when it is not SDR, so existing compositions keep their hashes,
/// and every HDR setting changes it.
@Suite struct OutputColorHashTests {
    func hash(_ change: (inout OutputSettings) -> Void) throws -> String {
        var output = makeOutput()
        change(&output)
        let comp = makeComposition([.clip(makeClip("a", from: tm(0), length: tm(2)))], output: output)
        return try #require(try Plan(composition: comp).segments.first?.contentHash)
    }

    @Test func sdrLeavesTheHashAsItWas() throws {
        #expect(try hash { $0.color = .sdr } == (try hash { _ in }))
    }

    /// x264's output depends on its thread count, so a part made with another count is another part; a
    /// composition that sets none keeps the hash it had before the setting existed.
    @Test func encoderThreadsChangeTheHashOnlyWhenSet() throws {
        let unset = try hash { _ in }
        let hashes = [unset, try hash { $0.video.threads = 1 }, try hash { $0.video.threads = 2 }, try hash { $0.video.threads = 4 }]
        #expect(Set(hashes).count == hashes.count)
    }

    @Test func everyHDRSettingChangesTheHash() throws {
        let hevc10: (inout OutputSettings) -> Void = { $0.video.codec = .hevc; $0.video.bitDepth = 10 }
        let display = HDRMetadata.MasteringDisplay(primaries: HDRMetadata.MasteringDisplay.namedPrimaries[0].primaries,
                                                   minLuminance: 0.0001, maxLuminance: 1000)
        let hashes = [
            try hash(hevc10),
            try hash { hevc10(&$0); $0.color = .hlg },
            try hash { hevc10(&$0); $0.color = .pq },
            try hash { hevc10(&$0); $0.color = .pq; $0.hdrMetadata = HDRMetadata(masteringDisplay: display) },
            try hash { hevc10(&$0); $0.color = .pq; $0.hdrMetadata = HDRMetadata(masteringDisplay: display, maxCLL: 1000) },
            try hash { hevc10(&$0); $0.color = .pq; $0.hdrMetadata = HDRMetadata(maxCLL: 1000, maxFALL: 400) },
        ]
        #expect(Set(hashes).count == hashes.count)
    }
}
