import Foundation

/// One row of the hostile-input table: what a stranger supplies, and how `reel` must answer.
struct HostileCase: Sendable, CustomStringConvertible {
    struct Setup { var arguments: [String] }

    var name: String
    var status: Int32
    /// A piece of the message that names the place (JSON path, file or segment).
    var message: String
    var setup: @Sendable (HostileBench) throws -> Setup

    var description: String { name }
}

extension HostileCase {
    /// `reel render` of a composition, to `out/final.mp4` unless `output` is given.
    static func render(_ bench: HostileBench, _ composition: String, output: String? = nil) throws -> Setup {
        let comp = try bench.write("comp.json", composition)
        return Setup(arguments: ["render", comp, "-o", output ?? bench.path("out/final.mp4"),
                                 "--storage", bench.path("store"), "--workers", "1"])
    }

    /// A composition: clip `a` for a second, then `videos`, plus `assets` and top-level `extra` members.
    static func composition(assets: String = "", videos: String = "", extra: String = "") -> String {
        let clip = #"{"asset": "a", "sourceRange": {"start": 0, "duration": 1}}"#
        return #"{"assets": {"a": "a.mp4"\#(assets.isEmpty ? "" : ", " + assets)}, "#
            + #""videos": [\#(clip)\#(videos.isEmpty ? "" : ", " + videos)], "#
            + #""output": {"width": 160, "height": 90}\#(extra.isEmpty ? "" : ", " + extra)}"#
    }

    /// A composition whose second clip is the asset at `path` (a JSON string, already escaped).
    static func source(_ path: String) -> String {
        composition(assets: #""x": "\#(path)""#, videos: #"{"asset": "x", "sourceRange": {"start": 0, "duration": 1}}"#)
    }

    /// A composition with one title of the given members.
    static func title(_ members: String) -> String {
        composition(extra: #""titles": [{"timeRange": {"start": 0, "duration": 1}, \#(members)}]"#)
    }

    static func row(_ name: String, _ status: Int32, _ message: String,
                    _ composition: @escaping @Sendable (HostileBench) throws -> String) -> HostileCase {
        HostileCase(name: name, status: status, message: message) { bench in try render(bench, composition(bench)) }
    }

    static let all: [HostileCase] = outputs + compositions + titles + sources + media

    /// Output paths.
    static let outputs: [HostileCase] = [
        HostileCase(name: "output name of 245 characters", status: 1, message: "use a shorter name") { bench in
            try render(bench, composition(), output: bench.path("out/" + String(repeating: "x", count: 245) + ".mp4"))
        },
        HostileCase(name: "output folder in /proc", status: 1, message: "cannot create the output folder") { bench in
            try render(bench, composition(), output: "/proc/reel-hostile/final.mp4")
        },
        HostileCase(name: "output folder typo two levels deep", status: 1, message: "no such folder, and neither is") { bench in
            try render(bench, composition(), output: bench.path("outt/deeper/final.mp4"))
        },
        HostileCase(name: "output path is a folder", status: 1, message: "is a folder") { bench in
            try FileManager.default.createDirectory(atPath: bench.path("folder.mp4"), withIntermediateDirectories: false)
            return try render(bench, composition(), output: bench.path("folder.mp4"))
        },
        HostileCase(name: "output with a protocol prefix", status: 2, message: "-o pipe:1: the extension must be") { bench in
            try render(bench, composition(), output: "pipe:1")
        },
    ]
}
