import Foundation

extension MemoryState {
    /// Up to `limit` claimable segments (due, their tags carried) in fair-share order, the twin of `SegmentSQL.claim`:
    /// each owner with a claimable segment enters with its best group (the highest priority it has claimable) and is
    /// ranked by that priority, then its running frames over its weight, then that group's oldest claimable segment;
    /// the groups give their segments in rank order, each in its own claim order. The ranks are read once per claim,
    /// as the statement reads them once.
    func fairOrder(tags: Set<String>, now: Date, limit: Int) -> [Int64] {
        let nowUS = now.microsecondsSince1970
        func claimable(_ k: ClaimKey) -> Bool {
            guard k.scheduledAt <= nowUS, let s = segments[k.id] else { return false }
            return s.requiredTags.isSubset(of: tags)
        }
        let load = runningFrames()
        var best: [String: FairRank] = [:]
        for (g, keys) in available {
            guard best[g.owner].map({ $0.group.priority < g.priority }) ?? true,
                  let head = keys.last(where: claimable) else { continue }
            let weight = shares[g.owner] ?? OwnerShare.defaultWeight
            best[g.owner] = FairRank(group: g, load: OwnerShare.load(frames: load[g.owner] ?? 0, weight: weight), head: head)
        }
        let ranked = best.values.sorted()
        var picked: [Int64] = []
        for r in ranked {
            for k in available[r.group]!.reversed() where claimable(k) {
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

/// An owner's place in one claim, through its best group: priority first (higher), then weighted running work (less),
/// then the group's oldest claimable segment (the claim order of the heads, which also breaks every remaining tie).
struct FairRank: Comparable {
    var group: FairGroup
    var load: Double
    var head: ClaimKey

    static func < (a: FairRank, b: FairRank) -> Bool {
        if a.head.priority != b.head.priority { return a.head.priority > b.head.priority }
        if a.load != b.load { return a.load < b.load }
        return a.head < b.head
    }
}
