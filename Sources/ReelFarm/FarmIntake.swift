import Foundation
import ReelModel
import ReelPlan
import ReelQueue
import ReelRecords

/// Validates and queues the jobs that `POST /api/v1/jobs` receives, the way `reel validate` and `reel submit`
/// do, in the server's own process: the document is loaded and every source probed under the server's media
/// roots (relative paths resolve against the first), with the same `InputFile` rules as a worker's; the output is
/// a name relative to the first output root, judged by `OutputRoots`, `OutputTarget` and the coordinator (no
/// `..`, no absolute path, no link, no file that exists, no output another active job writes or reads).
/// Nothing is inserted and nothing is written for a request with any problem.
public struct FarmIntake: Sendable {
    public let coordinator: Coordinator
    public let mediaRoots: [String]
    public let outputRoots: [String]

    /// - Parameters:
    ///   - mediaRoots: where sources may lie; at least one (relative paths resolve against the first).
    ///   - outputRoots: where outputs may go; at least one (output names are relative to the first).
    public init(coordinator: Coordinator, mediaRoots: [String], outputRoots: [String]) {
        self.coordinator = coordinator
        self.mediaRoots = mediaRoots
        self.outputRoots = outputRoots
    }

    /// The request as a job, or every problem found at its path in the envelope.
    /// - Throws: `QueueError` when the database cannot be read or written.
    public func submit(_ job: JobIntakeRequest) throws -> JobIntakeOutcome {
        let request: RenderRequest, output: String
        switch settings(job) {
        case .failure(let refused): return .invalid(refused.problems)
        case .success(let checked): (request, output) = checked
        }
        let project: Project
        switch try Self.validate(request, mediaRoots: roots(job).media) {
        case .valid(let valid): project = valid
        case .invalid(let found): return .invalid(found)
        }
        // The coordinator's check that no active job writes the output is a read before its insert; two submissions
        // of one output at once, through this server or any other way in, are kept apart by the queue itself
        // (`QueueError.outputTaken`, the database's jobs_active_output), which the coordinator names at `output`.
        do {
            let submission = try coordinator.submit(project, output: output, name: job.name ?? (job.output as NSString).lastPathComponent,
                                                    owner: job.owner, priority: job.priority, requiredTags: job.tags,
                                                    outputRoots: roots(job).outputs, webhook: job.webhook, tokenID: job.tokenID,
                                                    caps: job.caps)
            return .queued(jobID: submission.jobID)
        } catch QueueError.capReached(let refusal) {
            return .capReached(refusal)
        } catch let error as FarmError {
            return .invalid([Diagnostic(path: "output", message: "\(job.output): " + Self.reason(error))])
        }
    }

    /// Problems found before the document is loaded.
    struct Refused: Error { var problems: [Diagnostic] }

    /// The request to load and the output's absolute path, or every problem of the settings: the output's name and
    /// extension, `segment_seconds`, `range`, and a timeline sent as a composition.
    func settings(_ job: JobIntakeRequest) -> Result<(RenderRequest, String), Refused> {
        var problems: [Diagnostic] = []
        var output: String?
        do { output = try OutputRoots(roots(job).outputs).path(ofName: job.output) } catch {
            problems.append(Diagnostic(path: "output", message: Self.reason(error)))
        }
        let container = Container(rawValue: (job.output as NSString).pathExtension.lowercased())
        if container == nil {
            problems.append(Diagnostic(path: "output", message: "the extension must be "
                                       + Container.allCases.map { "." + $0.rawValue }.joined(separator: ", ")))
        }
        if let text = job.segmentSeconds, (try? PlanOptions.parseSeconds(text, option: "segment_seconds")) == nil {
            problems.append(Diagnostic(path: "segment_seconds", message: "\"\(text)\" is not a number of seconds like 10, 2.5 or 1001/30000"))
        }
        var range: String?
        do { range = try job.range.map { try OutputRange(parsing: $0).text } } catch {
            problems.append(Diagnostic(path: "range", message: "\(error)"))
        }
        guard problems.isEmpty, let output else { return .failure(Refused(problems: problems)) }
        var request = RenderRequest(sourcePath: Self.sourcePath(job.format), baseDirectory: roots(job).media.first ?? "/",
                                    document: job.document, segmentSeconds: job.segmentSeconds)
        request.container = container?.rawValue
        request.range = range
        // The content type decides the format. A worker tells OTIO by its content too (`isOTIO`), so a timeline sent as
        // a composition is refused rather than read as what its content says.
        if job.format == .composition && request.isOTIO {
            return .failure(Refused(problems: [Diagnostic(path: "composition", message: "this is an OpenTimelineIO timeline: "
                                                          + "send it as application/vnd.opentimelineio+json")]))
        }
        return .success((request, output))
    }

