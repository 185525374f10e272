import ReelMedia

/// Errors raised while rendering titles. Each names the font or title a person has to fix.
public enum TitleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No font file matched `font` (a path or a family name such as "DejaVu Sans Bold").
    case fontNotFound(font: String, searched: [String])
    /// The font's file was refused when opened (`InputFile`): a FIFO or device, outside the media roots,
    /// or not the file checked when the job was loaded.
    case fontFile(font: String, error: MediaError)
    /// A FreeType call failed: `function` is the C function, `code` its `FT_Error`.
    case freetype(function: String, code: Int32, font: String)
    /// A title's keyframes could not be evaluated exactly (arithmetic overflow).
    case keyframes(title: String, message: String)
    /// A title's raster would exceed `CompositionLimits.maxTitleRasterPixels` (or its pixel size the limit).
    case tooLarge(title: String, message: String)

    public var description: String {
        switch self {
        case let .fontNotFound(font, searched):
            return "font \"\(font)\" not found (looked for a file of that path or family under "
                + "\(searched.joined(separator: ", ")))"
        case let .fontFile(font, error): return "font \"\(font)\": \(error)"
        case let .freetype(function, code, font): return "\(font): \(function) failed (FreeType error \(code))"
        case let .keyframes(title, message): return "title \(title): keyframes: \(message)"
        case let .tooLarge(title, message):
            return "title \(title): too large: \(message); a title may cover at most 4096 × 4096 pixels"
        }
    }
}
