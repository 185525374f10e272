extension MemoryState {
    /// The in-memory twin of `PostgresSegmentQueue.holdCaps`: under the queue's one lock, which already orders every
    /// insert. Without caps it reads nothing.
    /// - Throws: `QueueError.capReached`.
    func holdCaps(_ caps: OwnerCaps, owner: String, adding frames: Int64) throws(QueueError) {
        guard !caps.isEmpty else { return }
        let load = ownerLoad(owner)
        if let refusal = caps.refusal(active: load.active, queued: load.queued, adding: frames) { throw .capReached(refusal) }
    }

    /// `owner`'s active jobs and the frames of its segments waiting or rendering (`CapSQL.load`).
    func ownerLoad(_ owner: String) -> (active: Int, queued: Int64) {
        let mine = jobs.values.filter { $0.job.owner == owner }
        let waiting = mine.lazy.flatMap(\.segmentIDs).compactMap { segments[$0]?.segment }
            .filter { $0.state == .available || $0.state == .running }
        return (mine.filter { $0.job.state.isActive }.count, waiting.reduce(0) { $0 + $1.frames.count64 })
    }

    /// The frames a retry of job `id` makes wait again: its failed and canceled segments (`CapSQL.retryFrames`).
    func retryFrames(_ id: Int64) -> Int64 {
        (jobs[id]?.segmentIDs ?? []).compactMap { segments[$0]?.segment }
            .filter { $0.state == .failed || $0.state == .canceled }.reduce(0) { $0 + $1.frames.count64 }
    }
}
