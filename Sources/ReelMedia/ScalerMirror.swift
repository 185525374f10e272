internal import CFFmpeg

/// Display matrices that mirror as well as rotate (a front camera's selfie video, an editor's flip).
///
/// Reel shows a source as `hflip(rotate_cw(picture, rotation))`, which covers every matrix FFmpeg's
/// autorotation handles: a transposition with a flip (`cclock_flip` = 90° + mirror, `clock_flip`
/// = 270° + mirror), an `hflip` alone (0° + mirror) and a `vflip` alone (180° + mirror).
enum ScalerMirror {
    /// Clockwise rotation (0, 90, 180, 270) and whether the picture is mirrored, from the stream's display matrix.
    static func orientation(of stream: UnsafeMutablePointer<AVStream>) -> (rotation: Int, mirrored: Bool) {
        guard let m = reel_stream_display_matrix(stream) else { return (0, false) }
        let ccw = av_display_rotation_get(m)
        guard ccw.isFinite else { return (0, false) }
        let quarter = Int((-ccw / 90).rounded())
        let rotation = ((quarter % 4) + 4) % 4 * 90
        // A negative determinant of the 2×2 part (16.16 fixed point) is a reflection.
        let determinant = Int64(m[0]) * Int64(m[4]) - Int64(m[1]) * Int64(m[3])
        guard determinant < 0 else { return (rotation, false) }
        switch rotation {
        case 0, 180: return (m[0] < 0 ? 0 : 180, true)   // hflip alone, or vflip = 180° + hflip
        default: return (rotation, true)
        }
    }

    /// Mirrors the rectangle `(x, y, w, h)` of `frame` left to right (chroma over the matching half-size rectangle).
    static func flip(_ frame: inout PlanarFrame, x: Int, y: Int, w: Int, h: Int) {
        flipPlane(&frame.y, stride: frame.width, x: x, y: y, w: w, h: h)
        let (cx, cy, cw, ch) = (x / 2, y / 2, (w + 1) / 2, (h + 1) / 2)
        flipPlane(&frame.u, stride: frame.chromaWidth, x: cx, y: cy, w: cw, h: ch)
        flipPlane(&frame.v, stride: frame.chromaWidth, x: cx, y: cy, w: cw, h: ch)
    }

    /// Mirrors the rectangle `(x, y, w, h)` of a deep (4:4:4) frame left to right, every plane alike.
    static func flip(_ frame: inout DeepFrame, x: Int, y: Int, w: Int, h: Int) {
        flipPlane(&frame.y, stride: frame.width, x: x, y: y, w: w, h: h)
        flipPlane(&frame.u, stride: frame.width, x: x, y: y, w: w, h: h)
        flipPlane(&frame.v, stride: frame.width, x: x, y: y, w: w, h: h)
    }

    private static func flipPlane<Sample>(_ plane: inout [Sample], stride: Int, x: Int, y: Int, w: Int, h: Int) {
        for r in y..<(y + h) {
            let row = r * stride + x
            plane[row..<(row + w)].reverse()
        }
    }
}
