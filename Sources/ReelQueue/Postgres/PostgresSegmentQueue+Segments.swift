import Foundation

extension PostgresSegmentQueue {
    public func segmentList(jobID: Int64) throws(QueueError) -> [Segment] {
        try pool.with { c throws(QueueError) in
            _ = try jobGet(jobID, on: c)
            return try c.exec(SegmentSQL.listForJob, [.int64(jobID)]).rows.map(Self.segment)
        }
    }

    public func segmentClaim(_ params: SegmentClaimParams) throws(QueueError) -> [ClaimedSegment] {
        guard params.limit > 0 else { return [] }
        return try pool.with { c throws(QueueError) in
            try c.exec(SegmentSQL.claim, [
                now, .int(params.limit), .text(params.workerID), .array(params.tags),
                .int64(params.leaseDuration.microseconds), .uuid(params.token),
            ]).rows.map { row in
                let s = Self.segment(from: row)
                let lease = Lease(segmentID: s.id, jobID: s.jobID, attempt: s.attempt, token: row.uuid("lease_token")!)
                return ClaimedSegment(lease: lease, segment: s)
            }
        }
    }

    public func segmentHeartbeat(_ lease: Lease, leaseDuration: Duration, progressFrames: Int64?) throws(QueueError) -> HeartbeatResult {
        try pool.with { c throws(QueueError) in
            let r = try c.exec(SegmentSQL.heartbeat, [
                .int64(lease.segmentID), .uuid(lease.token), now, .int64(leaseDuration.microseconds),
                progressFrames.map(PGValue.int64),
            ])
            guard let row = r.rows.first else { return .lost }
            return row.text("state") == SegmentState.running.rawValue ? .ok : .canceled
        }
    }

    public func segmentComplete(_ params: SegmentCompleteParams) throws(QueueError) -> Bool {
        let lease = params.lease
        return try pool.with { c throws(QueueError) in
            let r = try c.exec(SegmentSQL.complete, [
                .int64(lease.segmentID), .uuid(lease.token), .text(params.partLocation), .int64(params.stats.frames),
                .int64(params.stats.duration.microseconds), now,
            ])
            guard r.rowCount == 1 else {
                // A rerun after a lost connection finds its own earlier commit.
                return try c.exec(SegmentSQL.completedBy, [.int64(lease.segmentID), .uuid(lease.token)]).rows.first?
                    .bool("done") == true
            }
            return true
        }
    }

    public func segmentFail(_ params: SegmentFailParams) throws(QueueError) -> SegmentFailResult {
        let lease = params.lease
        return try pool.transaction { c throws(QueueError) in
            let r = try c.exec(SegmentSQL.fail, [
                .int64(lease.segmentID), .uuid(lease.token), .text(params.message), now,
                .int64(params.backoff.base.microseconds), .int64(params.backoff.cap.microseconds),
                .bool(params.permanent), .text(params.recordedKind),
            ])
            guard let row = r.rows.first else { return .fencedOut }
            return try afterFailure(row, on: c)
        }
    }

    /// Fails the job when the attempt was the last, or wakes workers for the retry.
    private func afterFailure(_ row: PGRow, on c: PGConnection) throws(QueueError) -> SegmentFailResult {
        guard row.text("state") == SegmentState.failed.rawValue else {
            _ = try c.exec(JobSQL.notifyWork, [.text(channel), .text("retry segment")])
            return .retrying(at: row.date("scheduled_us")!)
        }
        let reason = "segment \(row.int("segment_index")!), attempt \(row.int("attempt")!): \(row.text("message"))"
        _ = try stopJob(row.int64("job_id")!, as: .failed, reason: reason, on: c)
        return .failed(reason: reason)
    }

    public func segmentRelease(_ lease: Lease) throws(QueueError) -> Bool {
        try pool.with { c throws(QueueError) in
            try c.exec(SegmentSQL.release, [.int64(lease.segmentID), .uuid(lease.token), .text(channel), now]).rowCount == 1
        }
    }

    public func rescueExpired(_ params: RescueParams) throws(QueueError) -> Int {
        try pool.transaction { c throws(QueueError) in
            let rows = try c.exec(SegmentSQL.rescue, [
                now, .int64(params.backoff.base.microseconds), .int64(params.backoff.cap.microseconds),
                .int(params.limit),
            ]).rows.sorted { ($0.int64("id") ?? 0) < ($1.int64("id") ?? 0) }
            for row in rows { _ = try afterFailure(row, on: c) }
            let stitches = try c.exec(JobSQL.stitchRescue, [
                now, .int64(params.backoff.base.microseconds), .int64(params.backoff.cap.microseconds),
            ]).rowCount
            return rows.count + stitches
        }
    }
}
