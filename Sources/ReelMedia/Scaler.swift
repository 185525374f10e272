internal import CFFmpeg
import ReelModel

/// Converts decoded pictures to `PlanarFrame`s of the render size: yuv420p, BT.709 limited range,
/// aspect-fitted with black bars (see `ScalerFit`) and rotated clockwise by `rotation` degrees; or, made
/// `deep`, to `DeepFrame`s (`Scaler+Deep`).
///
/// Owns one `SwsContext`, reused while the source geometry stays the same. Rotated sources are
/// scaled to the pre-rotation size into a scratch frame, then each plane is rotated into place.
/// Full-range (JPEG) sources are converted to limited range. swscale does not convert between YUV
/// matrices, so a source tagged BT.601 is converted to BT.709 afterwards by `ColorMatrix`.
/// Flags `SWS_BICUBIC | SWS_ACCURATE_RND | SWS_BITEXACT` keep the output identical on every CPU.
final class Scaler {
    let width: Int
    let height: Int
    let rotation: Int
    let path: String
    private(set) var context: OpaquePointer? = nil
    private var key: Key? = nil
    private(set) var fit = ScalerFit(sourceWidth: 2, sourceHeight: 2, rotation: 0, width: 2, height: 2)
    private var scratch = PlanarFrame(width: 2, height: 2)
    /// The deep path's scratch frame for rotated sources.
    var deepScratch = DeepFrame(width: 2, height: 2)
    /// The deep path's source bit depth when its chroma is upsampled in Swift (`DeepChroma`: a limited-range
    /// 4:2:0 source scaled to its own size) rather than by swscale; nil otherwise.
    private(set) var deepChromaDepth: Int? = nil
    /// Whether this scaler makes `DeepFrame`s (yuv444p16, the source's matrix) rather than `PlanarFrame`s.
    let deep: Bool
    /// The YUV matrix conversion the current source needs (BT.601 → BT.709), if any.
    private var matrix: ColorMatrix? = nil

    private struct Key: Equatable {
        let width: Int32, height: Int32, format: Int32, fullRange: Bool, sarNum: Int32, sarDen: Int32
    }

    /// Mirrored left to right after the rotation (`ScalerMirror`).
    let mirrored: Bool

    init(width: Int, height: Int, rotation: Int, mirrored: Bool = false, deep: Bool = false, path: String) {
        self.deep = deep
        self.width = width
        self.height = height
        self.rotation = rotation
        self.mirrored = mirrored
        self.path = path
    }

    deinit { sws_freeContext(context) }

    /// Converts `frame` to a new `PlanarFrame` of the render size.
    func convert(_ frame: DecoderFrame) throws(MediaError) -> PlanarFrame {
        try prepare(for: frame.pointer)
        var none: PlanarFrame? = nil
        var out = try fitted(frame.pointer, reusing: &none, scratch: &scratch) { f, target, x, y throws(MediaError) in
            try scale(f, into: &target, x: x, y: y)
        }
        matrix?.apply(to: &out)
        return out
    }

    /// (Re)creates the swscale context and the fitted rectangle when the source geometry changes.
    func prepare(for f: UnsafeMutablePointer<AVFrame>) throws(MediaError) {
        let format = f.pointee.format
        let fullRange = f.pointee.color_range == AVCOL_RANGE_JPEG
            || ColorDescription.isJPEGFormat(AVPixelFormat(rawValue: format))
        let k = Key(width: f.pointee.width, height: f.pointee.height, format: format, fullRange: fullRange,
                    sarNum: f.pointee.sample_aspect_ratio.num, sarDen: f.pointee.sample_aspect_ratio.den)
        matrix = deep ? nil : ColorMatrix.needed(for: f)
        if k == key, context != nil { return }
        fit = ScalerFit(sourceWidth: Int(k.width), sourceHeight: Int(k.height),
                        sampleAspect: (Int(k.sarNum), Int(k.sarDen)), rotation: rotation,
                        width: width, height: height)
        let turned = rotation == 90 || rotation == 270
        let (sw, sh) = turned ? (fit.height, fit.width) : (fit.width, fit.height)
        deepChromaDepth = deep && !fullRange && sw == Int(k.width) && sh == Int(k.height)
            ? DeepChroma.upsampledDepth(AVPixelFormat(rawValue: format)) : nil
        if rotation != 0 {
            if deep { deepScratch = DeepFrame(width: sw, height: sh) } else { scratch = PlanarFrame(width: sw, height: sh) }
        }
        let flags = SWS_BICUBIC | SWS_ACCURATE_RND | SWS_BITEXACT
        context = sws_getCachedContext(context, k.width, k.height, AVPixelFormat(rawValue: format),
                                       Int32(sw), Int32(sh), deep ? Self.deepFormat : AV_PIX_FMT_YUV420P, flags, nil, nil, nil)
        guard let context else {
            throw .invalidData(path: path, message: "sws_getCachedContext failed for \(k.width)x\(k.height)")
        }
        let bt709 = sws_getCoefficients(SWS_CS_ITU709)
        _ = sws_setColorspaceDetails(context, bt709, fullRange ? 1 : 0, bt709, 0, 0, 1 << 16, 1 << 16)
        key = k
    }

    /// Scales the whole source into `target` with the fitted picture's top-left at (`x`, `y`), both even.
    private func scale(_ f: UnsafeMutablePointer<AVFrame>, into target: inout PlanarFrame,
                       x: Int, y: Int) throws(MediaError) {
        let lw = target.width, cw = target.chromaWidth
        let rc = target.y.withUnsafeMutableBufferPointer { yp in
            target.u.withUnsafeMutableBufferPointer { up in
                target.v.withUnsafeMutableBufferPointer { vp in
                    reel_sws_scale_to_planes(context, f,
                                             yp.baseAddress! + y * lw + x, Int32(lw),
                                             up.baseAddress! + (y / 2) * cw + x / 2, Int32(cw),
                                             vp.baseAddress! + (y / 2) * cw + x / 2, Int32(cw))
                }
            }
        }
        try check(rc, "sws_scale", path: path)
    }
}
