import Foundation
import Testing

/// docs/architecture.md draws the module graph; Package.swift declares it (`ModuleGraphTests.targets()` reads it).
/// They must say the same thing: every module of Sources/ with exactly its declared dependencies, in both.
extension ModuleGraphTests {
    /// `module: dependencies` lines between the doc's module-graph markers.
    static func documented() throws -> [String: Set<String>] {
        let doc = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let start = try #require(doc.range(of: "<!-- module-graph -->"), "no module-graph marker")
        let end = try #require(doc.range(of: "<!-- /module-graph -->"), "no closing marker")
        var graph: [String: Set<String>] = [:]
        for line in doc[start.upperBound..<end.lowerBound].split(separator: "\n") where line.contains(":") {
            let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let deps = parts[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            graph[String(parts[0])] = Set(deps)
        }
        return graph
    }

    @Test("docs/architecture.md's module graph is Package.swift's, for every folder of Sources/")
    func theMapMatchesThePackage() throws {
        let doc = try Self.documented()
        let modules = try Self.targets().filter { $0.path.hasPrefix("Sources/") }
        #expect(modules.count > 10, "parsed only \(modules.map(\.name)) from Package.swift")
        #expect(Set(doc.keys) == Set(modules.map(\.name)), "doc \(doc.keys.sorted()), package \(modules.map(\.name).sorted())")
        for module in modules {
            #expect(doc[module.name] == Set(module.dependencies),
                    "\(module.name): doc \(doc[module.name]?.sorted() ?? []), package \(module.dependencies.sorted())")
        }
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources").path)
        #expect(Set(folders) == Set(doc.keys), "Sources/ holds \(folders.sorted())")
    }
}
