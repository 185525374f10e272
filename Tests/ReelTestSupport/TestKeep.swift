import Foundation

/// The one debug switch of the tests: `REEL_TEST_KEEP=DIR` keeps a copy of the pictures and pages some tests
/// make (a layer transform, a title's thumbnail, the web view's screenshots) under DIR, for a person to look at.
/// Unset, nothing is kept and nothing is printed (docs/testing.md).
public enum TestKeep {
    /// The folder REEL_TEST_KEEP names, made if missing; nil when the switch is off.
    public static var folder: URL? {
        guard let path = ProcessInfo.processInfo.environment["REEL_TEST_KEEP"], !path.isEmpty else { return nil }
        let url = URL(fileURLWithPath: path)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Copies `file` into the keep folder as `name` (replacing an older copy) when the switch is on.
    public static func copy(_ file: URL, as name: String) {
        guard let folder else { return }
        let target = folder.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: target)
        try? FileManager.default.copyItem(at: file, to: target)
    }
}
