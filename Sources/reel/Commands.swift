import Foundation
import ReelFarm
import ReelMedia
import ReelModel
import ReelPlan
import ReelRecords
import ReelRender

/// The single-machine commands: validate, plan, render, thumbnails, probe.
enum Commands {
    static let version = Reel.version

    /// `reel validate comp.json`: every problem, one a line; exit 1 when there is any.
    static func validate(_ args: [String]) throws -> Int32 {
        guard let parsed = try Specs.validate.parse(args) else { return 0 }
        let path = try parsed.positionals("a composition file")[0]
        var request = try RenderRequest.reading(path)
        try request.applyOTIOOptions(parsed)
        let validation = try ProjectValidation(request)
        let problems = validation.problems
        if parsed.flag("json") {
            let list = problems.map { ["path": $0.path, "message": $0.message] }
            print(FarmJSON.string(["valid": problems.isEmpty, "problems": list]))
        } else if let project = validation.project {
            printWarnings(project, command: "validate")
            print("\(path): valid — \(project.plan.clips.count) clips, \(project.plan.duration.secondsText), "
                  + "\(project.plan.totalFrames) frames, \(project.plan.segments.count) segments")
        } else {
            for problem in problems { print(problem) }
            writeErr("reel validate: \(path): \(problems.count) problem\(problems.count == 1 ? "" : "s")\n")
        }
        return problems.isEmpty ? 0 : 1
    }

    /// `reel plan comp.json [--segment-seconds S] [--json]`.
    static func plan(_ args: [String]) throws -> Int32 {
        guard let parsed = try Specs.plan.parse(args) else { return 0 }
        let path = try parsed.positionals("a composition file")[0]
        var request = try RenderRequest.reading(path, segmentSeconds: parsed.value("segment-seconds"))
        try request.applyOTIOOptions(parsed)
        let project = try Project(request)
        printWarnings(project, command: "plan")
        let report = PlanReport(plan: project.plan)
        print(parsed.flag("json") ? try report.json() : report.text())
        if !parsed.flag("json") { markerLines(project.composition).forEach { print($0) } }
        return 0
    }

    /// `reel probe FILE [--json]`.
    static func probe(_ args: [String]) throws -> Int32 {
        guard let parsed = try Specs.probe.parse(args) else { return 0 }
        let path = try parsed.positionals("a media file")[0]
        let facts = try MediaProbe.probe(path: path, scanKeyframes: parsed.flag("keyframes"))
        print(parsed.flag("json") ? ProbeText.json(facts) : ProbeText.text(facts))
        return 0
    }

    /// `reel thumbnails comp.json --at 0,2.5,10 -o dir/`.
    static func thumbnails(_ args: [String]) throws -> Int32 {
        guard let parsed = try Specs.thumbnails.parse(args) else { return 0 }
        let path = try parsed.positionals("a composition file")[0]
        guard let at = parsed.value("at"), let dir = parsed.value("output") else {
            throw UsageError(message: "needs --at T[,T…] and -o DIR")
        }
        let times = try at.split(separator: ",").map { try seconds(String($0), option: "--at") }
        let project = try Project(RenderRequest.reading(path))
        let renderer = SegmentRenderer(plan: project.plan, store: PartStore(root: NSTemporaryDirectory()), rules: project.inputs)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for t in times {
            let f = try project.composition.output.frameRate.frame(containing: RationalTime(t))
            guard f >= 0, f < project.plan.totalFrames else {
                throw UsageError(message: "--at \(t.exactDecimalOrFraction): outside the timeline, which runs from 0 to "
                                 + project.plan.duration.secondsText)
            }
            let file = "\(dir)/t\(t.exactDecimalOrFraction.replacingOccurrences(of: "/", with: "_"))s.png"
            try PNGImage.encode(try renderer.picture(atFrame: f), to: file)
            print("\(file): frame \(f)")
        }
        return 0
    }
}
