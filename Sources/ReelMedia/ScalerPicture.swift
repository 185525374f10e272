internal import CFFmpeg

/// What `Scaler` makes: the 8-bit path's `PlanarFrame` and the deep path's `DeepFrame`. Both take the same steps
/// (`Scaler.fitted`): scaled into the fitted rectangle (through a scratch picture when rotated), rotated, mirrored.
protocol ScalerPicture {
    var width: Int { get }
    var height: Int { get }
    /// A picture of `width`×`height`, limited-range black.
    static func blank(width: Int, height: Int) -> Self
    /// Paints the whole of `frame` limited-range black, in its own planes.
    static func clear(_ frame: inout Self)
    /// `source` turned clockwise by `rotation` degrees into `target` with its top-left at (`x`, `y`).
    static func rotate(_ source: Self, rotation: Int, into target: inout Self, x: Int, y: Int)
    /// The rectangle (`x`, `y`, `w`, `h`) of `frame` mirrored left to right.
    static func flip(_ frame: inout Self, x: Int, y: Int, w: Int, h: Int)
}

extension PlanarFrame: ScalerPicture {
    static func blank(width: Int, height: Int) -> Self { PlanarFrame(width: width, height: height) }

    static func clear(_ frame: inout Self) {
        frame.y.withUnsafeMutableBufferPointer { $0.update(repeating: 16) }
        frame.u.withUnsafeMutableBufferPointer { $0.update(repeating: 128) }
        frame.v.withUnsafeMutableBufferPointer { $0.update(repeating: 128) }
    }

    static func rotate(_ source: Self, rotation: Int, into target: inout Self, x: Int, y: Int) {
        ScalerRotation.rotate(source, rotation: rotation, into: &target, x: x, y: y)
    }

    static func flip(_ frame: inout Self, x: Int, y: Int, w: Int, h: Int) {
        ScalerMirror.flip(&frame, x: x, y: y, w: w, h: h)
    }
}

extension DeepFrame: ScalerPicture {
    static func blank(width: Int, height: Int) -> Self { DeepFrame(width: width, height: height) }

    static func clear(_ frame: inout Self) {
        frame.y.withUnsafeMutableBufferPointer { $0.update(repeating: DeepFrame.black.y) }
        frame.u.withUnsafeMutableBufferPointer { $0.update(repeating: DeepFrame.black.u) }
        frame.v.withUnsafeMutableBufferPointer { $0.update(repeating: DeepFrame.black.v) }
    }

    static func rotate(_ source: Self, rotation: Int, into target: inout Self, x: Int, y: Int) {
        ScalerRotation.rotate(source, rotation: rotation, into: &target, x: x, y: y)
    }

    static func flip(_ frame: inout Self, x: Int, y: Int, w: Int, h: Int) {
        ScalerMirror.flip(&frame, x: x, y: y, w: w, h: h)
    }
}

extension Scaler {
    /// The decoded picture `f` as a picture of the render size, once `prepare` has set the fit: `scale` writes
    /// the whole source at an offset, into the picture itself or, for a rotated source, into `scratch`, which is
    /// then rotated into place; a mirrored source is flipped last.
    ///
    /// The picture is `reusing`'s planes when it holds a picture of the render size (taken, so `reusing` is nil
    /// after): written in place when nothing else holds them, so a stream of frames maps no new memory, with the
    /// bars painted black again when the fit leaves any. Otherwise it is a new picture.
    func fitted<P: ScalerPicture & Sendable>(_ f: UnsafeMutablePointer<AVFrame>, reusing: inout P?, scratch: inout P,
                                             scale: (UnsafeMutablePointer<AVFrame>, inout P, Int, Int) throws(MediaError) -> Void)
        throws(MediaError) -> P {
        var out = reusing.take() ?? P.blank(width: width, height: height)
        if out.width != width || out.height != height {
            out = P.blank(width: width, height: height)
        } else if fit.x != 0 || fit.y != 0 || fit.width != width || fit.height != height {
            P.clear(&out)
        }
        if rotation == 0 {
            try scale(f, &out, fit.x, fit.y)
        } else {
            try scale(f, &scratch, 0, 0)
            P.rotate(scratch, rotation: rotation, into: &out, x: fit.x, y: fit.y)
        }
        if mirrored { P.flip(&out, x: fit.x, y: fit.y, w: fit.width, h: fit.height) }
        return out
    }
}
