import Synchronization

/// The paths a prober reported, in order. Thread-safe.
final class PathLog: Sendable {
    private let paths = Mutex<[String]>([])

    func add(_ path: String) { paths.withLock { $0.append(path) } }

    var all: [String] { paths.withLock { $0 } }
}
