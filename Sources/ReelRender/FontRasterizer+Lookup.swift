internal import CFreeType
import Foundation
import ReelMedia

/// Finding a font file from a path or a family name.
///
/// `nil` is DejaVu Sans (`/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf`, Debian's fonts-dejavu-core).
/// A name containing "/" is a file path. Any other name is a family (and style) looked up in the font
/// directories, comparing lower-case letters and digits only:
/// 1. a file named after it: "DejaVu Sans Bold" → `DejaVuSans-Bold.ttf`;
/// 2. a file named after it plus "Regular": "Noto Sans CJK" → `NotoSansCJK-Regular.ttc`;
/// 3. a face whose FreeType family + style, or family alone, matches: "Noto Sans CJK SC" finds the
///    SC face inside `NotoSansCJK-Regular.ttc` (fonts-noto-cjk; not installed by default).
extension FontRasterizer {
    /// The default font: DejaVu Sans.
    public static let defaultFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// Where family names are looked up.
    public static let fontDirectories = ["/usr/share/fonts", "/usr/local/share/fonts"]

    /// The file and face index for `font`.
    /// - Throws: `TitleError.fontNotFound` naming the font and the directories searched.
    public static func locate(_ font: String?) throws(TitleError) -> (path: String, faceIndex: Int) {
        let name = font ?? "DejaVu Sans"
        if font == nil, FileManager.default.fileExists(atPath: defaultFontPath) { return (defaultFontPath, 0) }
        if name.contains("/") {
            guard FileManager.default.fileExists(atPath: name) else {
                throw .fontNotFound(font: name, searched: [name])
            }
            return (name, 0)
        }
        let key = normalised(name)
        let files = fontFiles()
        let stems = files.map { normalised(($0 as NSString).lastPathComponent.components(separatedBy: ".")[0]) }
        for candidate in [key, key + "regular"] {
            if let i = stems.firstIndex(of: candidate) { return (files[i], 0) }
        }
        if let match = faceMatching(key, in: files) { return match }
        throw .fontNotFound(font: name, searched: fontDirectories)
    }

    /// Lower-case letters and digits only.
    static func normalised(_ s: String) -> String {
        String(s.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }

    /// Every font file under `fontDirectories`, sorted for a deterministic choice.
    static func fontFiles() -> [String] {
        var found: [String] = []
        for directory in fontDirectories {
            guard let walker = FileManager.default.enumerator(atPath: directory) else { continue }
            while let relative = walker.nextObject() as? String {
                let ext = (relative as NSString).pathExtension.lowercased()
                if ["ttf", "otf", "ttc", "otc"].contains(ext) { found.append(directory + "/" + relative) }
            }
        }
        return found.sorted()
    }

    /// The first face whose "family style" or family normalises to `key`.
    static func faceMatching(_ key: String, in files: [String]) -> (path: String, faceIndex: Int)? {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        defer { FT_Done_FreeType(library) }
        var familyOnly: (String, Int)?
        for path in files {
            var index = 0, count = 1
            // Opened through a checked descriptor: a FIFO or device among the font files must not block.
            guard let file = try? InputFile(path, rules: .anywhere) else { continue }
            while index < count {
                var face: FT_Face?
                guard FT_New_Face(library, file.openPath, index, &face) == 0, let face else { break }
                count = Int(face.pointee.num_faces)
                let family = face.pointee.family_name.map { String(cString: $0) } ?? ""
                let style = face.pointee.style_name.map { String(cString: $0) } ?? ""
                FT_Done_Face(face)
                let full = normalised(family + style)
                if full == key || full == key + "regular" || full == key + "book" { return (path, index) }
                if familyOnly == nil, normalised(family) == key { familyOnly = (path, index) }
                index += 1
            }
        }
        return familyOnly
    }
}
