/// One problem found in a composition: where it is (a JSON path such as `videos[2].sourceRange`)
/// and a sentence a person understands.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The JSON path of the offending value; empty for the document as a whole.
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `"path: message"`, or just the message when the path is empty.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// A composition that could not be loaded, with every problem found.
public struct CompositionLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One diagnostic per line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Collects diagnostics while a document is decoded and checked. Used on one thread only.
final class DiagnosticLog {
    private(set) var items: [Diagnostic] = []

    func add(_ path: String, _ message: String) {
        items.append(Diagnostic(path: path, message: message))
    }

    var isEmpty: Bool { items.isEmpty }
}

/// Building JSON paths: `videos[2].sourceRange`, `assets["my clip"]`.
enum JSONPath {
    static func member(_ base: String, _ key: String) -> String {
        let simple = !key.isEmpty && key.utf8.allSatisfy { isIdentifierByte($0) }
            && !(key.utf8.first.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? true)
        let part = simple ? key : "[\"\(key)\"]"
        if base.isEmpty { return part }
        return simple ? "\(base).\(part)" : "\(base)\(part)"
    }

    static func index(_ base: String, _ i: Int) -> String { "\(base)[\(i)]" }

    private static func isIdentifierByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }
}
