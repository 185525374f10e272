// The monitor's reads on a loaded queue (`bench-queue --monitoring`): 100 jobs × 1,000 segments, 20,000 of them
// done, 200 running with progress, 100 with a failed attempt; then the median of 7 runs of `jobStatusList`
// (limit 100: the jobs page), `segmentList` of one job (a job page) and `metricsSample` (/metrics).
import Foundation
import ReelQueue

/// Fills `q` with the monitoring load.
func fillMonitoring(_ q: any SegmentQueue, jobs: Int = 100, segments: Int = 1_000) throws {
    for j in 0..<jobs {
        _ = try q.jobInsert(JobInsertParams(spec: makeSpec(segments: segments, tag: "mon-\(j)-\(UUID().uuidString)"),
                                            reuseParts: false))
    }
    try q.workerRegister(WorkerRegisterParams(workerID: "bench", host: "bench", pid: 1, version: "bench"))
    var done = 0
    while done < 20_000 {
        let claimed = try q.segmentClaim(SegmentClaimParams(workerID: "bench", limit: 1_000))
        for c in claimed {
            _ = try q.segmentComplete(SegmentCompleteParams(lease: c.lease, partLocation: "/parts/\(c.lease.segmentID)",
                                                            stats: RenderStats(frames: 48, duration: .seconds(2))))
        }
        done += claimed.count
    }
    for c in try q.segmentClaim(SegmentClaimParams(workerID: "bench", limit: 100)) {
        _ = try q.segmentFail(SegmentFailParams(lease: c.lease, message: "bench failure", backoff: .none))
    }
    for c in try q.segmentClaim(SegmentClaimParams(workerID: "bench", limit: 200)) {
        _ = try q.segmentHeartbeat(c.lease, leaseDuration: .seconds(600), progressFrames: 24)
    }
}

/// The median of 7 timed runs of `body`, in milliseconds.
func medianMilliseconds(_ body: () throws -> Void) rethrows -> Double {
    let runs = try (0..<7).map { _ in try seconds(body) * 1000 }.sorted()
    return runs[3]
}

/// Fills the queue, then prints the three reads' medians.
func benchMonitoring(_ label: String, _ q: any SegmentQueue) throws {
    let fill = try seconds { try fillMonitoring(q) }
    let jobs = try q.jobList(JobListParams(limit: 100))
    guard let someJob = jobs.last?.id else { return say("\(label): no jobs") }
    var listed = 0
    let list = try medianMilliseconds { listed = try q.jobStatusList(JobListParams(limit: 100)).count }
    let one = try medianMilliseconds { _ = try q.segmentList(jobID: someJob) }
    var metrics = QueueMetrics(at: Date())
    let sample = try medianMilliseconds { metrics = try q.metricsSample() }
    say(String(format: "%@: monitoring, 100 jobs x 1,000 segments (filled in %.1f s): jobStatusList(limit 100, %d jobs) "
               + "%.1f ms, segmentList(one job) %.1f ms, metricsSample %.1f ms (median of 7; done %d, running %d)",
               label, fill, listed, list, one, sample, metrics.segmentsByState[.done] ?? 0,
               metrics.segmentsByState[.running] ?? 0))
}
