import ReelMedia
import ReelModel

/// Draws titles over composited frames, alpha-blended in Y′CbCr.
///
/// For a title at an offset (relative to its start) the renderer evaluates opacity, position and scale
/// (`TitleState`), rasterises the title at that scale (text in its colour over the optional image, both
/// centred in one box), converts it to Y′CbCr + alpha once (`TitleRaster`) and blends it onto the frame
/// with its box centred on the anchor `(x·W, y·H)`, the top-left corner floored to even coordinates.
///
/// Blending (see `Blend.alphaBlend`): per pixel `a' = (alpha·o + 128) >> 8` with `o = round(opacity·256)`,
/// `w = a' + (a' >> 7)`, `out = (dst·(256 − w) + src·w + 128) >> 8`; chroma uses the 2×2 average alpha.
///
/// Rasters are cached per (title, scale, image size), so a title at constant scale is rasterised once.
/// The cache holds at most `cacheLimit` rasters and at most `cachePixels` pixels over all of them (a title whose
/// scale animates makes a new raster every frame, each up to 4096 × 4096), and is emptied when either is
/// reached. Fonts are opened once per name.
/// Not thread-safe (FreeType): use one renderer per thread.
public final class TitleRenderer {
    struct RasterKey: Hashable {
        var title: Title
        var scale: Rational
        var imageWidth: Int, imageHeight: Int
        /// The picture the raster is for: sample depth, chroma subsampling and working colour.
        var sampleBits: Int, chromaShift: Int
        var colour: ColorDescription
    }

    public let cacheLimit: Int
    /// The most raster pixels the cache keeps (two maximal rasters: about 220 MB).
    public static let cachePixels = 2 * CompositionLimits.maxTitleRasterPixels
    private var cachedPixels = 0
    /// A `TitleRaster<S>` per key, `S` the key's sample type (so `as?` on the way out cannot miss).
    private var rasters: [RasterKey: Any] = [:]
    private var fonts: [String: FontRasterizer] = [:]
    /// How many rasters were built (cache misses); for tests and statistics.
    public private(set) var rasterisations = 0

    /// What every font file opened must satisfy (`FontRasterizer.init(font:rules:)`).
    public let rules: InputRules

    public init(cacheLimit: Int = 32, rules: InputRules = .anywhere) {
        self.cacheLimit = max(1, cacheLimit)
        self.rules = rules
    }

    /// Draws `title` as it is at `offset` (relative to the title's start) onto `frame`.
    /// Nothing is drawn outside `[0, duration)` or at zero opacity or scale.
    /// - Parameters:
    ///   - image: `title.image` decoded (ReelMedia decodes PNGs); the same image for the same title.
    /// - Throws: `TitleError` when the font is missing, FreeType fails, or keyframes overflow.
    public func draw(_ title: Title, image: RGBAImage? = nil, at offset: RationalTime,
                     onto frame: inout PlanarFrame) throws(TitleError) {
        try drawPicture(title, image: image, at: offset, colour: .bt709, onto: &frame)
    }

    /// Draws `title` onto a 16-bit 4:4:4 frame: the raster converted to 16-bit Y′CbCr in the working
    /// colour `colour` (not 8-bit values shifted), chroma per pixel, placed and blended as on the 8-bit path.
    /// - Throws: `TitleError`, as the 8-bit `draw`.
    public func draw(_ title: Title, image: RGBAImage? = nil, at offset: RationalTime, colour: ColorDescription,
                     onto frame: inout DeepFrame) throws(TitleError) {
        try drawPicture(title, image: image, at: offset, colour: colour, onto: &frame)
    }

