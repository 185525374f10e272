import Foundation

/// A stored job plus its stitch lease.
struct MemoryJob {
    var job: Job
    var stitchToken: UUID?
    var stitchLeasedBy: String?
    var stitchExpiresAt: Date?
    var segmentIDs: [Int64] = []
    var doneCount = 0
}

/// A stored segment plus its lease token and required tags.
struct MemorySegment {
    var segment: Segment
    var token: UUID?
    var requiredTags: Set<String>
    /// When `segmentRelease` gave it back (`segments.available_at`); claim latency counts from the later of this
    /// and `scheduledAt`.
    var availableAt: Date? = nil
}

/// The claim order: higher priority, then earlier `scheduledAt`, then lower id.
struct ClaimKey: Comparable {
    var priority: Int
    var scheduledAt: Int64
    var id: Int64

    static func < (a: ClaimKey, b: ClaimKey) -> Bool {
        if a.priority != b.priority { return a.priority > b.priority }
        if a.scheduledAt != b.scheduledAt { return a.scheduledAt < b.scheduledAt }
        return a.id < b.id
    }
}

/// One fair-share group: the available segments of one priority and one owner (`segments_claim_by_owner`).
struct FairGroup: Hashable {
    var priority: Int
    var owner: String
}

/// Everything the in-memory queue holds, mutated only under its mutex.
struct MemoryState {
    var nextJobID: Int64 = 1
    var nextSegmentID: Int64 = 1
    var nextEventID: Int64 = 1
    var jobs: [Int64: MemoryJob] = [:]
    var segments: [Int64: MemorySegment] = [:]
    /// Available segments by priority and owner (fair share), each group in reverse claim order (the next to claim
    /// is last).
    var available: [FairGroup: [ClaimKey]] = [:]
    /// Fair-share weights set with `shareSet` (owners without one weigh `OwnerShare.defaultWeight`).
    var shares: [String: Int] = [:]
    var running: Set<Int64> = []
    /// The most recent done segment per content hash.
    var doneByHash: [String: Int64] = [:]
    var workers: [String: WorkerInfo] = [:]
    var events: [Int64: [QueueEvent]] = [:]
    /// Set when work may have become available; read by the queue to wake waiters.
    var wake = false
    /// Set when the event log got a row; read by the queue to wake `changeListen`'s waiters.
    var logged = false

    func job(_ id: Int64) throws(QueueError) -> MemoryJob {
        guard let j = jobs[id] else { throw QueueError.jobNotFound(id) }
        return j
    }

    /// The job when `owner` is nil or owns it; else `jobNotFound`, as for an id nobody has (`JobSQL.owned`).
    func job(_ id: Int64, owner: String?) throws(QueueError) -> MemoryJob {
        let j = try job(id)
        guard owner == nil || j.job.owner == owner else { throw QueueError.jobNotFound(id) }
        return j
    }

    mutating func log(_ jobID: Int64, _ change: QueueEvent.Change, worker: String?, message: String?, at: Date) {
        events[jobID, default: []].append(QueueEvent(id: nextEventID, jobID: jobID, change: change,
                                                     workerID: worker, message: message, at: at))
        nextEventID += 1
        logged = true
    }

    /// Moves a job, checking `canTransition` as the database trigger does, and logs it.
    mutating func moveJob(_ id: Int64, to next: JobState, at now: Date, worker: String? = nil,
                          message: String? = nil) throws(QueueError) {
        guard var j = jobs[id] else { throw QueueError.jobNotFound(id) }
        let from = j.job.state
        guard from.canTransition(to: next) else {
            throw QueueError.invalidTransition(entity: "job", id: id, from: from.rawValue, to: next.rawValue)
        }
        j.job.state = next
        switch next {
        case .done, .failed, .canceled:
            j.job.finishedAt = now
            j.stitchToken = nil; j.stitchLeasedBy = nil; j.stitchExpiresAt = nil
        case .queued: j.job.finishedAt = nil
        case .running: if j.job.startedAt == nil { j.job.startedAt = now }
        case .stitching: break
        }
        jobs[id] = j
        log(id, .job(from: from, to: next), worker: worker, message: message, at: now)
    }

    /// Moves a segment, checking `canTransition` as the database trigger does, keeping the claim order
    /// and the done counts, and logs it. Lease fields are the caller's business.
    mutating func moveSegment(_ id: Int64, to next: SegmentState, at now: Date, worker: String? = nil,
                              message: String? = nil) throws(QueueError) {
        guard var s = segments[id] else { throw QueueError.constraint("segment \(id) does not exist") }
        let from = s.segment.state
        guard from.canTransition(to: next) else {
            throw QueueError.invalidTransition(entity: "segment", id: id, from: from.rawValue, to: next.rawValue)
        }
        if from == .available { removeAvailable(s.segment) }
        if from == .running { running.remove(id) }
        if from == .done {
            jobs[s.segment.jobID]?.doneCount -= 1
            if doneByHash[s.segment.contentHash] == id { doneByHash[s.segment.contentHash] = nil }
        }
        s.segment.state = next
        segments[id] = s
        if next == .available { insertAvailable(s.segment); wake = true }
        if next == .running { running.insert(id) }
        if next == .done {
            jobs[s.segment.jobID]?.doneCount += 1
            doneByHash[s.segment.contentHash] = id
        }
        log(s.segment.jobID, .segment(index: s.segment.index, from: from, to: next), worker: worker,
            message: message, at: now)
    }

    static func key(_ s: Segment) -> ClaimKey {
        ClaimKey(priority: s.priority, scheduledAt: s.scheduledAt.microsecondsSince1970, id: s.id)
    }

    /// The fair-share group of a segment: its priority and its job's owner.
    func group(_ s: Segment) -> FairGroup {
        FairGroup(priority: s.priority, owner: jobs[s.jobID]?.job.owner ?? "")
    }

    mutating func insertAvailable(_ s: Segment) {
        let k = Self.key(s), g = group(s)
        available[g, default: []].insert(k, at: insertionPoint(k, in: available[g] ?? []))
    }

    /// Adds many at once (a new job): one sort per group instead of one shifting insert each.
    mutating func insertAvailable(_ segments: [Segment]) {
        for (g, members) in Dictionary(grouping: segments, by: group) {
            available[g, default: []].append(contentsOf: members.map(Self.key))
            available[g]?.sort(by: >)
        }
    }

    mutating func removeAvailable(_ s: Segment) {
        let k = Self.key(s), g = group(s)
        guard var keys = available[g] else { return }
        let i = insertionPoint(k, in: keys)
        if i < keys.count, keys[i] == k { keys.remove(at: i) }
        available[g] = keys.isEmpty ? nil : keys
    }

    /// Each group is kept in reverse claim order, so claims take from the end (no shifting).
    private func insertionPoint(_ k: ClaimKey, in keys: [ClaimKey]) -> Int {
        var lo = 0, hi = keys.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if keys[mid] > k { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
