import Foundation
import ReelQueue

/// What one refresh read.
struct HubRead {
    var at: Date
    var statuses: [JobStatus] = []
    var workers: [WorkerInfo] = []
    var metrics: QueueMetrics?
    var details: [Int64: JobDetail] = [:]
    var error: String?
}

/// The queries of one refresh: the newest jobs with their progress, the workers, the farm's numbers, and the
/// segments of each watched job. A constant number of queries plus one per watched job, whatever the clients.
struct HubReader {
    let queue: any SegmentQueue
    let options: FarmHub.Options

    func read(watched: [Int64]) -> HubRead {
        var r = HubRead(at: Date())
        do {
            r.statuses = try queue.jobStatusList(JobListParams(limit: options.jobLimit))
            r.workers = try queue.workerList()
            r.metrics = try queue.metricsSample()
            for id in watched {
                guard let status = try r.statuses.first(where: { $0.job.id == id }) ?? status(of: id) else { continue }
                r.details[id] = JobDetail(status: status, segments: try queue.segmentList(jobID: id))
            }
        } catch {
            r.error = "the database cannot be read: \(error)"
        }
        return r
    }

    /// One job's detail read now; nil when it does not exist or cannot be read.
    func detail(of id: Int64) -> JobDetail? {
        guard let status = try? status(of: id), let segments = try? queue.segmentList(jobID: id) else { return nil }
        return JobDetail(status: status, segments: segments)
    }

    /// A watched job older than the snapshot's newest jobs; nil once it is deleted.
    private func status(of id: Int64) throws -> JobStatus? {
        do { return try queue.jobStatus(id) } catch QueueError.jobNotFound { return nil }
    }
}
