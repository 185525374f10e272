import ReelQueue

// Stand-ins until the queue gains these reads (kept only while the monitoring queries land).
extension SegmentQueue {
    func jobStatusList(_ params: JobListParams) throws -> [JobStatus] {
        try jobList(params).map { try jobStatus($0.id) }
    }

    func metricsSample() throws -> QueueMetrics? { nil }
}
