import Foundation
import ReelQueue

/// What one refresh read.
struct HubRead {
    var at: Date
    var statuses: [JobStatus] = []
    var workers: [WorkerInfo] = []
    var metrics: QueueMetrics?
    var details: [Int64: JobDetail] = [:]
    /// The database's own words when it could not be read: for the operator's log, never for clients.
    var error: String?
}

/// The queries of one refresh: the newest jobs with their progress, the workers, the farm's numbers, and the
/// segments of each watched job. A constant number of queries plus one per watched job, whatever the clients.
struct HubReader {
    let queue: any QueueMonitoring
    let options: FarmHub.Options

    func read(watched: [Int64]) -> HubRead {
        var r = HubRead(at: Date())
        do {
            r.statuses = try queue.jobStatusList(JobListParams(limit: options.jobLimit))
            r.workers = try queue.workerList()
            r.metrics = try queue.metricsSample()
            for id in watched {
                guard let status = try r.statuses.first(where: { $0.job.id == id }) ?? status(of: id) else { continue }
                r.details[id] = JobDetail(status: status, segments: try queue.segmentList(jobID: id),
                                          webhooks: try webhooks(of: id))
            }
        } catch {
            r.error = "\(error)"
        }
        return r
    }

    /// One job's detail read now (one statement when it does not exist); nil when it does not.
    /// - Throws: the queue's error when the database cannot be read.
    func detail(of id: Int64) throws -> JobDetail? {
        guard let status = try status(of: id) else { return nil }
        return JobDetail(status: status, segments: try queue.segmentList(jobID: id), webhooks: try webhooks(of: id))
    }

    /// A job's webhook deliveries, where the queue has webhooks (PostgreSQL's); none otherwise.
    private func webhooks(of id: Int64) throws -> [WebhookDelivery] {
        try (queue as? any WebhookDelivering)?.webhookList(jobID: id) ?? []
    }

    /// A watched job older than the snapshot's newest jobs; nil once it is deleted.
    private func status(of id: Int64) throws -> JobStatus? {
        do { return try queue.jobStatus(id) } catch QueueError.jobNotFound { return nil }
    }
}
