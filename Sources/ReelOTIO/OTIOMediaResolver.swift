import Foundation

/// Finds the file behind a `target_url`.
///
/// The URL may be a `file://` URL (`file:///a/b.mov`, `file://localhost/D%3a/media/b.mov`), an
/// absolute path from another machine, or a relative path. Candidates are tried in order and the
/// first that exists wins:
/// 1. the path itself when absolute, else relative to the .otio file's folder;
/// 2. each `--media-map OLD=NEW` whose OLD is a prefix of the path (at a `/` boundary);
/// 3. each media root: `root/relative/path` (relative paths), then `root/basename`.
struct OTIOMediaResolver {
    let baseDirectory: String
    let options: OTIOImportOptions

    enum Outcome: Equatable {
        case found(String)
        case notFound(tried: [String])
        case notAFile(String)
    }

    func resolve(_ url: String) -> Outcome {
        guard let path = Self.path(of: url) else { return .notAFile(url) }
        let tried = candidates(for: path)
        if let hit = tried.first(where: options.fileExists) { return .found(hit) }
        return .notFound(tried: tried)
    }

    /// The path a URL names: percent-decoded, host removed, `\` as `/`, `/D:/x` as `D:/x`.
    static func path(of url: String) -> String? {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") {
            guard rest[..<scheme.lowerBound].lowercased() == "file" else { return nil }
            rest = rest[scheme.upperBound...]
            if !rest.hasPrefix("/") { rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? "" }
        } else if rest.lowercased().hasPrefix("file:") {
            rest = rest.dropFirst(5)
        }
        var path = (String(rest).removingPercentEncoding ?? String(rest)).replacingOccurrences(of: "\\", with: "/")
        if isDrivePath(path.dropFirst()) && path.hasPrefix("/") { path.removeFirst() }
        return path.isEmpty ? nil : path
    }

    static func isDrivePath(_ p: Substring) -> Bool {
        let c = Array(p.prefix(3))
        return c.count == 3 && c[0].isLetter && c[1] == ":" && c[2] == "/"
    }

    static func isAbsolute(_ path: String) -> Bool { path.hasPrefix("/") || isDrivePath(Substring(path)) }

    func candidates(for path: String) -> [String] {
        var out: [String] = []
        if Self.isAbsolute(path) { out.append(path) } else { out.append(Self.join(baseDirectory, path)) }
        for m in options.mediaMap {
            let from = m.from.hasSuffix("/") ? String(m.from.dropLast()) : m.from
            guard path == from || path.hasPrefix(from + "/") else { continue }
            out.append(m.to + path.dropFirst(from.count))
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        for root in options.mediaRoots {
            if !Self.isAbsolute(path) { out.append(Self.join(root, path)) }
            out.append(Self.join(root, name))
        }
        var seen = Set<String>()
        return out.filter { seen.insert($0).inserted }
    }

    static func join(_ base: String, _ relative: String) -> String {
        var rel = Substring(relative)
        while rel.hasPrefix("./") { rel = rel.dropFirst(2) }
        if base.isEmpty { return String(rel) }
        return base.hasSuffix("/") ? base + rel : base + "/" + rel
    }
}
