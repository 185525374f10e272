import Foundation
import Testing

/// docs/architecture.md draws the module graph; Package.swift declares it. They must say the same thing: every
/// module of Sources/ with exactly its declared dependencies, in both.
@Suite struct ArchitectureMapTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

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

    /// The targets whose sources live in Sources/ (not benchmarks or tests), with their dependencies.
    static func declared() throws -> [String: Set<String>] {
        let package = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let target = try Regex(#"\.(target|executableTarget|systemLibrary)\(\s*name:\s*"([^"]+)"((?:[^()]|\([^()]*\))*)\)"#)
        let dependencies = try Regex(#"dependencies:\s*\[([^\]]*)\]"#)
        var graph: [String: Set<String>] = [:]
        for match in package.matches(of: target) {
            let name = String(match.output[2].substring ?? "")
            let rest = String(match.output[3].substring ?? "")
            guard !rest.contains("path: \"bench/") && !rest.contains("path: \"Tests/") else { continue }
            let list = rest.firstMatch(of: dependencies).map { String($0.output[1].substring ?? "") } ?? ""
            graph[name] = Set(list.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \n\"")) }
                .filter { !$0.isEmpty })
        }
        return graph
    }

    @Test("docs/architecture.md's module graph is Package.swift's")
    func theMapMatchesThePackage() throws {
        let doc = try Self.documented(), package = try Self.declared()
        #expect(!package.isEmpty && package["ReelModel"] != nil, "no targets parsed from Package.swift")
        #expect(Set(doc.keys) == Set(package.keys), "modules: doc \(doc.keys.sorted()), package \(package.keys.sorted())")
        for (module, deps) in package.sorted(by: { $0.key < $1.key }) {
            #expect(doc[module] == deps, "\(module): doc \(doc[module]?.sorted() ?? []), package \(deps.sorted())")
        }
    }

    @Test("every folder of Sources/ is a module of the map")
    func everySourceFolderIsMapped() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources").path)
        #expect(Set(folders) == Set(try Self.documented().keys))
    }
}