    /// The roots a request is bounded by: its submitter's own (from the token) where the server set them, else the
    /// server's.
    func roots(_ job: JobIntakeRequest) -> (media: [String], outputs: [String]) {
        (job.mediaRoots ?? mediaRoots, job.outputRoot.map { [$0] } ?? outputRoots)
    }

    /// A request's document has no file: this path names none (`/dev/null` is no folder), so no file on the
    /// server is taken for the composition's own, and its extension says the format as a file's would.
    static func sourcePath(_ format: JobIntakeRequest.Format) -> String {
        format == .otio ? "/dev/null/request.otio" : "/dev/null/request.json"
    }

    /// `ProjectValidation` with every problem at its place in the envelope, under `composition`.
    /// - Throws: `QueueError` only; every other failure of a load is a problem of the request.
    static func validate(_ request: RenderRequest, mediaRoots: [String]) throws -> ProjectValidation {
        let under = { (path: String) in path.isEmpty ? "composition" : "composition." + path }
        do {
            switch try ProjectValidation(request, mediaRoots: mediaRoots) {
            case .valid(let project): return .valid(project)
            case .invalid(let list):
                return .invalid(list.map { Diagnostic(path: under($0.path), message: withoutRoots($0.message, base: mediaRoots.first)) })
            }
        } catch let problem as RangeProblem {
            return .invalid([Diagnostic(path: "range", message: problem.description)])
        } catch PlanError.invalidOptions(let message) {
            return .invalid([Diagnostic(path: "segment_seconds", message: message)])
        } catch let error as FarmError {
            if case .invalid(_, let list) = error { return .invalid(list.map { Diagnostic(path: "composition", message: $0) }) }
            return .invalid([Diagnostic(path: "composition", message: reason(error))])
        } catch let error as QueueError {
            throw error
        } catch {
            return .invalid([Diagnostic(path: "composition", message: "\(error)")])
        }
    }

    /// A probe's message without the list of the server's media roots and the option that sets them
    /// (`FarmError.outsideMediaRoots`, which the loader quotes): a client can change neither. A path under `base` (the
    /// root relative asset paths resolve against) is named as the client wrote it, relative to it, so the server's
    /// own folders are not told to strangers.
    static func withoutRoots(_ message: String, base: String?) -> String {
        var message = message
        if let at = message.range(of: " lies outside the media roots (") {
            message = message[..<at.lowerBound] + " lies outside the server's media roots"
        }
        guard let base, base.count > 1 else { return message }
        let folder = base.hasSuffix("/") ? base : base + "/"
        return message.replacingOccurrences(of: "\"" + folder, with: "\"").replacingOccurrences(of: " " + folder, with: " ")
    }

    /// What a refusal says to a client: the farm's message without the server's roots or its option names.
    static func reason(_ error: any Error) -> String {
        switch error as? FarmError {
        case .outsideMediaRoots(let path, _)?: return "\(path) lies outside the server's media roots"
        case .outsideOutputRoots?: return "lies outside the server's output root (through a link or '..')"
        case .io(_, let message)?:
            // The API never replaces a file, and its clients have no command-line option to do so.
            let flag = "; pass --overwrite to replace it"
            return message.hasSuffix(flag) ? message.dropLast(flag.count) + "; the API never replaces a file: choose another name"
                : message
        default: return "\(error)"
        }
    }
}
