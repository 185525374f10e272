/// What an API token may do. Raw values are the database's labels (`api_tokens.scope`).
public enum TokenScope: String, CaseIterable, Sendable, Hashable {
    /// Submits jobs and sees and steers only its own user's jobs (another user's job is "not found").
    case submit
    /// Also sees and steers every job (cancel, retry, priority), as `reel cancel` does.
    case operate
    /// Everything an operator may, and the farm's settings (the server's own operator token is one).
    case admin

    /// Whether a principal of this scope acts on any job, not only its own.
    public var actsOnAnyJob: Bool { self != .submit }
}
