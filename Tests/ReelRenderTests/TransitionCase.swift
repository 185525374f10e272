import Foundation
import ReelMedia
import ReelModel
import ReelRender
import ReelTestSupport

/// Two ffmpeg-made sources (`lavfi` patterns) of one size, for transition tests: `n` transition frames
/// at `rate` fps, A = `sourceA`, B = `sourceB`.
struct TransitionCase: Sendable, CustomStringConvertible {
    var width: Int, height: Int, rate: Int, frames: Int, sourceA: String, sourceB: String
    var duration: String { String(format: "%.6f", Double(frames) / Double(rate)) }
    var description: String { "\(width)x\(height)@\(rate) n=\(frames)" }

    static let all = [
        TransitionCase(width: 96, height: 64, rate: 10, frames: 10, sourceA: "testsrc", sourceB: "smptebars"),
        TransitionCase(width: 128, height: 72, rate: 25, frames: 7, sourceA: "testsrc2", sourceB: "rgbtestsrc"),
        TransitionCase(width: 160, height: 90, rate: 30, frames: 15, sourceA: "testsrc2", sourceB: "smptehdbars"),
    ]

    /// The transitions that take time, each with its xfade counterpart.
    static let kinds: [(TransitionKind, String)] = [(.dissolve, "fade"), (.push, "slideleft"), (.wipe, "wipedown")]

    /// Writes `a.y4m` and `b.y4m` (2 s, yuv420p) into `dir` and returns their decoded frames.
    func makeSources(in dir: URL) throws -> (a: [PlanarFrame], b: [PlanarFrame]) {
        var frames: [[PlanarFrame]] = []
        for (name, source) in [("a", sourceA), ("b", sourceB)] {
            let y4m = dir.appendingPathComponent("\(name).y4m"), raw = dir.appendingPathComponent("\(name).yuv")
            try TestProcess.ffmpeg(["-f", "lavfi", "-i", "\(source)=size=\(width)x\(height):rate=\(rate):duration=2",
                                    "-pix_fmt", "yuv420p", y4m.path])
            try TestProcess.ffmpeg(["-i", y4m.path, "-f", "rawvideo", raw.path])
            frames.append(try RawFrames.readFrames(raw, width: width, height: height))
        }
        return (frames[0], frames[1])
    }

    /// Frame `j` of Reel's `n`-frame transition, at progress `j/n`.
    func reel(_ kind: TransitionKind, _ a: PlanarFrame, _ b: PlanarFrame, j: Int) throws -> PlanarFrame {
        let progress = try Rational(Int64(j), Int64(frames))
        return Compositor.composite([.transition(kind: kind, outgoing: a, incoming: b, progress: progress)],
                                    width: width, height: height)
    }
}
