import Foundation

/// The built `reel` executable that the process tests run.
public enum TestBinary {
    /// Where `reel` is: next to the test bundle (the products folder), else `.build/debug`.
    /// - Throws: `TestFailure` naming where it looked, when it is not built.
    public static func reel() throws -> String {
        var candidates: [URL] = []
        if let exe = Bundle.main.executableURL { candidates.append(exe.deletingLastPathComponent()) }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for bundle in Bundle.allBundles { candidates.append(bundle.bundleURL.deletingLastPathComponent()) }
        candidates.append(TestRepository.root.appendingPathComponent(".build/debug"))
        for folder in candidates {
            let path = folder.appendingPathComponent("reel").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw TestFailure("the reel binary is not built next to the tests (looked in \(candidates.map(\.path))); "
                          + "run `swift build --build-tests` (it builds the reel product too)")
    }
}

/// The checkout the tests were built from.
public enum TestRepository {
    /// The package's root folder (two levels above this file).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}
