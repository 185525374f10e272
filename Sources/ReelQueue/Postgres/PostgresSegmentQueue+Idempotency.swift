extension PostgresSegmentQueue: IdempotencyKeys {
    public func idempotencyKeyClaim(owner: String, key: String, request: String, lifetime: Duration,
                                    abandonAfter: Duration) throws(QueueError) -> IdempotencyClaim {
        // Each statement on its own: a claim that finds the key taken must look again with a fresh snapshot, in
        // which the row of the claim it waited for is visible. The row can vanish in between (its request was
        // refused and let go): then claim again, a few times at most.
        for _ in 0..<3 {
            let claimed = try pool.with { c throws(QueueError) in
                try c.exec(IdempotencySQL.claim, [.text(owner), .text(key), .text(request), .int64(lifetime.microseconds),
                                                  .int64(abandonAfter.microseconds), now]).rowCount == 1
            }
            if claimed { return .claimed }
            let found = try pool.with { c throws(QueueError) in
                try c.exec(IdempotencySQL.find, [.text(owner), .text(key), .text(request)]).rows.first
            }
            guard let found else { continue }
            guard found.bool("same") else { return .conflict }
            return found.int64("job_id").map { .replay(jobID: $0) } ?? .pending
        }
        return .pending
    }

    public func idempotencyKeyBind(owner: String, key: String, jobID: Int64) throws(QueueError) {
        _ = try pool.with { c throws(QueueError) in try c.exec(IdempotencySQL.bind, [.text(owner), .text(key), .int64(jobID)]) }
    }

    public func idempotencyKeyRelease(owner: String, key: String) throws(QueueError) {
        _ = try pool.with { c throws(QueueError) in try c.exec(IdempotencySQL.release, [.text(owner), .text(key)]) }
    }
}
