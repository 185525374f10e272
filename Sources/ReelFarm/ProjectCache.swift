import Synchronization
import ReelQueue
import ReelRecords

/// Loaded projects by job id, so a worker plans each job once. Thread-safe.
public final class ProjectCache: Sendable {
    private let projects = Mutex<[Int64: Project]>([:])
    private let mediaRoots: [String]
    private let prober: MediaFileProber

    /// - Parameter prober: what loads probe with (its `reading` is set per load).
    public init(mediaRoots: [String] = [], prober: MediaFileProber = MediaFileProber()) {
        self.mediaRoots = mediaRoots
        self.prober = prober
    }

    /// Seeds the cache (the embedded queue already has the project in hand).
    public func insert(_ project: Project, for jobID: Int64) {
        projects.withLock { $0[jobID] = project }
    }

    /// The job's project, loading and planning its stored request on first use (from the facts it recorded for
    /// each source whose file is unchanged, probing the others).
    /// - Parameter reading: told each file before it is opened (a worker's stall report names it).
    /// - Throws: `FarmError` when the request no longer loads (a source deleted or changed).
    public func project(for job: Job, reading: (@Sendable (String) -> Void)? = nil) throws -> Project {
        if let cached = projects.withLock({ $0[job.id] }) { return cached }
        var prober = self.prober
        prober.reading = reading
        let project = try Project(RenderRequest.decoded(job.composition), mediaRoots: mediaRoots, prober: prober)
        projects.withLock { $0[job.id] = project }
        return project
    }

    /// The job's project: the cached one without touching the queue, else `job()`'s stored request loaded and
    /// planned (a segment reads its job row, composition text included, only the first time).
    /// - Returns: the project, or why it does not load (`FarmError`: the attempt's failure, not the queue's).
    /// - Throws: what `job()` throws: the queue's error reading the row.
    public func project(forJobID id: Int64, reading: (@Sendable (String) -> Void)? = nil,
                        job: () throws(QueueError) -> Job) throws(QueueError) -> Result<Project, any Error> {
        if let cached = projects.withLock({ $0[id] }) { return .success(cached) }
        let job = try job()
        return Result { try project(for: job, reading: reading) }
    }

    /// Forgets a job (after it ended, or to reload after a failure).
    public func remove(_ jobID: Int64) {
        _ = projects.withLock { $0.removeValue(forKey: jobID) }
    }
}
