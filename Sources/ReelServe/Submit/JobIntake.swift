import ReelRecords

/// Validates and queues what `POST /api/v1/jobs` asks for, as `reel validate` and `reel submit` do. ReelServe
/// declares it and links no media library; `reel serve` passes in the farm's implementation, which probes under
/// the server's media roots and writes under its output root.
public protocol JobIntake: Sendable {
    /// - Throws: only for a failure of the server (the database cannot be written): the client is then told 503
    ///   and the error goes to the operator's log. A request's own faults are `.invalid`.
    func submit(_ request: JobIntakeRequest) throws -> JobIntakeOutcome
}
