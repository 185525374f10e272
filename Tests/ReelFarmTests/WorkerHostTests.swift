import Foundation
import ReelQueue
import ReelRender
import ReelTestSupport
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

    /// Polls `condition` every 10 ms for up to `seconds`. Synchronous on purpose: these tests block no task of the
    /// cooperative pool, which the rest of the suite keeps busy (an async wait there once timed out and hung).
    static func waitUntil(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() >= deadline { return false }
            usleep(10_000)
        }
        return true
    }

    @Test("a drain with no work: .drained, and the registry shows every slot stopped")
    func drained() throws {
        let dir = try TempDir("host-drain")
        defer { dir.remove() }
        let queue = InMemorySegmentQueue(), started = Atomic<Bool>(false)
        let host = Self.makeHost(queue: queue, store: PartStore(root: dir.url.path),
                                 hooks: .init(started: { started.store(true, ordering: .relaxed) }))
        let run = HostRun(host)
        defer { host.drain() }   // whatever fails below, the host ends
        try #require(Self.waitUntil(60) { started.load(ordering: .relaxed) }, "the host did not start within 60 s")
        #expect(try queue.workerList().map(\.id).sorted() == ["host-test/0", "host-test/1"])
        host.drain()
        let outcome = try #require(run.wait(seconds: 60), "the host did not end within 60 s of the drain")
        guard case .drained = outcome else { Issue.record("expected .drained, got \(outcome)"); return }
        let workers = try queue.workerList()
        #expect(workers.count == 2 && workers.allSatisfy { $0.state == .stopped }, "\(workers)")
    }

    @Test("an abort: .aborted, and the aborted hook ran once")
    func aborted() throws {
        let dir = try TempDir("host-abort")
        defer { dir.remove() }
        let queue = InMemorySegmentQueue(), started = Atomic<Bool>(false), aborts = Atomic<Int>(0)
        let host = Self.makeHost(queue: queue, store: PartStore(root: dir.url.path),
                                 hooks: .init(started: { started.store(true, ordering: .relaxed) },
                                              aborted: { aborts.add(1, ordering: .relaxed) }))
        let run = HostRun(host)
        defer { host.drain() }
        try #require(Self.waitUntil(60) { started.load(ordering: .relaxed) }, "the host did not start within 60 s")
        host.abort()
        let outcome = try #require(run.wait(seconds: 60), "the host did not end within 60 s of the abort")
        guard case .aborted = outcome else { Issue.record("expected .aborted, got \(outcome)"); return }
        let abortsSeen = aborts.load(ordering: .relaxed)
        #expect(abortsSeen == 1)
    }

    @Test("registration waits follow its Backoff; a drain while it waits ends the run as .failed with the error")
    func registrationBackoff() throws {
        let dir = try TempDir("host-register")
        defer { dir.remove() }
        // The probe fails as a database that is not there does, with no network in between: the timing of a
        // refused connection is the CLI test's (CLIMessageTests.waitingWorker), this is the host's backoff.
        let queue = InMemorySegmentQueue()
        let delays = Mutex<[Duration]>([]), started = Atomic<Bool>(false)
        let hooks = WorkerHost.Hooks(registrationRetry: { _, delay in delays.withLock { $0.append(delay) } },
                                     started: { started.store(true, ordering: .relaxed) })
        let host = Self.makeHost(queue: queue, store: PartStore(root: dir.url.path), hooks: hooks,
                                 backoff: Backoff(base: .milliseconds(1), cap: .milliseconds(4)),
                                 probe: { throw QueueError.connection("cannot reach the database (the test's probe)") })
        let run = HostRun(host)
        defer { host.drain() }
        try #require(Self.waitUntil(60) { delays.withLock { $0.count >= 4 } }, "fewer than four retries within 60 s")
        let seen = delays.withLock { Array($0.prefix(4)) }
        host.drain()
        let outcome = try #require(run.wait(seconds: 60), "the host did not end within 60 s of the drain")
        #expect(seen == [.milliseconds(1), .milliseconds(2), .milliseconds(4), .milliseconds(4)])
        guard case .failed(let error) = outcome else { Issue.record("expected .failed, got \(outcome)"); return }
        #expect("\(error)".contains("cannot reach the database"), "\(error)")
        let threadsStarted = started.load(ordering: .relaxed)
        #expect(!threadsStarted, "no thread may start before its slot is registered")
    }
}

/// `host.run()` on a thread of its own, as `reel worker` runs it on its main thread.
final class HostRun: Sendable {
    private let outcome = Mutex<WorkerHost.Outcome?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(_ host: WorkerHost) {
        Thread { [self] in
            let ended = host.run()
            outcome.withLock { $0 = ended }
            done.signal()
        }.start()
    }

    /// The outcome, or nil while the host still runs after `seconds`.
    func wait(seconds: Double) -> WorkerHost.Outcome? {
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return outcome.withLock { $0 }
    }
}
