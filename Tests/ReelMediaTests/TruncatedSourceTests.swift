import Foundation
import ReelModel
import Testing
@testable import ReelMedia

/// A source whose index places samples past its last byte is refused where decoding reaches the cut, naming the
/// file (`Demuxer.checkComplete`): FFmpeg reads the cut as the end of the stream, and whether a decoder's frame
/// threads happen to report the cut packet as an error depends on their count (one per decoder when the render slots
/// fill the cores, `DecoderThreads`).
@Suite struct TruncatedSourceTests {
    /// Every frame of the first 3 s of video at 25 fps.
    func pictures(_ path: String) throws {
        let source = try VideoFrameSource(path: path, width: 160, height: 120)
        for n in 0..<75 { _ = try source.frame(at: try RationalTime(value: Int64(n), timescale: 25)) }
    }

    /// The first 3 s of audio at 48 kHz.
    func sound(_ path: String) throws {
        _ = try AudioSampleSource(path: path, sampleRate: 48000, channels: 2).samples(from: .zero, count: 3 * 48_000)
    }

    func refusedAsCut(_ cut: String) -> (any Error) -> Bool {
        { error in "\(error)".contains(cut) && "\(error)".contains("is truncated: its index places samples up to byte") }
    }

    @Test func aCutFilesPicturesAreRefusedAtTheCut() throws {
        let (whole, cut) = try MediaFixtures.truncatedAfterIndex()
        try pictures(whole)
        #expect(performing: { try pictures(cut) }, throws: refusedAsCut(cut))
    }

    @Test func aCutFilesSoundIsRefusedAtTheCut() throws {
        let (whole, cut) = try MediaFixtures.truncatedAfterIndex()
        try sound(whole)
        #expect(performing: { try sound(cut) }, throws: refusedAsCut(cut))
    }
}
