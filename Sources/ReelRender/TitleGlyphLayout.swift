internal import CFreeType

/// Glyph coverage bitmaps placed line by line, flattened into one `TitleMask` (see `FontRasterizer`).
struct TitleGlyphLayout {
    struct Glyph {
        var x: Int, y: Int, width: Int, height: Int, line: Int
        var alpha: [UInt8]
    }

    var glyphs: [Glyph] = []
    var lineAdvances: [Int] = []
    var lineHeight = 0
    /// The coverage pixels stored so far, summed over glyphs (bounded by the rasterizer).
    private(set) var glyphPixels = 0

    mutating func beginLine() {}

    mutating func add(_ coverage: (width: Int, height: Int, alpha: [UInt8]), x: Int, y: Int) {
        guard coverage.width > 0, coverage.height > 0 else { return }
        glyphPixels += coverage.width * coverage.height
        glyphs.append(Glyph(x: x, y: y, width: coverage.width, height: coverage.height, line: lineAdvances.count,
                            alpha: coverage.alpha))
    }

    mutating func endLine(advance: Int) { lineAdvances.append(advance) }

    /// The box: lines centred in the layout box, grown to hold all ink.
    func bounds() -> (minX: Int, minY: Int, width: Int, height: Int, shift: [Int]) {
        let boxWidth = lineAdvances.max() ?? 0
        let shift = lineAdvances.map { (boxWidth - $0) / 2 }
        var minX = 0, minY = 0, maxX = boxWidth, maxY = lineAdvances.count * lineHeight
        for g in glyphs {
            minX = min(minX, g.x + shift[g.line]); maxX = max(maxX, g.x + shift[g.line] + g.width)
            minY = min(minY, g.y); maxY = max(maxY, g.y + g.height)
        }
        return (minX, minY, maxX - minX, maxY - minY, shift)
    }

    /// The mask's size, before it is allocated.
    func maskSize() -> (width: Int, height: Int) {
        let b = bounds()
        return (b.width, b.height)
    }

    /// The mask: lines centred in the layout box, the box grown to hold all ink.
    func mask() -> TitleMask {
        let (minX, minY, width, height, shift) = bounds()
        guard width > 0, height > 0 else { return .empty }
        var alpha = [UInt8](repeating: 0, count: width * height)
        for g in glyphs {
            let ox = g.x + shift[g.line] - minX, oy = g.y - minY
            for row in 0..<g.height {
                let dst = (oy + row) * width + ox, src = row * g.width
                for col in 0..<g.width { alpha[dst + col] = max(alpha[dst + col], g.alpha[src + col]) }
            }
        }
        return TitleMask(width: width, height: height, alpha: alpha)
    }

    /// The coverage of a rendered FreeType bitmap: 8-bit grey, 1-bit mono or BGRA (its alpha).
    static func coverage(of bitmap: FT_Bitmap) -> (width: Int, height: Int, alpha: [UInt8]) {
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        guard width > 0, height > 0, let buffer = bitmap.buffer else { return (0, 0, []) }
        var alpha = [UInt8](repeating: 0, count: width * height)
        let mode = bitmap.pixel_mode
        for row in 0..<height {
            let line = buffer + row * pitch
            for col in 0..<width {
                let value: UInt8
                switch mode {
                case UInt8(FT_PIXEL_MODE_MONO.rawValue): value = (line[col >> 3] >> (7 - UInt8(col & 7))) & 1 == 1 ? 255 : 0
                case UInt8(FT_PIXEL_MODE_BGRA.rawValue): value = line[col * 4 + 3]
                default: value = line[col]
                }
                alpha[row * width + col] = value
            }
        }
        return (width, height, alpha)
    }
}
