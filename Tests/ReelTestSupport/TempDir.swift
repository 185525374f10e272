import Foundation

/// A fresh folder under the temporary directory, for one test; `remove()` it when done.
public struct TempDir: Sendable {
    /// The folder.
    public let url: URL

    /// Makes `reel-test-LABEL-XXXXXXXX` under the temporary directory.
    public init(_ label: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("reel-test-\(label)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path `name` inside the folder.
    public func callAsFunction(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Removes the folder and everything in it.
    public func remove() { try? FileManager.default.removeItem(at: url) }

    /// The names in `folder` (default: the directory itself); none when the folder does not exist.
    public func contents(_ folder: String? = nil) throws -> [String] {
        let path = folder.map { url.appendingPathComponent($0).path } ?? url.path
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }
}
