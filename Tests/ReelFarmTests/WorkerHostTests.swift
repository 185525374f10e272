import Foundation
import ReelQueue
import ReelRender
import Synchronization
import Testing
@testable import ReelFarm

/// `WorkerHost` ends with an outcome, not an event: drained or aborted after its stop signal, failed when
/// registration gives up, and its registration waits follow its `Backoff`.
@Suite struct WorkerHostTests {
    /// A host of two slots and a rolling stitcher on an embedded queue with no work, registered.
    static func makeHost(queue: any SegmentQueue, store: PartStore, hooks: WorkerHost.Hooks,
                         backoff: Backoff? = nil, probe: (@Sendable () throws -> Void)? = nil) -> WorkerHost {
        let slots = ["host-test/0", "host-test/1"].map { id in
            var configuration = WorkerConfiguration(workerID: id, host: "test", store: store)
            configuration.pollInterval = .milliseconds(20)
            configuration.heartbeatInterval = .milliseconds(200)
            return configuration
        }
        var registration = WorkerHost.Registration(pid: 1, version: "test")
        if let backoff { registration.backoff = backoff }
        if let probe { registration.probe = probe }
        return WorkerHost(queue: queue, slots: slots, stitcher: slots[0], projects: ProjectCache(), stop: StopSignal(),
                          registration: registration, hooks: hooks)
    }

    /// `host.run()` on a thread of its own, as `reel worker` runs it on its main thread.
    static func outcome(of host: WorkerHost) async -> WorkerHost.Outcome {
        await withCheckedContinuation { done in Thread { done.resume(returning: host.run()) }.start() }
    }

    @Test("a drain with no work: .drained, and the registry shows every slot stopped")
    func drained() async throws {
        let dir = try TempDir("host-drain")
        defer { dir.remove() }
        let queue = InMemorySegmentQueue(), started = Atomic<Bool>(false)
        let host = Self.makeHost(queue: queue, store: PartStore(root: dir.url.path),
                                 hooks: .init(started: { started.store(true, ordering: .relaxed) }))
        async let ended = Self.outcome(of: host)
        _ = try await FarmRun.waitFor("the host to start", timeout: .seconds(10)) {
            started.load(ordering: .relaxed) ? true : nil
        }
        #expect(try queue.workerList().map(\.id).sorted() == ["host-test/0", "host-test/1"])
        host.drain()
        let outcome = await ended
        guard case .drained = outcome else { Issue.record("expected .drained, got \(outcome)"); return }
        let workers = try queue.workerList()
        #expect(workers.count == 2 && workers.allSatisfy { $0.state == .stopped }, "\(workers)")
    }

    @Test("an abort: .aborted, and the aborted hook ran once")
    func aborted() async throws {
        let dir = try TempDir("host-abort")
        defer { dir.remove() }
        let queue = InMemorySegmentQueue(), started = Atomic<Bool>(false), aborts = Atomic<Int>(0)
        let host = Self.makeHost(queue: queue, store: PartStore(root: dir.url.path),
                                 hooks: .init(started: { started.store(true, ordering: .relaxed) },
                                              aborted: { aborts.add(1, ordering: .relaxed) }))
        async let ended = Self.outcome(of: host)
        _ = try await FarmRun.waitFor("the host to start", timeout: .seconds(10)) {
            started.load(ordering: .relaxed) ? true : nil
        }
        host.abort()
        let outcome = await ended
        guard case .aborted = outcome else { Issue.record("expected .aborted, got \(outcome)"); return }
        let abortsSeen = aborts.load(ordering: .relaxed)
        #expect(abortsSeen == 1)
    }

    @Test("registration waits follow its Backoff; a drain while it waits ends the run as .failed with the error")
    func registrationBackoff() async throws {
        let dir = try TempDir("host-register")
        defer { dir.remove() }
        // Nothing listens on port 1: every probe fails at once with a connection error.
        // The probe fails as a database that is not there does, with no network in between: the timing of a
        // refused connection is the CLI test's (CLIMessageTests.waitingWorker), this is the host's backoff.
        let queue = InMemorySegmentQueue()
        let delays = Mutex<[Duration]>([]), started = Atomic<Bool>(false)
        let hooks = WorkerHost.Hooks(registrationRetry: { _, delay in delays.withLock { $0.append(delay) } },
                                     started: { started.store(true, ordering: .relaxed) })
        let host = Self.makeHost(queue: queue, store: PartStore(root: dir.url.path), hooks: hooks,
                                 backoff: Backoff(base: .milliseconds(1), cap: .milliseconds(4)),
                                 probe: { throw QueueError.connection("cannot reach the database (the test's probe)") })
        async let ended = Self.outcome(of: host)
        let seen: [Duration]
        do {
            seen = try await FarmRun.waitFor("four registration retries", timeout: .seconds(20)) {
                delays.withLock { $0.count >= 4 ? Array($0.prefix(4)) : nil }
            }
        } catch {
            host.drain()   // the host must end, or awaiting it would hang the test run
            _ = await ended
            throw error
        }
        host.drain()
        let outcome = await ended
        #expect(seen == [.milliseconds(1), .milliseconds(2), .milliseconds(4), .milliseconds(4)])
        guard case .failed(let error) = outcome else { Issue.record("expected .failed, got \(outcome)"); return }
        #expect("\(error)".contains("cannot reach the database"), "\(error)")
        let threadsStarted = started.load(ordering: .relaxed)
        #expect(!threadsStarted, "no thread may start before its slot is registered")
    }
}
