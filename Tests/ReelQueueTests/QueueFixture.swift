import Dispatch
import Foundation
import ReelTestSupport
import Synchronization
import Testing
@testable import ReelQueue

/// The drivers the conformance suite runs against.
enum QueueKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case memory, postgres
    var testDescription: String { rawValue }
}

struct FixtureError: Error, CustomStringConvertible {
    var description: String
}

/// A fresh throwaway schema, migrated, dropped when `body` returns.
func withTestSchema<T>(clock: (any QueueClock)? = nil, maxConnections: Int = 20,
                       _ body: (PostgresQueueConfiguration) throws -> T) throws -> T {
    let schema = "reel_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
    let config = PostgresQueueConfiguration(databaseURL: try TestDatabase.url(), schema: String(schema),
                                            maxConnections: maxConnections, reconnectAttempts: 4,
                                            reconnectBackoff: Backoff(base: .milliseconds(50), cap: .milliseconds(400)),
                                            clock: clock, applicationName: "reel-test-\(schema)")
    try Migrator(config).migrate()
    defer { try? dropSchema(config) }
    return try body(config)
}

func dropSchema(_ config: PostgresQueueConfiguration) throws {
    let c = try PGConnection(url: config.databaseURL, applicationName: "reel-test-drop", schema: nil)
    try c.execScript("DROP SCHEMA IF EXISTS " + (try c.quoteIdentifier(config.schema!)) + " CASCADE")
}

/// Runs `body` against a fresh queue of `kind` driven by a manual clock.
func withQueue(_ kind: QueueKind, _ body: (any SegmentQueue, ManualQueueClock) throws -> Void) throws {
    let clock = ManualQueueClock()
    switch kind {
    case .memory: try body(InMemorySegmentQueue(clock: clock), clock)
    case .postgres: try withTestSchema(clock: clock) { config in try body(try PostgresSegmentQueue(config), clock) }
    }
}

/// A job of `count` segments of 10 frames (samples at 48 kHz / 30 fps), hashes unique unless `hashPrefix` repeats.
func makeSpec(name: String = "job", segments count: Int = 4, priority: Int = 0, maxAttempts: Int = 3,
              tags: [String] = [], hashPrefix: String = UUID().uuidString, indices: [Int]? = nil) -> JobSpec {
    let segs = (indices ?? Array(0..<count)).map { i in
        SegmentSpec(index: i, frames: Int64(i) * 10..<Int64(i + 1) * 10, samples: Int64(i) * 16000..<Int64(i + 1) * 16000,
                    contentHash: "\(hashPrefix)-\(i)")
    }
    return JobSpec(name: name, owner: "tester", composition: "comp.json", outputLocation: "/out/\(name)-\(UUID().uuidString).mp4",
                   priority: priority, maxAttempts: maxAttempts, requiredTags: tags, segments: segs)
}

func insert(_ q: any SegmentQueue, _ spec: JobSpec) throws -> Int64 {
    try q.jobInsert(JobInsertParams(spec: spec)).jobID
}

func claimOne(_ q: any SegmentQueue, worker: String = "w1", lease: Duration = .seconds(30),
              tags: [String] = []) throws -> ClaimedSegment? {
    try q.segmentClaim(SegmentClaimParams(workerID: worker, limit: 1, leaseDuration: lease, tags: tags)).first
}

func complete(_ q: any SegmentQueue, _ lease: Lease, part: String? = nil) throws -> Bool {
    try q.segmentComplete(SegmentCompleteParams(
        lease: lease, partLocation: part ?? "/parts/\(lease.segmentID)-\(lease.attempt)-\(lease.token).mp4",
        stats: RenderStats(frames: 10, duration: .milliseconds(500))))
}

/// Runs `body` on `n` real threads at once (not the cooperative pool) and collects thrown errors.
func onThreads(_ n: Int, _ body: @escaping @Sendable (Int) throws -> Void) -> [String] {
    let group = DispatchGroup()
    let errors = Mutex<[String]>([])
    let start = DispatchSemaphore(value: 0)
    for i in 0..<n {
        group.enter()
        Thread {
            start.wait()
            do { try body(i) } catch { errors.withLock { $0.append("thread \(i): \(error)") } }
            group.leave()
        }.start()
    }
    for _ in 0..<n { start.signal() }
    group.wait()
    return errors.withLock { $0 }
}
