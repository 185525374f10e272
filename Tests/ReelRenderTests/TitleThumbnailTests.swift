import Foundation
import ReelMedia
import ReelModel
import ReelTestSupport
import Testing
@testable import ReelRender

/// Renders a title over a gradient into `/tmp/reel-render-title-thumbnail.png` through the ffmpeg CLI
/// (rawvideo → png), for a person to look at, and checks the PNG decodes back to the same size.
@Test func titleThumbnailRendersToPNG() throws {
    let (width, height) = (480, 270)
    var frame = RawFrames.makeFrame(width: width, height: height) { plane, x, y in
        plane == 0 ? UInt8(16 + (x * 200) / width) : plane == 1 ? UInt8(100 + y / 3) : 140
    }
    let panel = RGBAImage(width: 300, height: 120, pixels: [UInt8]((0..<36_000).flatMap { _ in [20, 40, 160, 180] }))
    let title = Title(text: "Reel render farm\nDejaVu Sans · Ünïcödé", size: 28, color: RGBA(r: 255, g: 220, b: 0),
                      position: Point(x: try Rational(1, 2), y: try Rational(2, 3)),
                      timeRange: try TimeRange(start: .zero, duration: .seconds(4)))
    try TitleRenderer().draw(title, image: panel, at: .seconds(2), onto: &frame)
    let temp = try TempDir("render")
    defer { temp.remove() }
    let dir = temp.url
    let raw = dir.appendingPathComponent("thumb.yuv"), png = URL(fileURLWithPath: "/tmp/reel-render-title-thumbnail.png")
    try RawFrames.writeFrames([frame], to: raw)
    try TestProcess.ffmpeg(["-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", "\(width)x\(height)", "-i", raw.path,
                            "-frames:v", "1", png.path])
    let back = dir.appendingPathComponent("back.yuv")
    try TestProcess.ffmpeg(["-i", png.path, "-f", "rawvideo", "-pix_fmt", "yuv420p", back.path])
    let decoded = try RawFrames.readFrames(back, width: width, height: height)
    try #require(decoded.count == 1)
    #expect(RawFrames.psnr(decoded[0], frame) > 30)
}
