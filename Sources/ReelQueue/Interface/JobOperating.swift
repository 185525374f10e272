/// The operator's role (`reel cancel`, `reel retry`, the web view's writes): cancels, requeues and
/// reprioritises jobs.
public protocol JobOperating: Sendable {
    /// Cancels an active job: available segments become canceled, running ones too (their heartbeat then
    /// answers `.canceled`); done segments keep their parts. Returns false when the job was not active.
    /// - Throws: `QueueError.jobNotFound`.
    func jobCancel(_ jobID: Int64) throws(QueueError) -> Bool

    /// Requeues a failed or canceled job: its failed and canceled segments become available with fresh
    /// attempts. Returns the number of segments requeued (0 when the job was neither failed nor canceled).
    /// - Throws: `QueueError.jobNotFound`.
    func jobRetry(_ jobID: Int64) throws(QueueError) -> Int

    /// Sets a job's priority (higher is claimed first) for its segments not yet done; running segments keep
    /// rendering. Works in any job state. Returns the previous priority.
    /// - Throws: `QueueError.jobNotFound`.
    func jobPrioritySet(_ jobID: Int64, priority: Int) throws(QueueError) -> Int

    /// Sets an owner's fair-share weight (`OwnerShare.weights`; without one an owner weighs 1). Within a priority,
    /// claims go to the owner with the fewest running frames per unit of weight. In PostgreSQL only the schema's
    /// owner may (`reel db share`).
    /// - Throws: `QueueError.invalidShare`; `.permissionDenied` for the other roles.
    func shareSet(owner: String, weight: Int) throws(QueueError)

    /// The weights set, by owner.
    func shareList() throws(QueueError) -> [String: Int]
}
