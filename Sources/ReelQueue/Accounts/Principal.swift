/// Who is asking: the user, scope, limits and roots of a resolved API token (or of the server's operator token,
/// an admin principal with no token id). The queue's `JobAccess` methods take one and answer `jobNotFound` for a
/// job a submit-scoped principal does not own.
public struct Principal: Sendable, Hashable {
    /// The token's user: the `owner` of the jobs it submits.
    public var user: String
    public var scope: TokenScope
    /// The `api_tokens` row; nil for the server's operator token.
    public var tokenID: Int64?
    public var limits: TokenLimits
    /// Folders the user's compositions may read from (empty: the server's).
    public var mediaRoots: [String]
    /// The folder the user's outputs are written under (nil: the server's).
    public var outputRoot: String?

    public init(user: String, scope: TokenScope, tokenID: Int64? = nil, limits: TokenLimits = TokenLimits(),
                mediaRoots: [String] = [], outputRoot: String? = nil) {
        self.user = user
        self.scope = scope
        self.tokenID = tokenID
        self.limits = limits
        self.mediaRoots = mediaRoots
        self.outputRoot = outputRoot
    }

    /// The server's operator token (`reel serve --token`): an admin with no token row.
    public static func serverOperator(user: String = "operator") -> Principal {
        Principal(user: user, scope: .admin)
    }

    /// The caps a job it submits is held to: an API token's (`tokenID`); none for the server's operator token.
    public var submissionCaps: OwnerCaps { tokenID == nil ? OwnerCaps() : OwnerCaps(limits) }

    /// The caps a retry of one of its own jobs is held to: a submit token's (`ownerFilter`); none for operate and admin,
    /// who steer other users' jobs, or for the operator.
    public var retryCaps: OwnerCaps { ownerFilter == nil ? OwnerCaps() : OwnerCaps(limits) }

    /// The owner a query is narrowed to: the user for submit scope, nil (every job) for operate and admin.
    public var ownerFilter: String? { scope.actsOnAnyJob ? nil : user }
}
