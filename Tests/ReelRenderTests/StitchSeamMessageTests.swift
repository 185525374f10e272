import Foundation
import ReelModel
import ReelRender
import Testing

/// `Stitcher.stitch` (all parts at once) and `RollingStitcher` (part by part) refuse the same tilings with the
/// same words, naming the same segment: they share one set of seam checks.
@Suite struct StitchSeamMessageTests {
    let support = StitcherTests()

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

    /// A tiling fault: where the second part starts, the totals the plan gives, and what both stitchers say.
    struct Fault: Sendable, CustomTestStringConvertible {
        var secondStart: Int64 = 10, frames: Int64 = 20, samples: Int64 = 32000
        var message: String
        var testDescription: String { message }
    }

    @Test(arguments: [
        Fault(secondStart: 11, frames: 21,
              message: "segment 1: starts at frame 11 but the previous part ended at 10; the output was not published"),
        Fault(frames: 21, message: "segment 1: parts end at frame 20 but the plan has 21 frames; the output was not published"),
        Fault(samples: 32001, message: "segment 0: parts hold 32000 samples but S(20) = 32001; the output was not published"),
    ])
    func bothStitchersNameTheSameFaultAlike(_ fault: Fault) throws {
        let dir = try support.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var parts = try support.parts(dir, [support.settings(), support.settings()])
        parts[1].startFrame = fault.secondStart
        let (whole, rolling) = try messages(parts, frames: fault.frames, samples: fault.samples, in: dir)
        #expect(whole == fault.message)
        #expect(rolling == whole)
    }
}
