import Foundation
import ReelQueue

extension WorkerHost {
    /// What a host needs to put its slots in the worker registry.
    public struct Registration: Sendable {
        public var pid: Int
        public var version: String
        /// The wait after failed attempt n: 0.5 s, doubling, up to 30 s.
        public var backoff = Backoff(base: .milliseconds(500), cap: .seconds(30))
        /// A one-shot connection check before each attempt (PostgreSQL's `ping`), so a host waiting for its
        /// database says so at once rather than after the pool's own reconnect backoff.
        public var probe: @Sendable () throws -> Void

        public init(pid: Int, version: String, probe: @escaping @Sendable () throws -> Void = {}) {
            self.pid = pid
            self.version = version
            self.probe = probe
        }
    }

    /// What a host tells its caller while it runs; the outcome is `run`'s return value.
    public struct Hooks: Sendable {
        /// Every worker event, with the id of the thread that had it: a slot's id, or the stitcher's + "-stitch".
        public var event: @Sendable (_ threadID: String, _ event: WorkerEvent) -> Void
        /// A registration attempt failed; the next one follows after `delay` unless the host drains first.
        public var registrationRetry: @Sendable (_ error: any Error, _ delay: Duration) -> Void
        /// Every slot is registered and every thread started.
        public var started: @Sendable () -> Void
        /// The stop signal aborted while threads still ran (once).
        public var aborted: @Sendable () -> Void

        public init(event: @escaping @Sendable (String, WorkerEvent) -> Void = { _, _ in },
                    registrationRetry: @escaping @Sendable (any Error, Duration) -> Void = { _, _ in },
                    started: @escaping @Sendable () -> Void = {}, aborted: @escaping @Sendable () -> Void = {}) {
            self.event = event
            self.registrationRetry = registrationRetry
            self.started = started
            self.aborted = aborted
        }
    }

    /// Registers one slot, retrying with `registration.backoff` until it succeeds.
    /// - Throws: the last attempt's error once the stop signal drains.
    func register(_ slot: WorkerConfiguration, _ registration: Registration) throws {
        var attempt = 0
        while true {
            do {
                try registration.probe()
                try queue.workerRegister(WorkerRegisterParams(workerID: slot.workerID, host: slot.host,
                                                              pid: registration.pid, version: registration.version,
                                                              tags: slot.tags))
                return
            } catch {
                if stop.isDraining { throw error }
                attempt += 1
                let delay = registration.backoff.delay(afterAttempt: attempt)
                hooks.registrationRetry(error, delay)
                stop.pause(delay)
                if stop.isDraining { throw error }
            }
        }
    }
}
