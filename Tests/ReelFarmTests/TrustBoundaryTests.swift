import Foundation
import ReelQueue
import Testing
@testable import ReelFarm

/// Issue 18's file-system findings, each as it was reproduced: an output that is one of the job's own inputs
/// (data loss), an existing file replaced without `--overwrite`, an output root escaped through a link to a
/// folder that does not exist yet, a source re-pointed after the project loaded, and a FIFO font. Every case
/// checks that no input changed (byte for byte) and nothing was published where it must not be.
@Suite(.serialized) struct TrustBoundaryTests {
    /// Ways an output can name one of the job's inputs. Each is refused even with `--overwrite`.
    struct Alias: Sendable, CustomStringConvertible {
        var name: String
        var message: String
        /// Makes the files, returns the composition and the output path.
        var setup: @Sendable (TrustBench) throws -> (composition: String, output: String)
        var description: String { name }
    }

    static let aliases: [Alias] = [
        Alias(name: "the source itself", message: "is the same file as the job's input") { b in
            (try b.composition(), b.path("media/a.mp4"))
        },
        Alias(name: "the source through ..", message: "is the same file as the job's input") { b in
            (try b.composition(), b.path("out/../media/a.mp4"))
        },
        Alias(name: "a hard link to the source", message: "is the same file as the job's input") { b in
            try FileManager.default.linkItem(atPath: b.path("media/a.mp4"), toPath: b.path("out/hard.mp4"))
            return (try b.composition(), b.path("out/hard.mp4"))
        },
        Alias(name: "a symbolic link to the source", message: "is a symbolic link") { b in
            try FileManager.default.createSymbolicLink(atPath: b.path("out/soft.mp4"), withDestinationPath: b.path("media/a.mp4"))
            return (try b.composition(), b.path("out/soft.mp4"))
        },
        Alias(name: "the source through a linked folder", message: "is the same file as the job's input") { b in
            try FileManager.default.createSymbolicLink(atPath: b.path("out/lnk"), withDestinationPath: b.path("media"))
            return (try b.composition(), b.path("out/lnk/a.mp4"))
        },
        Alias(name: "the title image", message: "is the same file as the job's input") { b in
            try FileManager.default.copyItem(atPath: b.path("media/logo.png"), toPath: b.path("media/logo.mov"))
            let title = #""titles": [{"timeRange": {"start": 0, "duration": 1}, "image": "logo.mov"}]"#
            return (try b.composition(extra: title), b.path("media/logo.mov"))
        },
        Alias(name: "the font", message: "is the same file as the job's input") { b in
            try FileManager.default.copyItem(atPath: b.path("media/font.ttf"), toPath: b.path("media/font.mov"))
            let title = #""titles": [{"timeRange": {"start": 0, "duration": 1}, "text": "Hi", "font": "\#(b.path("media/font.mov"))"}]"#
            return (try b.composition(extra: title), b.path("media/font.mov"))
        },
        Alias(name: "the watermark", message: "is the same file as the job's input") { b in
            try FileManager.default.copyItem(atPath: b.path("media/logo.png"), toPath: b.path("media/mark.mov"))
            return (try b.composition(extra: #""watermark": {"image": "mark.mov"}"#), b.path("media/mark.mov"))
        },
        Alias(name: "the composition file", message: "is the same file as the job's input") { b in
            (try b.composition(name: "comp.mov"), b.path("media/comp.mov"))
        },
    ]

    @Test("reel render refuses an output that is one of its own inputs, and changes none of them", arguments: aliases)
    func outputOverAnInput(_ alias: Alias) throws {
        let bench = try TrustBench("alias")
        defer { bench.remove() }
        let (composition, output) = try alias.setup(bench)
        let before = bench.contents("media").map { ($0, bench.bytes("media/" + $0)) }
        let run = try DeadlineRun.reel(["render", composition, "-o", output, "--overwrite",
                                        "--storage", bench.path("store"), "--workers", "1"])
        #expect(run.status == 1 && run.stderr.contains(alias.message), "\(alias.name): exit \(run.status)\n\(run.stderr)")
        for (name, bytes) in before {
            #expect(bench.bytes("media/" + name) == bytes, "\(alias.name): media/\(name) changed")
        }
        #expect(!bench.contents("media").contains { $0.contains(".tmp") } && !bench.contents("out").contains { $0.contains(".tmp") })
    }

    @Test("an existing output is replaced only with --overwrite")
    func overwriteOnRequest() throws {
        let bench = try TrustBench("overwrite")
        defer { bench.remove() }
        let composition = try bench.composition()
        let output = bench.path("out/x.mp4")
        try Data("an editor's earlier export".utf8).write(to: URL(fileURLWithPath: output))
        let args = ["render", composition, "-o", output, "--storage", bench.path("store"), "--workers", "1"]
        let refused = try DeadlineRun.reel(args)
        #expect(refused.status == 1 && refused.stderr.contains("already exists; pass --overwrite to replace it"), "\(refused.stderr)")
        #expect(bench.bytes("out/x.mp4") == Data("an editor's earlier export".utf8))
        #expect(bench.contents("out") == ["x.mp4"], "\(bench.contents("out"))")
        let replaced = try DeadlineRun.reel(args + ["--overwrite"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect((bench.bytes("out/x.mp4")?.count ?? 0) > 1000)
    }
}

extension TrustBoundaryTests {
    @Test("submit refuses an output that is an input of another active job")
    func outputOverAnotherJobsInput() throws {
        let bench = try TrustBench("other-job")
        defer { bench.remove() }
        let coordinator = Coordinator(queue: bench.queue, store: bench.store)
        let first = try coordinator.submit(try bench.project(try bench.composition()), output: bench.path("out/first.mp4"),
                                           name: "first")
        try FileManager.default.copyItem(atPath: bench.path("media/a.mp4"), toPath: bench.path("media/b.mp4"))
        let second = try bench.project(try bench.composition(asset: "b.mp4", name: "second.json"))
        #expect {
            _ = try coordinator.submit(second, output: bench.path("media/a.mp4"), name: "second", overwrite: true)
        } throws: { error in
            "\(error)".contains("is an input (\(bench.path("media/a.mp4"))) of active job \(first.jobID)")
        }
        #expect(try bench.queue.jobList(JobListParams(limit: 10)).count == 1, "the second job was queued")
    }

    @Test("a folder swapped for a link to the sources after submit: the stitcher refuses to publish over a source")
    func aliasCheckedAgainBeforePublishing() throws {
        let bench = try TrustBench("swap-folder")
        defer { bench.remove() }
        try FileManager.default.createDirectory(atPath: bench.path("out/sub"), withIntermediateDirectories: false)
        let project = try bench.project(try bench.composition())
        let before = bench.bytes("media/a.mp4")
        let job = try Coordinator(queue: bench.queue, store: bench.store).submit(
            project, output: bench.path("out/sub/a.mp4"), name: "swap", overwrite: true)
        try FileManager.default.removeItem(atPath: bench.path("out/sub"))
        try FileManager.default.createSymbolicLink(atPath: bench.path("out/sub"), withDestinationPath: bench.path("media"))
        let done = try bench.runWorker(job.jobID)
        #expect(done.state == .failed && (done.error ?? "").contains("is the same file as the job's input"), "\(done.error ?? "")")
        #expect(bench.bytes("media/a.mp4") == before, "the source was replaced by the render")
    }

    @Test("an output root escaped through a link to a folder that does not exist yet")
    func outputRootEscapeThroughLink() throws {
        let bench = try TrustBench("root-escape")
        defer { bench.remove() }
        try FileManager.default.createSymbolicLink(atPath: bench.path("out/lnk"), withDestinationPath: bench.path("outside"))
        let project = try bench.project(try bench.composition())
        let output = bench.path("out/lnk/newdir/x.mp4")
        #expect {
            _ = try Coordinator(queue: bench.queue, store: bench.store).submit(project, output: output, name: "escape",
                                                                              outputRoots: [bench.path("out")])
        } throws: { error in
            guard case FarmError.outsideOutputRoots = error else { return false }
            return true
        }
        // Written into the queue directly, as a database writer could: the worker's own roots refuse it.
        let job = try bench.insertJob(project, output: output)
        let done = try bench.runWorker(job, outputRoots: [bench.path("out")])
        #expect(done.state == .failed && (done.error ?? "").contains("lies outside the output roots"), "\(done.error ?? "")")
        #expect(bench.contents("outside") == ["red.mp4"], "published outside the root: \(bench.contents("outside"))")
    }
}

extension TrustBoundaryTests {
    enum Swap: String, CaseIterable, CustomStringConvertible, Sendable {
        case linkRepointed, fileReplaced
        var description: String { rawValue }
    }

    @Test("a source changed after the project loaded is never rendered: the segment fails", arguments: Swap.allCases)
    func sourceChangedAfterLoad(_ swap: Swap) throws {
        let bench = try TrustBench("swap-\(swap)")
        defer { bench.remove() }
        try FileManager.default.createSymbolicLink(atPath: bench.path("media/link.mp4"), withDestinationPath: bench.path("media/a.mp4"))
        let roots = [bench.path("media")]
        let project = try bench.project(try bench.composition(asset: swap == .linkRepointed ? "link.mp4" : "a.mp4",
                                                              seconds: 2), mediaRoots: roots)
        let job = try bench.insertJob(project, output: bench.path("out/x.mp4"))
        let projects = ProjectCache(mediaRoots: roots)
        projects.insert(project, for: job)   // loaded and checked, as for the job's first segment
        switch swap {
        case .linkRepointed:
            try FileManager.default.removeItem(atPath: bench.path("media/link.mp4"))
            try FileManager.default.createSymbolicLink(atPath: bench.path("media/link.mp4"),
                                                       withDestinationPath: bench.path("outside/red.mp4"))
        case .fileReplaced:
            try FileManager.default.removeItem(atPath: bench.path("media/a.mp4"))
            try FileManager.default.copyItem(atPath: bench.path("outside/red.mp4"), toPath: bench.path("media/a.mp4"))
        }
        let done = try bench.runWorker(job, projects: projects, mediaRoots: roots)
        #expect(done.state == .failed, "the changed source was rendered")
        // A file copied over the name may reuse the freed inode: then its size and time tell it apart.
        let refusal = swap == .linkRepointed ? "lies outside the roots" : "submit the job again"
        #expect((done.error ?? "").contains(refusal), "\(done.error ?? "")")
        #expect(!bench.contents("out").contains("x.mp4"))
    }

    @Test("reel validate with a FIFO as the title font answers at once, naming the font")
    func fifoFontValidate() throws {
        let bench = try TrustBench("fifo-validate")
        defer { bench.remove() }
        #expect(mkfifo(bench.path("media/fifo.ttf"), 0o644) == 0)
        let title = #""titles": [{"timeRange": {"start": 0, "duration": 1}, "text": "Hi", "font": "\#(bench.path("media/fifo.ttf"))"}]"#
        let run = try DeadlineRun.reel(["validate", try bench.composition(extra: title)], seconds: 20)
        let said = run.stdout + run.stderr
        #expect(run.status == 1 && said.contains("titles[0].font") && said.contains("is a FIFO"), "\(said)")
    }

    @Test("a font swapped for a FIFO after the project loaded fails its segment and names the font")
    func fifoFontAfterLoad() throws {
        let bench = try TrustBench("fifo-worker")
        defer { bench.remove() }
        let font = bench.path("media/font.ttf")
        let title = #""titles": [{"timeRange": {"start": 0, "duration": 1}, "text": "Hi", "font": "\#(font)"}]"#
        let roots = [bench.path("media")]
        let project = try bench.project(try bench.composition(extra: title), mediaRoots: roots)
        let job = try bench.insertJob(project, output: bench.path("out/x.mp4"))
        let projects = ProjectCache(mediaRoots: roots)
        projects.insert(project, for: job)
        try FileManager.default.removeItem(atPath: font)
        #expect(mkfifo(font, 0o644) == 0)
        let done = try bench.runWorker(job, projects: projects, mediaRoots: roots, seconds: 30)
        #expect(done.state == .failed && (done.error ?? "").contains(font) && (done.error ?? "").contains("is a FIFO"),
                "\(done.error ?? "")")
    }
}
