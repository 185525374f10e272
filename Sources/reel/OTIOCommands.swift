import Foundation
import ReelFarm
import ReelMedia
import ReelModel
import ReelOTIO
import ReelRecords

/// OpenTimelineIO on the command line: `--media-map` and `--offline slate` for render, submit,
/// plan and validate, warnings and markers, and `reel export-otio`.
extension Commands {
    /// Prints a project's warnings to standard error as `reel COMMAND: warning: …`.
    static func printWarnings(_ project: Project, command: String) {
        for warning in project.warnings { warn(command, "\(warning)") }
    }

    /// `reel COMMAND: warning: TEXT` on standard error.
    static func warn(_ command: String, _ text: String) {
        writeErr("reel \(command): warning: \(text)\n")
    }

    /// The markers of a composition, one a line, for `reel plan` (they become the chapters of an MP4/MOV/M4V).
    static func markerLines(_ composition: Composition) -> [String] {
        guard !composition.markers.isEmpty else { return [] }
        let rate = composition.output.frameRate
        return ["markers (written as chapters):"] + composition.markers.map { m in
            let frame = (try? rate.frame(containing: m.time)).map { "frame \($0)" } ?? ""
            return "  \(m.time.secondsText.padding(toLength: 12, withPad: " ", startingAt: 0)) \(frame)  \(m.name)"
        }
    }
}

extension RenderRequest {
    /// Applies `--media-map` and `--offline` to a request, checked by the one reader of them
    /// (`otioOptions(mediaRoots:)`, which the worker calls too).
    /// - Throws: `UsageError` for a malformed value.
    mutating func applyOTIOOptions(_ parsed: Arguments) throws {
        let maps = parsed.all("media-map")
        mediaMap = maps.isEmpty ? nil : maps
        offline = parsed.value("offline")
        do { _ = try otioOptions(mediaRoots: []) } catch { throw UsageError(message: "\(error)") }
    }
}

extension Commands {
    /// `reel export-otio comp.json -o x.otio`.
    static func exportOTIO(_ args: [String]) throws -> Int32 {
        guard let parsed = try Specs.exportOTIO.parse(args) else { return 0 }
        let path = try parsed.positionals("a composition file")[0]
        guard let output = parsed.value("output") else { throw UsageError(message: "needs -o OUT.otio") }
        var request = try RenderRequest.reading(path)
        try request.applyOTIOOptions(parsed)
        let project = try Project(request)
        printWarnings(project, command: "export-otio")
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let bytes = try OTIOExporter.export(project.composition, facts: project.facts, name: name)
        guard FileManager.default.createFile(atPath: output, contents: Data(bytes)) else {
            throw FarmError.io(path: output, message: "cannot be written")
        }
        print("wrote \(output): \(project.composition.videoTracks.count) video and "
              + "\(project.composition.audioTracks.count) audio track(s), \(project.plan.clips.count) clips")
        return 0
    }
}
