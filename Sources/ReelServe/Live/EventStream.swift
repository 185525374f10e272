import Foundation
import ReelModel

/// One open `/events` response: server-sent events made from the hub's shared snapshots. It sends the current
/// snapshot at once, then one message per refresh, and a comment every `keepAlive` so that proxies and the
/// server's idle timeout keep the connection. It ends when the client leaves (seen within `hangUpCheck`, not
/// only at the next write) or the hub closes, and then gives back its slot (`onClose`).
final class EventStream: ResponseStream, @unchecked Sendable {
    private let hub: FarmHub
    private let job: Int64?
    private let view: JobView
    private let keepAlive: Duration
    private let onClose: @Sendable () -> Void
    private var version = 0
    private var pending = Data()
    /// How often a waiting stream asks whether its client has left.
    static let hangUpCheck: Duration = .seconds(1)

    /// - Parameters:
    ///   - view: the jobs its client may see; with `.owner`, each message's overview is narrowed to them (and `job`
    ///     was checked to be one of them).
    init(hub: FarmHub, job: Int64?, view: JobView = .all, keepAlive: Duration = .seconds(15),
         onClose: @escaping @Sendable () -> Void = {}) {
        self.hub = hub
        self.job = job
        self.view = view
        self.keepAlive = keepAlive
        self.onClose = onClose
        hub.subscribe(job: job)
    }

    func read(max: Int, hungUp: () -> Bool) -> Data? {
        if pending.isEmpty {
            let deadline = ContinuousClock.now + keepAlive
            while true {
                let left = ContinuousClock.now.duration(to: deadline)
                guard let snapshot = hub.waitForChange(after: version, timeout: min(left, Self.hangUpCheck)) else { return nil }
                if snapshot.version != version {
                    version = snapshot.version
                    pending = message(snapshot)
                    break
                }
                if hungUp() { return nil }
                if ContinuousClock.now >= deadline {
                    pending = Data(": keep-alive\n\n".utf8)
                    break
                }
            }
        }
        let chunk = pending.prefix(max)
        pending.removeFirst(chunk.count)
        return Data(chunk)
    }

    func close() {
        hub.unsubscribe(job: job)
        onClose()
    }

    private func message(_ s: HubSnapshot) -> Data {
        var out = Data("retry: 3000\nid: \(s.version)\nevent: overview\ndata: ".utf8)
        out.append(view == .all ? s.overviewJSON : APIJSON.data(HubJSON.overviewObject(s, view: view)))
        out.append(Data("\n\n".utf8))
        if let job, let detail = s.detailJSON[job] {
            out.append(Data("event: job\ndata: ".utf8))
            out.append(detail)
            out.append(Data("\n\n".utf8))
        }
        return out
    }
}

extension FarmHub {
    func subscribe(job: Int64?) {
        cond.lock()
        state.streams += 1
        if let job { state.watchers[job, default: 0] += 1 }
        state.kicked = true
        state.lastDemand = Date()
        cond.unlock()
    }

    func unsubscribe(job: Int64?) {
        cond.lock()
        state.streams -= 1
        if let job {
            state.watchers[job, default: 1] -= 1
            if state.watchers[job] == 0 { state.watchers[job] = nil }
        }
        cond.broadcast()
        cond.unlock()
    }

    /// Open event streams (a page left open counts once; a closed one no longer).
    public var streamCount: Int { cond.lock(); defer { cond.unlock() }; return state.streams }

    /// Blocks until a snapshot newer than `version` (or, for a watched job, one holding its detail) is published,
    /// or `timeout` passes (then returns the current one); nil once the hub is closed.
    func waitForChange(after version: Int, timeout: Duration) -> HubSnapshot? {
        let deadline = Date().addingTimeInterval(timeout.secondsDouble)
        cond.lock(); defer { cond.unlock() }
        while !state.closed && state.snapshot.version <= version {
            if !cond.wait(until: deadline) { break }
        }
        return state.closed ? nil : state.snapshot
    }
}
