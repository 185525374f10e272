/// The reads every role needs: a job, the active jobs, a job's segments.
public protocol JobReading: Sendable {
    /// - Throws: `QueueError.jobNotFound`.
    func jobGet(_ jobID: Int64) throws(QueueError) -> Job

    /// Jobs, newest first.
    func jobList(_ params: JobListParams) throws(QueueError) -> [Job]

    /// All segments of a job in index order.
    func segmentList(jobID: Int64) throws(QueueError) -> [Segment]
}
