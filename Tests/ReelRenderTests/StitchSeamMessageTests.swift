import Foundation
import ReelModel
import ReelRender
import Testing

/// `Stitcher.stitch` (all parts at once) and `RollingStitcher` (part by part) refuse the same tilings with the
/// same words, naming the same segment: they share one set of seam checks.
@Suite struct StitchSeamMessageTests {
    let support = StitcherTests()

    /// Two good parts of 10 frames and 16,000 samples each, in a scratch folder the caller removes.
    func twoParts() throws -> (dir: String, parts: [StitchPart]) {
        let dir = try support.scratch()
        return (dir, try support.parts(dir, [support.settings(), support.settings()]))
    }

    /// The error each stitcher gives for `parts` and the totals, as text.
    func messages(_ parts: [StitchPart], frames: Int64, samples: Int64, in dir: String) throws -> (String, String) {
        var whole = "", rolling = ""
        do {
            _ = try Stitcher.stitch(parts: parts, output: support.settings(), totalFrames: frames, totalSamples: samples,
                                    to: "\(dir)/whole.mp4")
        } catch { whole = "\(error)" }
        let stitcher = try RollingStitcher(output: support.settings(), to: "\(dir)/rolling.mp4")
        defer { stitcher.discard() }
        do {
            for part in parts { try stitcher.append(part) }
            _ = try stitcher.finish(totalFrames: frames, totalSamples: samples)
        } catch { rolling = "\(error)" }
        return (whole, rolling)
    }

    @Test func noPartsIsNothingToStitch() throws {
        let dir = try support.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (whole, rolling) = try messages([], frames: 0, samples: 0, in: dir)
        #expect(whole == "nothing to stitch: the plan has no segments")
        #expect(rolling == whole)
    }

    @Test func aGapNamesThePartAfterIt() throws {
        let (dir, good) = try twoParts()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var parts = good
        parts[1].startFrame = 11
        let (whole, rolling) = try messages(parts, frames: 21, samples: 32000, in: dir)
        #expect(whole == "segment 1: starts at frame 11 but the previous part ended at 10; the output was not published")
        #expect(rolling == whole)
    }

    @Test func framesShortOfThePlanNameTheLastSegment() throws {
        let (dir, parts) = try twoParts()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (whole, rolling) = try messages(parts, frames: 21, samples: 32000, in: dir)
        #expect(whole == "segment 1: parts end at frame 20 but the plan has 21 frames; the output was not published")
        #expect(rolling == whole)
    }

    @Test func samplesOffThePlanNameTheFirstSegment() throws {
        let (dir, parts) = try twoParts()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (whole, rolling) = try messages(parts, frames: 20, samples: 32001, in: dir)
        #expect(whole == "segment 0: parts hold 32000 samples but S(20) = 32001; the output was not published")
        #expect(rolling == whole)
    }
}
