import Foundation

/// Reading the JSON that commands print, and checking Reel's one JSON style (snake_case keys everywhere).
public enum TestJSON {
    /// Parses one JSON document (an object, an array or a bare value).
    public static func parse(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    /// Every key of a parsed JSON value, recursively, with the path of the object that holds it.
    public static func keys(_ value: Any, path: String = "$") -> [(path: String, key: String)] {
        if let object = value as? [String: Any] {
            return object.flatMap { key, child in [(path, key)] + keys(child, path: "\(path).\(key)") }
        }
        if let array = value as? [Any] { return array.enumerated().flatMap { keys($1, path: "\(path)[\($0)]") } }
        return []
    }

    /// The keys of `text` (one JSON document, or one per line when `lines`) that are not snake_case, as paths.
    public static func badKeys(_ text: String, lines: Bool = false) throws -> [String] {
        let documents = lines ? text.split(separator: "\n").map(String.init) : [text]
        let snake = try Regex("^[a-z][a-z0-9_]*$")
        return try documents.flatMap { doc in
            keys(try parse(doc)).filter { (try? snake.wholeMatch(in: $0.key)) == nil }.map { "\($0.path).\($0.key)" }
        }
    }
}
