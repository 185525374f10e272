/// The API server's reads and actions, for a principal: the same as `JobReading`, `QueueMonitoring` and
/// `JobOperating`, narrowed in the driver's own statement (never read, then checked) to the principal's jobs when
/// its scope is `submit`. Another user's job answers `QueueError.jobNotFound`, exactly as an id nobody has, so the
/// API answers 404 and tells nothing of other users' jobs. Operate and admin principals act on any job.
public protocol JobAccess: Sendable {
    /// - Throws: `QueueError.jobNotFound`, also for a job the principal may not see.
    func jobGet(_ jobID: Int64, as principal: Principal) throws(QueueError) -> Job

    /// - Throws: `QueueError.jobNotFound`, also for a job the principal may not see.
    func jobStatus(_ jobID: Int64, as principal: Principal) throws(QueueError) -> JobStatus

    /// As `JobOperating.jobCancel`.
    /// - Throws: `QueueError.jobNotFound`, also for a job the principal may not steer.
    func jobCancel(_ jobID: Int64, as principal: Principal) throws(QueueError) -> Bool

    /// As `JobOperating.jobRetry`.
    /// - Throws: `QueueError.jobNotFound`, also for a job the principal may not steer.
    func jobRetry(_ jobID: Int64, as principal: Principal) throws(QueueError) -> Int

    /// As `JobOperating.jobPrioritySet`.
    /// - Throws: `QueueError.jobNotFound`, also for a job the principal may not steer.
    func jobPrioritySet(_ jobID: Int64, priority: Int, as principal: Principal) throws(QueueError) -> Int
}

extension JobAccess where Self: QueueMonitoring {
    /// `jobList` of the principal's own jobs (submit scope), or of any owner `params.owner` names (operate, admin).
    public func jobList(_ params: JobListParams, as principal: Principal) throws(QueueError) -> [Job] {
        try jobList(principal.narrowing(params))
    }

    /// `jobStatusList` narrowed as `jobList(_:as:)` is.
    public func jobStatusList(_ params: JobListParams, as principal: Principal) throws(QueueError) -> [JobStatus] {
        try jobStatusList(principal.narrowing(params))
    }
}

extension Principal {
    /// `params` limited to this principal's jobs when it may see only its own.
    public func narrowing(_ params: JobListParams) -> JobListParams {
        var narrowed = params
        if let mine = ownerFilter { narrowed.owner = mine }
        return narrowed
    }
}
