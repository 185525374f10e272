extension PostgresSegmentQueue {
    public func jobGet(_ jobID: Int64, as principal: Principal) throws(QueueError) -> Job {
        try pool.with { c throws(QueueError) in try jobGet(jobID, owner: principal.ownerFilter, on: c) }
    }

    public func jobStatus(_ jobID: Int64, as principal: Principal) throws(QueueError) -> JobStatus {
        try pool.with { c throws(QueueError) in
            try statuses(of: [try jobGet(jobID, owner: principal.ownerFilter, on: c)], on: c)[0]
        }
    }

    public func jobCancel(_ jobID: Int64, as principal: Principal) throws(QueueError) -> Bool {
        try jobCancel(jobID, owner: principal.ownerFilter)
    }

    public func jobRetry(_ jobID: Int64, as principal: Principal) throws(QueueError) -> Int {
        try jobRetry(jobID, owner: principal.ownerFilter, caps: principal.retryCaps)
    }

    public func jobPrioritySet(_ jobID: Int64, priority: Int, as principal: Principal) throws(QueueError) -> Int {
        try jobPrioritySet(jobID, priority: priority, owner: principal.ownerFilter)
    }
}
