import Foundation

extension MemoryState {
    /// Up to `limit` claimable segments (due, their tags carried) in fair-share order, the twin of `SegmentSQL.claim`:
    /// every (priority, owner) with an active job is one group, ranked by that priority, then the owner's running
    /// frames over its weight, then the group's oldest active job; the groups give their claimable segments in rank
    /// order, each in its own claim order. A segment's priority is always its job's (`setPriority` moves them all),
    /// so every claimable segment is in a group. The ranks are read once per claim, as the statement reads them once.
    func fairOrder(tags: Set<String>, now: Date, limit: Int) -> [Int64] {
        let nowUS = now.microsecondsSince1970
        func claimable(_ k: ClaimKey) -> Bool {
            guard k.scheduledAt <= nowUS, let s = segments[k.id] else { return false }
            return s.requiredTags.isSubset(of: tags)
        }
        let load = runningFrames()
        var first: [FairGroup: Int64] = [:]
        for j in jobs.values where j.job.state.isActive {
            let g = FairGroup(priority: j.job.priority, owner: j.job.owner)
            first[g] = min(first[g] ?? .max, j.job.id)
        }
        let ranked = first.map { g, job in
            FairRank(group: g, load: OwnerShare.load(frames: load[g.owner] ?? 0, weight: shares[g.owner] ?? OwnerShare.defaultWeight),
                     firstJob: job)
        }.sorted()
        var picked: [Int64] = []
        for r in ranked {
            for k in (available[r.group] ?? []).reversed() where claimable(k) {
                picked.append(k.id)
                if picked.count == limit { return picked }
            }
        }
        return picked
    }

    /// Frames of the running segments, by owner (`segments_running_by_owner`).
    func runningFrames() -> [String: Int64] {
        var frames: [String: Int64] = [:]
        for id in running {
            guard let s = segments[id]?.segment else { continue }
            frames[group(s).owner, default: 0] += s.frames.count64
        }
        return frames
    }

    mutating func shareSet(owner: String, weight: Int) throws(QueueError) {
        try OwnerShare.validate(owner: owner, weight: weight)
        shares[owner] = weight
    }
}

/// A group's place in one claim: priority first (higher), then its owner's weighted running work (less), then its
/// oldest active job (lower id). Ids are unique, so no two groups tie.
struct FairRank: Comparable {
    var group: FairGroup
    var load: Double
    var firstJob: Int64

    static func < (a: FairRank, b: FairRank) -> Bool {
        if a.group.priority != b.group.priority { return a.group.priority > b.group.priority }
        if a.load != b.load { return a.load < b.load }
        return a.firstJob < b.firstJob
    }
}
