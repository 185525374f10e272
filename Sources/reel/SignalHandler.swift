import Dispatch
import Foundation
import ReelFarm

/// SIGINT and SIGTERM: the first asks `stop` to abort (stop at the next frame, publish nothing) — or,
/// with `drainFirst`, to drain (finish the current segment); a second signal aborts.
final class SignalHandler: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []

    init(stop: StopSignal, drainFirst: Bool = false, onFirst: @escaping @Sendable () -> Void) {
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler {
                if drainFirst && !stop.isDraining {
                    stop.drain()
                    onFirst()
                } else if !stop.isAborted {
                    stop.abort()
                    if !drainFirst { onFirst() }
                }
            }
            source.resume()
            sources.append(source)
        }
    }

    func cancel() { sources.forEach { $0.cancel() } }
}
