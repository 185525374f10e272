extension InMemorySegmentQueue {
    public func jobGet(_ jobID: Int64, as principal: Principal) throws(QueueError) -> Job {
        try locked { s, _ throws(QueueError) in try s.job(jobID, owner: principal.ownerFilter).job }
    }

    public func jobStatus(_ jobID: Int64, as principal: Principal) throws(QueueError) -> JobStatus {
        try locked { s, now throws(QueueError) in
            _ = try s.job(jobID, owner: principal.ownerFilter)
            return try s.status(jobID, now: now)
        }
    }

    public func jobCancel(_ jobID: Int64, as principal: Principal) throws(QueueError) -> Bool {
        try locked { s, now throws(QueueError) in
            _ = try s.job(jobID, owner: principal.ownerFilter)
            return try s.cancel(jobID, now: now)
        }
    }

    public func jobRetry(_ jobID: Int64, as principal: Principal) throws(QueueError) -> Int {
        try locked { s, now throws(QueueError) in
            let j = try s.job(jobID, owner: principal.ownerFilter)
            if j.job.state == .failed || j.job.state == .canceled {
                try s.holdCaps(principal.retryCaps, owner: j.job.owner, adding: s.retryFrames(jobID))
            }
            return try s.retry(jobID, now: now)
        }
    }

    public func jobPrioritySet(_ jobID: Int64, priority: Int, as principal: Principal) throws(QueueError) -> Int {
        try locked { s, _ throws(QueueError) in
            _ = try s.job(jobID, owner: principal.ownerFilter)
            return try s.setPriority(jobID, priority)
        }
    }
}
