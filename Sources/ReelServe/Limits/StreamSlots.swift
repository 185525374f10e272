import Synchronization

/// Open event streams, counted in all and per client, against `ServeLimits`.
final class StreamSlots: Sendable {
    enum Refusal: Equatable {
        /// This client holds `streamsPerClient` streams already.
        case client
        /// `streams` are open from everyone.
        case all
    }

    private let limits: ServeLimits
    private let open = Mutex<(all: Int, byClient: [String: Int])>((0, [:]))

    init(_ limits: ServeLimits) { self.limits = limits }

    /// Takes a slot for `client`, or says why there is none. Every slot taken is given back once (`give`).
    func take(_ client: String) -> Refusal? {
        open.withLock { open in
            if open.byClient[client, default: 0] >= limits.streamsPerClient { return .client }
            if open.all >= limits.streams { return .all }
            open.all += 1
            open.byClient[client, default: 0] += 1
            return nil
        }
    }

    func give(_ client: String) {
        open.withLock { open in
            open.all -= 1
            open.byClient[client, default: 1] -= 1
            if open.byClient[client] == 0 { open.byClient[client] = nil }
        }
    }
}