    func drawPicture<P: PlanarPicture>(_ title: Title, image: RGBAImage?, at offset: RationalTime,
                                       colour: ColorDescription, onto frame: inout P) throws(TitleError) {
        guard !offset.isNegative, offset < title.timeRange.duration else { return }
        let state = try TitleState(of: title, at: offset)
        let opacity = state.opacityWeight
        guard opacity > 0, state.scale > .zero else { return }
        let raster: TitleRaster<P.Sample> = try self.raster(title, image: image, scale: state.scale,
                                                            chromaShift: P.chromaShift, colour: colour)
        guard raster.width > 0 else { return }
        let (left, top) = Self.topLeft(of: raster, at: state.position, width: frame.width, height: frame.height)
        Self.blend(raster, left: left, top: top, opacity: opacity, onto: &frame)
    }

    /// The cached raster of `title` at `scale` for pictures of sample type `S`, building it on a miss.
    func raster<S: FixedWidthInteger & UnsignedInteger & Sendable>(
        _ title: Title, image: RGBAImage?, scale: Rational, chromaShift: Int, colour: ColorDescription
    ) throws(TitleError) -> TitleRaster<S> {
        let key = RasterKey(title: title, scale: scale, imageWidth: image?.width ?? 0, imageHeight: image?.height ?? 0,
                            sampleBits: S.bitWidth, chromaShift: chromaShift, colour: colour)
        if let cached = rasters[key] as? TitleRaster<S> { return cached }
        var mask = TitleMask.empty
        if let text = title.text, !text.isEmpty {
            let size = Int((try? Rational(Int64(title.size)) * scale)?.roundedToNearest ?? 0)
            guard size <= CompositionLimits.maxTitlePixelSize else {
                throw .tooLarge(title: title.origin, message: "text size × scale is \(size) pixels, above "
                                + "\(CompositionLimits.maxTitlePixelSize)")
            }
            mask = try font(title.font).rasterize(text, pixelSize: size, title: title.origin)
        }
        let scaledImage = try image.map { image throws(TitleError) in
            try TitleComposer.checkedScale(image, by: scale, title: title.origin)
        }
        let rgba = TitleComposer.compose(text: mask, color: title.color, over: scaledImage)
        let raster = TitleRaster<S>(rgba: rgba.pixels, width: rgba.width, height: rgba.height,
                                    chromaShift: chromaShift, colour: colour)
        rasterisations += 1
        let pixels = raster.width * raster.height
        if rasters.count >= cacheLimit || cachedPixels + pixels > Self.cachePixels {
            rasters.removeAll(keepingCapacity: true)
            cachedPixels = 0
        }
        rasters[key] = raster
        cachedPixels += pixels
        return raster
    }

    private func font(_ name: String?) throws(TitleError) -> FontRasterizer {
        let key = name ?? ""
        if let open = fonts[key] { return open }
        let opened = try FontRasterizer(font: name, rules: rules)
        fonts[key] = opened
        return opened
    }

    /// The even top-left corner that centres the raster on the anchor: `floor(x·W − w/2)` rounded down to even.
    /// Even on 4:4:4 pictures too, so a title lands on the same pixels at every depth.
    static func topLeft<S: FixedWidthInteger & UnsignedInteger & Sendable>(of raster: TitleRaster<S>, at anchor: Point,
                                                                           width: Int, height: Int) -> (Int, Int) {
        func corner(_ p: Rational, _ extent: Int, _ size: Int) -> Int {
            let n = Int128(p.numerator) * Int128(extent) * 2 - Int128(size) * Int128(p.denominator)
            let d = Int128(p.denominator) * 2
            var q = n / d
            if n % d != 0 && n < 0 { q -= 1 }
            // Anything further out than one frame plus the raster is invisible; clamping there keeps
            // `left + width` far from overflow whatever position a composition asks for.
            let bound = Int128(extent) + Int128(size) + 2
            return Int(min(max(q, -bound), bound)) & ~1
        }
        return (corner(anchor.x, width, raster.width), corner(anchor.y, height, raster.height))
    }
}

fileprivate extension Rational {
    /// The nearest integer, halves rounded up.
    var roundedToNearest: Int64 {
        let n = Int128(numerator) * 2 + Int128(denominator), d = Int128(denominator) * 2
        var q = n / d
        if n % d != 0 && n < 0 { q -= 1 }
        return Int64(clamping: q)
    }
}
