import Foundation

extension PostgresSegmentQueue {
    public func contentHashListActive(_ params: ContentHashListParams) throws(QueueError) -> Set<String> {
        try pool.with { c throws(QueueError) in
            let among = params.among.map { PGValue.array($0) }
            return Set(try c.exec(SegmentSQL.activeHashes, [among]).rows.map { $0.text("content_hash") })
        }
    }

    public func workerRegister(_ params: WorkerRegisterParams) throws(QueueError) {
        _ = try pool.with { c throws(QueueError) in
            try c.exec(WorkerSQL.register, [
                .text(params.workerID), .text(params.host), .int(params.pid), .text(params.version),
                .array(params.tags), now,
            ])
        }
    }

    public func workerHeartbeat(_ params: WorkerHeartbeatParams) throws(QueueError) {
        let n = try pool.with { c throws(QueueError) in
            try c.exec(WorkerSQL.heartbeat, [
                .text(params.workerID), params.currentSegmentID.map(PGValue.int64),
                params.recentFramesPerSecond.map(PGValue.double), .int(params.segmentsDoneDelta), now,
            ]).rowCount
        }
        guard n == 1 else { throw QueueError.workerNotFound(params.workerID) }
    }

    public func workerList() throws(QueueError) -> [WorkerInfo] {
        try pool.with { c throws(QueueError) in try workerList(on: c) }
    }

    func workerList(on c: PGConnection) throws(QueueError) -> [WorkerInfo] {
        try c.exec(WorkerSQL.list).rows.map { r in
            WorkerInfo(id: r.text("id"), host: r.text("host"), pid: r.int("pid") ?? 0, version: r.text("version"),
                       tags: r.strings("tags"), startedAt: r.date("started_us")!, lastSeenAt: r.date("last_seen_us")!,
                       currentSegmentID: r.int64("current_segment_id"), recentFramesPerSecond: r.double("recent_fps"),
                       segmentsDone: r.int("segments_done") ?? 0,
                       state: WorkerRunState(rawValue: r.text("state")) ?? .running)
        }
    }

    public func workerSetState(_ workerID: String, _ state: WorkerRunState) throws(QueueError) {
        let n = try pool.with { c throws(QueueError) in try c.exec(WorkerSQL.setState, [.text(workerID), .text(state.rawValue), now]).rowCount }
        guard n == 1 else { throw QueueError.workerNotFound(workerID) }
    }

    public func workerPrune(olderThan age: Duration) throws(QueueError) -> Int {
        try pool.with { c throws(QueueError) in try c.exec(WorkerSQL.prune, [now, .int64(age.microseconds)]).rowCount }
    }

    public func eventList(jobID: Int64) throws(QueueError) -> [QueueEvent] {
        try pool.with { c throws(QueueError) in
            _ = try jobGet(jobID, on: c)
            return try c.exec(EventSQL.listForJob, [.int64(jobID)]).rows.compactMap(Self.event)
        }
    }

    static func event(from r: PGRow) -> QueueEvent? {
        let change: QueueEvent.Change
        if let index = r.int("segment_index") {
            guard let to = SegmentState(rawValue: r.text("to_state")) else { return nil }
            change = .segment(index: index, from: r.string("from_state").flatMap(SegmentState.init), to: to)
        } else {
            guard let to = JobState(rawValue: r.text("to_state")) else { return nil }
            change = .job(from: r.string("from_state").flatMap(JobState.init), to: to)
        }
        return QueueEvent(id: r.int64("id")!, jobID: r.int64("job_id")!, change: change, workerID: r.string("worker_id"),
                          message: r.string("message"), at: r.date("at_us")!)
    }

    static func job(from r: PGRow) -> Job {
        var job = Job(id: r.int64("id")!, name: r.text("name"), owner: r.text("owner"), composition: r.text("composition"),
            outputLocation: r.text("output_location"), state: JobState(rawValue: r.text("state")) ?? .failed,
            priority: r.int("priority") ?? 0, maxAttempts: r.int("max_attempts") ?? 1,
            requiredTags: r.strings("required_tags"), segmentCount: r.int("segment_count") ?? 0,
            frameCount: r.int64("frame_count") ?? 0, error: r.string("error"),
            stitchAttempt: r.int("stitch_attempt") ?? 0, createdAt: r.date("created_us")!,
            startedAt: r.date("started_us"), finishedAt: r.date("finished_us"))
        job.stitchStartedAt = r.date("stitch_started_us")
        job.stitchDuration = r.int64("stitch_us").map { .microseconds($0) }
        job.stitchedSegments = r.int("stitched_segments") ?? 0
        job.outputBytes = r.int64("output_bytes")
        job.loudness = r.string("loudness")
        job.webhookURL = r.string("webhook_url")
        job.tokenID = r.int64("token_id")
        return job
    }

    static func segment(from r: PGRow) -> Segment {
        let renderFrames = r.int64("render_frames"), renderUS = r.int64("render_us")
        let stats = renderFrames.flatMap { f in renderUS.map { RenderStats(frames: f, duration: .microseconds($0)) } }
        var s = Segment(
            id: r.int64("id")!, jobID: r.int64("job_id")!, index: r.int("segment_index")!,
            frames: r.int64("frame_start")!..<r.int64("frame_end")!,
            samples: r.int64("sample_start")!..<r.int64("sample_end")!, contentHash: r.text("content_hash"),
            state: SegmentState(rawValue: r.text("state")) ?? .failed,
            priority: r.int("priority") ?? 0, attempt: r.int("attempt") ?? 0, maxAttempts: r.int("max_attempts") ?? 1,
            leasedBy: r.string("leased_by"), leaseExpiresAt: r.date("lease_expires_us"),
            scheduledAt: r.date("scheduled_us")!, errors: attemptErrors(r.text("errors")),
            partLocation: r.string("part_location"), reusedFrom: r.int64("reused_from"), stats: stats,
            finishedAt: r.date("finished_us"))
        s.progressFrames = r.int64("progress_frames") ?? 0
        s.claimedAt = r.date("claimed_us")
        s.claimWait = r.int64("claim_wait_us").map { .microseconds($0) }
        return s
    }

    private struct StoredError: Decodable {
        var attempt: Int
        var message: String
        var worker: String?
        var at_us: Int64
        var kind: String?
    }

    static func attemptErrors(_ json: String) -> [AttemptError] {
        guard json != "[]", let d = json.data(using: .utf8), let list = try? JSONDecoder().decode([StoredError].self, from: d) else {
            return []
        }
        return list.map { AttemptError(attempt: $0.attempt, message: $0.message, workerID: $0.worker,
                                       at: Date(microsecondsSince1970: $0.at_us), kind: $0.kind ?? AttemptError.Kind.unknown) }
    }
}
