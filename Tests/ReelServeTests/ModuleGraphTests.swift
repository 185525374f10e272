import Foundation
import Testing

/// The module graph as Package.swift declares it, checked against the import lines of each target's files:
/// the web server sees the farm only through ReelRecords (no FFmpeg, no FreeType in its graph), and no target
/// declares a module it never imports or imports one of the package's modules it does not declare.
@Suite struct ModuleGraphTests {
    /// The package's targets: declared dependencies and the folder their files live in.
    struct Target {
        var name: String
        var kind: String
        var dependencies: [String]
        var path: String
    }

    static let root = MetricsFixture.repoRoot

    /// Parsed from the manifest's text: `swift package dump-package` would need the build folder's lock, which
    /// `swift test` holds while the tests run.
    static func targets() throws -> [Target] {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let start = try Regex(#"\.(target|executableTarget|testTarget|systemLibrary)\(name: "([A-Za-z_-]+)""#)
        let matches = text.matches(of: start)
        return try matches.enumerated().map { n, match in
            let end = n + 1 < matches.count ? matches[n + 1].range.lowerBound : text.endIndex
            let body = String(text[match.range.upperBound..<end])
            let kind = String(match.output[1].substring ?? ""), name = String(match.output[2].substring ?? "")
            var dependencies: [String] = []
            if let list = body.firstMatch(of: try Regex(#"dependencies: \[([^\]]*)\]"#)) {
                dependencies = String(list.output[1].substring ?? "").matches(of: try Regex(#""([^"]+)""#))
                    .map { String($0.output[1].substring ?? "") }
            }
            let path = body.firstMatch(of: try Regex(#"path: "([^"]+)""#)).map { String($0.output[1].substring ?? "") }
            return Target(name: name, kind: kind, dependencies: dependencies,
                          path: path ?? (kind == "testTarget" ? "Tests/\(name)" : "Sources/\(name)"))
        }
    }

    /// The modules the Swift files under `path` import, attributes (`@testable`, `internal` …) aside.
    static func imports(under path: String) throws -> Set<String> {
        let folder = root.appendingPathComponent(path)
        let files = try #require(FileManager.default.enumerator(atPath: folder.path), "cannot list \(path)")
        let line = try Regex(#"^(?:@testable |@_implementationOnly |internal |public |package )*import ([A-Za-z_]+)"#)
        var modules: Set<String> = []
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for row in text.split(separator: "\n") {
                if let match = row.firstMatch(of: line) { modules.insert(String(match.output[1].substring ?? "")) }
            }
        }
        return modules
    }

    /// Every module `name` depends on, directly or through another.
    static func closure(of name: String, in targets: [Target]) -> Set<String> {
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var seen: Set<String> = [], pending = byName[name]?.dependencies ?? []
        while let next = pending.popLast() {
            if seen.insert(next).inserted { pending += byName[next]?.dependencies ?? [] }
        }
        return seen
    }

    @Test func serveLinksNeitherTheFarmNorMedia() throws {
        let targets = try Self.targets()
        let serve = try #require(targets.first { $0.name == "ReelServe" }, "Package.swift has no ReelServe target")
        #expect(serve.dependencies.contains("ReelRecords"), "\(serve.dependencies)")
        let graph = Self.closure(of: "ReelServe", in: targets)
        let forbidden: Set<String> = ["ReelFarm", "ReelRender", "ReelMedia", "CFFmpeg", "CFreeType"]
        #expect(graph.isDisjoint(with: forbidden),
                "ReelServe's module graph holds \(graph.intersection(forbidden).sorted())")
    }

    @Test func everyTargetImportsExactlyWhatItDeclares() throws {
        let targets = try Self.targets()
        #expect(targets.count > 20, "parsed only \(targets.map(\.name)) from Package.swift")
        let modules = Set(targets.map(\.name))
        var wrong: [String] = []
        for target in targets where target.kind != "systemLibrary" {
            let imported = try Self.imports(under: target.path).intersection(modules)
            let declared = Set(target.dependencies)
            for unused in declared.subtracting(imported).sorted() { wrong.append("\(target.name) declares \(unused)") }
            for missing in imported.subtracting(declared).sorted() { wrong.append("\(target.name) imports \(missing)") }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }

    @Test("every folder of Tests/ is a target, and the test-support targets serve only tests")
    func testFoldersAreTargetsAndSupportStaysInTests() throws {
        let targets = try Self.targets()
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Tests").path)
            .filter { $0 != "Fuzz" }   // the fuzz entry points are built by scripts/fuzz.sh, not by SwiftPM
        let declared = Set(targets.map(\.path).filter { $0.hasPrefix("Tests/") }.map { String($0.dropFirst(6)) })
        #expect(Set(folders) == declared, "Tests/ holds \(folders.sorted()); Package.swift declares \(declared.sorted())")
        let support = Set(targets.filter { $0.kind == "target" && $0.path.hasPrefix("Tests/") }.map(\.name))
        #expect(support.contains("ReelTestSupport"), "\(support.sorted())")
        for target in targets where target.kind != "testTarget" && !target.path.hasPrefix("Tests/") {
            let used = support.intersection(target.dependencies)
            #expect(used.isEmpty, "\(target.name) depends on test support \(used.sorted())")
        }
    }
}
