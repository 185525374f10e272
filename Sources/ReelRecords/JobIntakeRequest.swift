import ReelModel
import ReelQueue

/// What `POST /api/v1/jobs` asks for, read from its envelope by the web server and not yet judged: whether the
/// document loads, how its media probes and where its output goes are the intake's to say (ReelFarm's
/// `FarmIntake`). Here, below both, so that the server and the farm share it without the server linking media.
public struct JobIntakeRequest: Sendable, Hashable {
    /// How `document` is read: Reel's composition JSON or an OpenTimelineIO timeline.
    public enum Format: String, Sendable, Hashable {
        case composition
        case otio
    }

    public var format: Format
    /// The document's JSON text.
    public var document: String
    /// The output file's name relative to the server's output root, e.g. `spots/final.mp4`.
    public var output: String
    /// The job's name; nil names it after the output file.
    public var name: String?
    /// Higher is claimed first.
    public var priority: Int
    /// Tags a worker must have to render the job.
    public var tags: [String]
    /// Exact seconds per segment ("10", "7/30"); nil for the default.
    public var segmentSeconds: String?
    /// Exact seconds `A..B` of the timeline to render; nil for all of it.
    public var range: String?
    /// Who submits it, set by the server from its authorisation (never from the body); "" for the operator.
    public var owner: String = ""
    /// The submitter's own media roots, set by the server from the token (never from the body); nil: the server's.
    public var mediaRoots: [String]?
    /// The submitter's own output root, which `output` is relative to (set like `mediaRoots`); nil: the server's.
    public var outputRoot: String?
    /// Told by an HTTP POST when the job ends; checked by the server against SSRF before the intake sees it.
    public var webhook: String?
    /// The API token that submits it, set by the server (its secret signs the webhooks); nil for the operator.
    public var tokenID: Int64?
    /// What the submitter may hold in the queue with this job (its token's caps, set by the server); none for the operator.
    public var caps = OwnerCaps()

    public init(format: Format, document: String, output: String, name: String? = nil, priority: Int = 0,
                tags: [String] = [], segmentSeconds: String? = nil, range: String? = nil) {
        self.format = format; self.document = document; self.output = output; self.name = name
        self.priority = priority; self.tags = tags; self.segmentSeconds = segmentSeconds; self.range = range
    }
}

/// What an intake made of a request.
public enum JobIntakeOutcome: Sendable, Hashable {
    /// The job was inserted, with its segments.
    case queued(jobID: Int64)
    /// Nothing was inserted: every problem, each at its JSON path in the envelope (`composition.videos[0].asset`,
    /// `output`, `range`).
    case invalid([Diagnostic])
    /// Nothing was inserted: the submitter's caps (`OwnerCaps`) have no room for it.
    case capReached(OwnerCapRefusal)
}
