import ReelMedia
import ReelModel

/// Builds a title's RGBA picture: text coverage in the title colour over the optional image.
///
/// Both are centred in a box as large as the larger of the two in each direction. Compositing is the
/// usual non-premultiplied "over" in `Double`: `a = at + ai·(1 − at)`,
/// `c = (ct·at + ci·ai·(1 − at)) / a`, with `at = coverage · colour.a`. Rounded to nearest.
enum TitleComposer {
    static func compose(text mask: TitleMask, color: RGBA, over image: RGBAImage?) -> RGBAImage {
        let width = max(mask.width, image?.width ?? 0), height = max(mask.height, image?.height ?? 0)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        if let image {
            let ox = (width - image.width) / 2, oy = (height - image.height) / 2
            for row in 0..<image.height {
                let d = ((oy + row) * width + ox) * 4, s = row * image.width * 4
                pixels.replaceSubrange(d..<d + image.width * 4, with: image.pixels[s..<s + image.width * 4])
            }
        }
        let ox = (width - mask.width) / 2, oy = (height - mask.height) / 2
        let textColor = [Double(color.r), Double(color.g), Double(color.b)]
        for row in 0..<mask.height {
            for col in 0..<mask.width {
                let coverage = mask.alpha[row * mask.width + col]
                guard coverage > 0 else { continue }
                let at = Double(coverage) / 255 * Double(color.a) / 255
                let p = ((oy + row) * width + ox + col) * 4
                let ai = Double(pixels[p + 3]) / 255
                let a = at + ai * (1 - at)
                for c in 0..<3 {
                    let value = (textColor[c] * at + Double(pixels[p + c]) * ai * (1 - at)) / a
                    pixels[p + c] = ColorConversion.byte(value)
                }
                pixels[p + 3] = ColorConversion.byte(a * 255)
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Each side `round(side · scale)`, at least 1 (saturating, so a huge scale cannot trap).
    static func scaledSize(_ image: RGBAImage, by scale: Rational) -> (width: Int, height: Int) {
        func side(_ n: Int) -> Int { max(1, Int(exactly: (Double(n) * scale.doubleValue).rounded()) ?? Int.max) }
        return (side(image.width), side(image.height))
    }

    /// `scaled(_:by:)`, refused when the result would exceed `CompositionLimits.maxTitleRasterPixels`.
    static func checkedScale(_ image: RGBAImage, by scale: Rational, title: String) throws(TitleError) -> RGBAImage {
        let (width, height) = scaledSize(image, by: scale)
        guard Double(width) * Double(height) <= Double(CompositionLimits.maxTitleRasterPixels) else {
            throw .tooLarge(title: title, message: "the image at scale \(scale) needs \(width) × \(height) pixels")
        }
        return scaled(image, by: scale)
    }

    /// `image` resized by `scale` (each side `round(side · scale)`, at least 1), bilinear on
    /// premultiplied colour, sampling pixel centres. Scale 1 returns the image unchanged.
    static func scaled(_ image: RGBAImage, by scale: Rational) -> RGBAImage {
        guard scale != .one, image.width > 0, image.height > 0 else { return image }
        let (width, height) = scaledSize(image, by: scale)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let sx = Double(image.width) / Double(width), sy = Double(image.height) / Double(height)
        for row in 0..<height {
            let y = min(max((Double(row) + 0.5) * sy - 0.5, 0), Double(image.height - 1))
            let y0 = Int(y), y1 = min(y0 + 1, image.height - 1), fy = y - Double(y0)
            for col in 0..<width {
                let x = min(max((Double(col) + 0.5) * sx - 0.5, 0), Double(image.width - 1))
                let x0 = Int(x), x1 = min(x0 + 1, image.width - 1), fx = x - Double(x0)
                let taps = [(x0, y0, (1 - fx) * (1 - fy)), (x1, y0, fx * (1 - fy)), (x0, y1, (1 - fx) * fy), (x1, y1, fx * fy)]
                var sum = [0.0, 0.0, 0.0, 0.0]
                for (tx, ty, w) in taps {
                    let p = (ty * image.width + tx) * 4, a = Double(image.pixels[p + 3]) / 255
                    for c in 0..<3 { sum[c] += Double(image.pixels[p + c]) * a * w }
                    sum[3] += a * w
                }
                let o = (row * width + col) * 4
                for c in 0..<3 { pixels[o + c] = sum[3] > 0 ? ColorConversion.byte(sum[c] / sum[3]) : 0 }
                pixels[o + 3] = ColorConversion.byte(sum[3] * 255)
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
