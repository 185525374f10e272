/// The monitors' reads (`reel status`, `reel serve`, `reel gc`): statuses, farm-wide numbers, events, the
/// registered workers and the content hashes in use. Nothing here writes.
public protocol QueueMonitoring: JobReading {
    /// Segment counts, frames done and in progress, the recent fps, ETA, elapsed time, unserved tags and
    /// failures of one job.
    /// - Throws: `QueueError.jobNotFound`.
    func jobStatus(_ jobID: Int64) throws(QueueError) -> JobStatus

    /// The statuses of the jobs `jobList(params)` lists, in its order, each equal to its `jobStatus`: read in
    /// a constant number of queries whatever the number of jobs (the monitor's jobs page).
    func jobStatusList(_ params: JobListParams) throws(QueueError) -> [JobStatus]

    /// Farm-wide numbers for `/metrics` and the jobs page, aggregated by the driver (histograms included),
    /// not by reading every row.
    func metricsSample() throws(QueueError) -> QueueMetrics

    /// The content hashes of every segment of every active job (queued, running or stitching), in any segment
    /// state: the parts those jobs have used, are rendering or will stitch. `reel gc` must keep these.
    /// With `params.among` set, only those of the given hashes that are referenced (a cheap re-check of one part).
    func contentHashListActive(_ params: ContentHashListParams) throws(QueueError) -> Set<String>

    /// Registered workers, most recently seen first.
    func workerList() throws(QueueError) -> [WorkerInfo]

    /// The state changes of one job, oldest first.
    /// - Throws: `QueueError.jobNotFound`.
    func eventList(jobID: Int64) throws(QueueError) -> [QueueEvent]
}
