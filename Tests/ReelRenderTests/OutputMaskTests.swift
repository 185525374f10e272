import Foundation
import ReelMedia
import ReelModel
import ReelTestSupport
import Testing
@testable import ReelRender

/// The seed's recipe: a square frame with a circle mask over a white background, against the same
/// mask made with FFmpeg's `geq` (a hard-edged circle of radius W/2 about the centre, white outside).
/// Away from the outline (more than one pixel) every sample is identical; on it Reel's edge is
/// antialiased where geq's is cut, so the whole frame is held to ≥ 35 dB.
@Suite struct OutputMaskTests {
    @Test func circleOverWhiteMatchesGeq() throws {
        let temp = try TempDir("render")
        defer { temp.remove() }
        let dir = temp.url
        let side = 180
        let source = dir.appendingPathComponent("s.y4m"), raw = dir.appendingPathComponent("s.yuv")
        let masked = dir.appendingPathComponent("geq.yuv")
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=\(side)x\(side):rate=10:duration=1", "-frames:v", "1",
                                "-pix_fmt", "yuv420p", source.path])
        try TestProcess.ffmpeg(["-i", source.path, "-f", "rawvideo", raw.path])
        // Per plane: inside the circle (distance from the centre, in that plane's samples, within W/2) keep, else white.
        let inside = "lte(hypot(X+0.5-W/2,Y+0.5-H/2),W/2)"
        try TestProcess.ffmpeg(["-i", source.path, "-vf",
                                "geq=lum='if(\(inside),lum(X,Y),235)':cb='if(\(inside),cb(X,Y),128)':cr='if(\(inside),cr(X,Y),128)'",
                                "-f", "rawvideo", "-pix_fmt", "yuv420p", masked.path])
        var frame = try #require(try RawFrames.readFrames(raw, width: side, height: side).first)
        let want = try #require(try RawFrames.readFrames(masked, width: side, height: side).first)
        Compositor.maskFrame(&frame, mask: MaskPlanes(Mask(shape: .circle), width: side, height: side), background: .white)
        let psnr = RawFrames.psnr(frame, want)
        var mismatches = 0, compared = 0
        for (plane, got, ref, n) in [(0, frame.y, want.y, side), (1, frame.u, want.u, side / 2), (2, frame.v, want.v, side / 2)] {
            for i in got.indices {
                let x = Double(i % n) + 0.5 - Double(n) / 2, y = Double(i / n) + 0.5 - Double(n) / 2
                let d = (x * x + y * y).squareRoot() - Double(n) / 2
                guard abs(d) > (plane == 0 ? 1 : 0.75) else { continue }
                compared += 1
                if got[i] != ref[i] { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
        #expect(psnr >= 35)
        // The mask did something: white corners, untouched centre.
        #expect(frame.y[0] == 235 && frame.y[side * side / 2 + side / 2] == want.y[side * side / 2 + side / 2])
        try LayerTransformTests.savePNG(frame, name: "circle-mask")
    }
}
