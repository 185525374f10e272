import Foundation
import ReelModel
import ReelRecords

/// Reads the body of `POST /api/v1/jobs`: one JSON object holding the document and the job's settings,
///
///     {"composition": {…}, "output": "spots/final.mp4", "name": "Spot 3", "priority": 5, "tags": ["gpu"],
///      "segment_seconds": "10", "range": "2..12", "webhook": "https://hooks.example.com/reel"}
///
/// `Content-Type` says how `composition` is read: `application/json` for Reel's composition,
/// `application/vnd.opentimelineio+json` for an OpenTimelineIO timeline (docs/api.md says why). The body is read
/// by the model's own parser (`JSONParser`: strict RFC 8259, nesting at most 512 deep, numbers kept as written),
/// under the server's body limit, so a deep or huge document is a 400 or a 413 and never a crash.
enum JobEnvelope {
    static let compositionType = "application/json"
    static let otioType = "application/vnd.opentimelineio+json"
    static let members: Set<String> = ["composition", "output", "name", "priority", "tags", "segment_seconds", "range",
                                       "webhook"]
    static let maxTags = 32
    static let maxName = 200
    static let maxOutput = 1024

    /// The request, or the response that refuses it: 415 for another content type, 400 for a body that is not one
    /// JSON object, 422 with every problem at its path for members of the wrong kind.
    static func read(_ request: HTTPRequest) -> Result<JobIntakeRequest, Refusal> {
        guard let format = format(request.header("content-type")) else {
            return .failure(Refusal(.error(415, "send the job as \(compositionType) (a Reel composition) or as "
                                                + "\(otioType) (an OpenTimelineIO timeline)")))
        }
        let root: JSONValue
        do { root = try JSONParser.parse(Array(request.body), lenient: format == .otio) } catch {   // OTIO writers emit Inf, NaN
            return .failure(Refusal(.error(400, "the body is not JSON: \(error)")))
        }
        guard let members = root.objectMembers else {
            return .failure(Refusal(.error(400, "the body must be a JSON object, not \(root.kindDescription)")))
        }
        var fields = Fields(members)
        let document = fields.object("composition")
        let output = fields.string("output", required: true, max: maxOutput)
        let name = fields.string("name", max: maxName)
        let priority = fields.priority()
        let tags = fields.tags()
        let seconds = fields.string("segment_seconds", max: 64)
        let range = fields.string("range", max: 128)
        let webhook = fields.string("webhook", max: 2048)
        fields.refuseUnknown(members: Self.members)
        guard fields.problems.isEmpty, let document, let output else { return .failure(Refusal(problems: fields.problems)) }
        var job = JobIntakeRequest(format: format, document: document, output: output, name: name,
                                   priority: priority ?? 0, tags: tags ?? [], segmentSeconds: seconds, range: range)
        job.webhook = webhook
        return .success(job)
    }

    /// The document's format named by a `Content-Type` (parameters aside; a charset must be UTF-8); nil for any other.
    static func format(_ header: String?) -> JobIntakeRequest.Format? {
        guard let header else { return nil }
        let parts = header.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        for parameter in parts.dropFirst() where parameter.hasPrefix("charset=") {
            guard ["charset=utf-8", "charset=\"utf-8\""].contains(parameter) else { return nil }
        }
        switch parts.first {
        case compositionType: return .composition
        case otioType: return .otio
        default: return nil
        }
    }

    /// Why a body was refused: a response of its own (400, 415), or problems at their paths (422).
    struct Refusal: Error {
        var response: HTTPResponse
        init(_ response: HTTPResponse) { self.response = response }
        init(problems: [Diagnostic]) { response = JobEnvelope.invalid(problems) }
    }

    /// 422 listing every problem: `{"error": "…", "problems": [{"path": …, "message": …}]}`.
    static func invalid(_ problems: [Diagnostic]) -> HTTPResponse {
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        let body: [String: Any] = ["error": "the job is not valid (\(count)); nothing was queued",
                                   "problems": problems.map { ["path": $0.path, "message": $0.message] }]
        var response = HTTPResponse.bytes(APIJSON.data(body), type: "application/json")
        response.status = 422
        return response
    }
}
