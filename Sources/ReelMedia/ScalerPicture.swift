internal import CFFmpeg

/// What `Scaler` makes: the 8-bit path's `PlanarFrame` and the deep path's `DeepFrame`. Both take the same steps
/// (`Scaler.fitted`): scaled into the fitted rectangle (through a scratch picture when rotated), rotated, mirrored.
protocol ScalerPicture {
    var width: Int { get }
    var height: Int { get }
    /// A picture of `width`×`height`, limited-range black.
    static func blank(width: Int, height: Int) -> Self
    /// A picture of `width`×`height` whose samples are not set: for a caller that writes every one.
    static func unset(width: Int, height: Int) -> Self
    /// Paints the whole of `frame` limited-range black, in its own planes.
    static func clear(_ frame: inout Self)
    /// `source` turned clockwise by `rotation` degrees into `target` with its top-left at (`x`, `y`).
    static func rotate(_ source: Self, rotation: Int, into target: inout Self, x: Int, y: Int)
    /// The rectangle (`x`, `y`, `w`, `h`) of `frame` mirrored left to right.
    static func flip(_ frame: inout Self, x: Int, y: Int, w: Int, h: Int)
}

extension PlanarFrame: ScalerPicture {
    static func blank(width: Int, height: Int) -> Self { PlanarFrame(width: width, height: height) }

    static func unset(width: Int, height: Int) -> Self {
        let chroma = ((width + 1) / 2) * ((height + 1) / 2)
        return PlanarFrame(width: width, height: height, y: .unset(width * height), u: .unset(chroma), v: .unset(chroma))
    }

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

    static func unset(width: Int, height: Int) -> Self {
        DeepFrame(width: width, height: height, y: .unset(width * height), u: .unset(width * height),
                  v: .unset(width * height))
    }

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
    /// bars painted black again when the fit leaves any. Otherwise it is a new picture, painted black only where
    /// the fit leaves bars (a full-frame fit is scaled over unset samples: no fill pass before the copy).
    func fitted<P: ScalerPicture & Sendable>(_ f: UnsafeMutablePointer<AVFrame>, reusing: inout P?, scratch: inout P,
                                             scale: (UnsafeMutablePointer<AVFrame>, inout P, Int, Int) throws(MediaError) -> Void)
        throws(MediaError) -> P {
        // A fit that fills the frame leaves no bar: every sample is written below, so none is set first.
        let bars = fit.x != 0 || fit.y != 0 || fit.width != width || fit.height != height
        var out: P
        if let old = reusing.take(), old.width == width, old.height == height {
            out = old
            if bars { P.clear(&out) }
        } else {
            out = bars ? P.blank(width: width, height: height) : P.unset(width: width, height: height)
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

extension Array where Element: FixedWidthInteger {
    /// `count` elements whose values are whatever the memory held: only for a caller that writes every one.
    static func unset(_ count: Int) -> [Element] {
        [Element](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }
}
