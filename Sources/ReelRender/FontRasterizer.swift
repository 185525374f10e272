internal import CFreeType
import ReelMedia
import ReelModel

/// Rasterises text with FreeType into an alpha mask.
///
/// One face, opened once; the class owns the `FT_Library` and `FT_Face` and frees them in `deinit`.
/// FreeType objects are not thread-safe: use one rasterizer per thread (it is deliberately not `Sendable`).
///
/// Layout: UTF-8 text is read as Unicode scalars; `\n` starts a new line. Glyphs are placed on 26.6
/// fixed-point pen positions with the face's kerning when it has any; each line is centred in the box.
/// The box is `max line advance × (lines · line height)` (FreeType's `size->metrics.height`), grown to
/// hold any ink outside it. Overlapping glyph pixels keep the larger coverage. Characters the face lacks
/// render as its `.notdef` glyph.
public final class FontRasterizer {
    /// The font file in use.
    public let path: String
    /// The face index inside the file (non-zero for collections such as `.ttc`).
    public let faceIndex: Int
    /// The font file as it was opened.
    public let fileID: FileID
    private let library: FT_Library
    private let face: FT_Face

    /// Opens the font named by `font` (a path or a family name; nil for DejaVu Sans). A font given as a path
    /// is opened under `rules` (its media roots, the file checked at load); one found by family name in the
    /// system's font folders under `rules.unrooted`. Either way FreeType reads the checked descriptor's file.
    /// - Throws: `TitleError.fontNotFound`, `.fontFile` (a FIFO, outside the roots, changed), or `.freetype`.
    public init(font: String? = nil, rules: InputRules = .anywhere) throws(TitleError) {
        let (path, faceIndex) = try Self.locate(font)
        let file: InputFile
        do { file = try InputFile(path, rules: font?.contains("/") == true ? rules : rules.unrooted) } catch {
            throw .fontFile(font: font ?? path, error: error)
        }
        var library: FT_Library?
        var error = FT_Init_FreeType(&library)
        guard error == 0, let library else { throw .freetype(function: "FT_Init_FreeType", code: error, font: path) }
        var face: FT_Face?
        error = FT_New_Face(library, file.openPath, faceIndex, &face)
        guard error == 0, let face else {
            FT_Done_FreeType(library)
            throw .freetype(function: "FT_New_Face", code: error, font: path)
        }
        self.path = path
        self.faceIndex = faceIndex
        self.fileID = file.id
        self.library = library
        self.face = face
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// Renders `text` at `pixelSize` pixels per em.
    /// - Returns: the coverage mask; `.empty` for empty text or a non-positive size.
    /// - Throws: `TitleError.freetype` when FreeType fails to size the face or load a glyph.
    /// - Throws: `TitleError.tooLarge` (naming `title`) when the mask would exceed
    ///   `CompositionLimits.maxTitleRasterPixels`; it is measured before anything that large is allocated.
    public func rasterize(_ text: String, pixelSize: Int, title: String = "") throws(TitleError) -> TitleMask {
        guard pixelSize > 0, !text.isEmpty else { return .empty }
        try call("FT_Set_Pixel_Sizes", FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize)))
        let metrics = face.pointee.size.pointee.metrics
        let ascender = Int((metrics.ascender + 63) >> 6), lineHeight = Int((metrics.height + 63) >> 6)
        var layout = TitleGlyphLayout()
        for (row, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            try layoutLine(line, baseline: ascender + row * lineHeight, into: &layout, title: title)
        }
        layout.lineHeight = lineHeight
        let (width, height) = layout.maskSize()
        guard width * height <= CompositionLimits.maxTitleRasterPixels else {
            throw .tooLarge(title: title, message: "the text needs \(width) × \(height) pixels")
        }
        return layout.mask()
    }

    /// Places the glyphs of one line on the baseline.
    private func layoutLine(_ line: Substring, baseline: Int, into layout: inout TitleGlyphLayout,
                            title: String) throws(TitleError) {
        let hasKerning = face.pointee.face_flags & FT_Long(1 << 6) != 0   // FT_FACE_FLAG_KERNING
        var pen = 0, previous: FT_UInt = 0
        layout.beginLine()
        for scalar in line.unicodeScalars {
            let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            if hasKerning, previous != 0, index != 0 {
                var delta = FT_Vector()
                if FT_Get_Kerning(face, previous, index, FT_UInt(FT_KERNING_DEFAULT.rawValue), &delta) == 0 {
                    pen += Int(delta.x)
                }
            }
            try call("FT_Load_Glyph", FT_Load_Glyph(face, index, Int32(reel_ft_load_render_flags())))
            let slot = face.pointee.glyph.pointee
            layout.add(TitleGlyphLayout.coverage(of: slot.bitmap), x: (pen + 32) >> 6 + Int(slot.bitmap_left),
                       y: baseline - Int(slot.bitmap_top))
            // Glyphs are kept until the mask is built; their ink alone must stay within bounds.
            guard layout.glyphPixels <= 2 * CompositionLimits.maxTitleRasterPixels else {
                throw .tooLarge(title: title, message: "the text's glyphs need over \(layout.glyphPixels) pixels")
            }
            pen += Int(slot.advance.x)
            previous = index
        }
        layout.endLine(advance: (pen + 63) >> 6)
    }

    private func call(_ function: String, _ error: FT_Error) throws(TitleError) {
        guard error == 0 else { throw .freetype(function: function, code: error, font: path) }
    }
}
