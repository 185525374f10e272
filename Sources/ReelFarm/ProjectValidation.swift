import ReelModel
import ReelRecords

/// What `reel validate` finds in a request: the project it loads and plans as, or every problem in its document.
/// One load answers both, so each asset is probed once and each title file opened once.
public enum ProjectValidation: Sendable {
    case valid(Project)
    /// Every problem, each at its place (a JSON path; "" for the document as a whole).
    case invalid([Diagnostic])

    /// Loads and plans `request`, as `Project` does.
    /// - Parameter mediaRoots: when not empty, every source must lie under one of these folders (`reel serve`'s).
    /// - Throws: what `Project.init` throws for a document that loads (a plan error), never for one that does not.
    public init(_ request: RenderRequest, mediaRoots: [String] = [], prober: MediaFileProber = MediaFileProber()) throws {
        do {
            self = .valid(try Project(loading: request, mediaRoots: mediaRoots, prober: prober))
        } catch let invalid as Project.InvalidDocument {
            self = .invalid(invalid.diagnostics)
        }
    }

    /// The project of a valid request.
    public var project: Project? {
        guard case .valid(let project) = self else { return nil }
        return project
    }

    /// The problems of an invalid request; none for a valid one.
    public var problems: [Diagnostic] {
        guard case .invalid(let problems) = self else { return [] }
        return problems
    }
}
