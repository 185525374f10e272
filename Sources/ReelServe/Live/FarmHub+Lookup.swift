import Foundation
import ReelModel

/// What the API finds for one job.
public enum JobLookup: Sendable {
    /// Its detail (the segment strip's JSON) and its owner, for `JobView`.
    case found(Data, owner: String)
    /// There is no such job. Nothing is kept about it.
    case missing
    /// The database was not asked: the API's reads are spent for now; try again in this many seconds.
    case busy(retryAfter: Int)
    /// The database could not be read; its message, for the operator's log and not for the client.
    case failed(String)
}

extension FarmHub {
    /// A job's detail. From the snapshot when it holds the job; otherwise read now for this job alone (one statement
    /// when it does not exist, a few when it does), within `Options.lookupsPerSecond`. A job found is held in the
    /// snapshot for a minute after each ask, so that many pages opening it cost one read, not one each: at most
    /// `Options.heldLimit` jobs, the most recently asked. An id that does not exist is not held.
    public func lookup(_ id: Int64) -> JobLookup {
        if let (cached, owner) = cachedDetail(id) { return .found(cached, owner: owner) }
        if let wait = lookups.take() { return .busy(retryAfter: wait) }
        let detail: JobDetail?
        do { detail = try HubReader(queue: queue, options: options).detail(of: id) } catch { return .failed("\(error)") }
        guard let detail else { return .missing }
        let data = HubJSON.detail(detail, at: Date())
        cond.lock()
        state.hold(id, until: Date().addingTimeInterval(60), limit: options.heldLimit)
        if state.snapshot.detailJSON[id] == nil {   // kept until the next refresh, which reads the job again
            state.snapshot.detailJSON[id] = data
            state.snapshot.details[id] = detail
        }
        cond.unlock()
        return .found(data, owner: detail.status.job.owner)
    }

    /// Spends one of the API's reads of single jobs (`Options.lookupsPerSecond`): nil when spent, else the seconds
    /// until one is left. For reads the snapshot cannot answer outside `lookup`: a picture of a job no page watches.
    public func spendLookup() -> Int? { lookups.take() }

    /// The job's detail when the snapshot holds it (held for another minute; a refresh is asked for when it is
    /// older than the poll interval). Marks demand.
    private func cachedDetail(_ id: Int64) -> (Data, String)? {
        cond.lock(); defer { cond.unlock() }
        state.lastDemand = Date()
        guard let cached = state.snapshot.detailJSON[id], let owner = state.snapshot.details[id]?.status.job.owner else { return nil }
        state.hold(id, until: Date().addingTimeInterval(60), limit: options.heldLimit)
        if Date().timeIntervalSince(state.snapshot.at) > options.pollInterval.secondsDouble { state.kicked = true }
        return (cached, owner)
    }
}
