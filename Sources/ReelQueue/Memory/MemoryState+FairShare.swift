import Foundation

extension MemoryState {
    /// Up to `limit` claimable segments (due, their tags carried) in fair-share order, the twin of `SegmentSQL.claim`:
    /// each (priority, owner) group with a claimable segment is ranked by priority, then its owner's running frames
    /// over its weight, then its oldest claimable segment; the groups give their segments in rank order, each in its
    /// own claim order. The ranks are read once per claim, as the statement reads them once.
    func fairOrder(tags: Set<String>, now: Date, limit: Int) -> [Int64] {
        let nowUS = now.microsecondsSince1970
        func claimable(_ k: ClaimKey) -> Bool {
            guard k.scheduledAt <= nowUS, let s = segments[k.id] else { return false }
            return s.requiredTags.isSubset(of: tags)
        }
        let load = runningFrames()
        let ranked = available.compactMap { g, keys -> FairRank? in
            guard let head = keys.last(where: claimable) else { return nil }
            let weight = shares[g.owner] ?? OwnerShare.defaultWeight
            return FairRank(group: g, load: OwnerShare.load(frames: load[g.owner] ?? 0, weight: weight), head: head)
        }.sorted()
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

/// A fair-share group's place in one claim: priority first (higher), then weighted running work (less), then the
/// oldest claimable segment (the claim order of the heads, which also breaks every remaining tie).
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
