import Foundation
import ReelMedia
import ReelPlan
import Testing
@testable import ReelRender

/// `PCMDigest`, the loudness-ahead stitcher's check that a part's PCM is the programme it measured: each channel's
/// SHA-256 over its samples' bytes, whatever the chunks, and the same digest it always gave.
@Suite struct PCMDigestTests {
    /// Two channels of 4,801 samples of a fixed, irregular signal (odd length: chunks cross every block boundary).
    static let samples: [[Float]] = (0..<2).map { c in
        (0..<4801).map { i -> Float in
            let phase = Double(i) * 0.013 * Double(c + 1)
            return Float(sin(phase) * 0.7) + Float(i % 7) * 1e-4
        }
    }

    static func digest(chunks: [Int]) -> [UInt8] {
        var hasher = PCMDigest(channels: 2)
        var at = 0, k = 0
        while at < samples[0].count {
            let end = min(at + chunks[k % chunks.count], samples[0].count)
            hasher.update(AudioBuffer(sampleRate: 48000, samples: samples.map { Array($0[at..<end]) }))
            at = end
            k += 1
        }
        return hasher.finalize()
    }

    @Test func digestIsEachChannelsSHA256WhateverTheChunks() {
        let expected = Self.samples.flatMap { plane in
            var h = SHA256()
            h.update(plane.withUnsafeBytes { [UInt8]($0) })
            return h.finalize()
        }
        #expect(Self.digest(chunks: [4801]) == expected)
        #expect(Self.digest(chunks: [1, 17, 1024, 3, 640]) == expected)
        // What PCMDigest gave on 7c905dc, when it copied each chunk into an array first.
        #expect(SHA256.hexString(Self.digest(chunks: [333])) == Self.before)
    }

    static let before = "176765bc7018a7ccdf6426c4f1e39f83dc82ca6b6dde24d592ae5987272f08d3"
        + "149d1daec0c84ea4feae13139b630c2825186fc372691ff5a314cfb1992ee6f4"
}
