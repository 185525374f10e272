import Foundation
import ReelQueue
import ReelRecords
import Synchronization

/// Delivers webhooks from the database (`webhook_deliveries`), so that a delivery survives a restart of the server:
/// a loop on its own thread claims due deliveries (`FOR UPDATE SKIP LOCKED`, so several servers share them), POSTs
/// each job's final JSON signed with its secret (`WebhookSignature`) to an address checked against SSRF
/// (`WebhookTarget`), and records the outcome: delivered on a 2xx; tried again with exponential backoff (and
/// jitter) on any other answer or none, for up to `Configuration.giveUpAfter`; failed at once for a target refused
/// for good or a redirect, which is not followed.
public final class WebhookDeliverer: Sendable {
    public struct Configuration: Sendable {
        /// How often to look for due deliveries when none was found.
        public var pollInterval: Duration = .seconds(1)
        /// The delay after the first failed attempt, doubling after each (`Backoff`), with ±20 % jitter.
        public var backoff = Backoff(base: .seconds(30), cap: .seconds(3600))
        /// A delivery still failing this long after its event is given up (`failed`).
        public var giveUpAfter: Duration = .seconds(24 * 3600)
        /// The whole exchange of one POST.
        public var timeout: Duration = .seconds(10)
        /// Networks a webhook may reach although `AddressRange.refused` holds them (`--webhook-allow`).
        public var allow: [AddressRange] = []
        /// Deliveries claimed at once.
        public var batch = 8

        public init() {}

        /// - Throws: `ServeError.usage` for a setting that cannot work.
        public func validate() throws(ServeError) {
            guard pollInterval > .zero, timeout > .zero, giveUpAfter > .zero, batch > 0 else {
                throw .usage("the webhook deliverer's poll interval, timeout, give-up time and batch must be positive")
            }
        }
    }

    let queue: any WebhookDelivering & JobReading
    let configuration: Configuration
    /// The signing secret of a job's webhooks (the accounts work stores one per token); nil leaves the job's
    /// deliveries pending, unsent, until a server that knows it runs.
    let secret: @Sendable (Job) -> [UInt8]?
    let log: @Sendable (String) -> Void
    private let stopping = Atomic<Bool>(false)
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    public init(queue: any WebhookDelivering & JobReading, configuration: Configuration = Configuration(),
                secret: @escaping @Sendable (Job) -> [UInt8]?, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.queue = queue
        self.configuration = configuration
        self.secret = secret
        self.log = log
    }

    /// Starts the loop on a thread of its own (each POST blocks for up to the timeout).
    public func start() {
        Thread.detachNewThread { [self] in
            while !stopping.load(ordering: .acquiring) {
                let worked = tick()
                if !worked { _ = wake.wait(timeout: .now() + configuration.pollInterval.secondsDouble) }
            }
            finished.signal()
        }
    }

    /// Stops the loop after the POST in flight, if any, and waits for it.
    public func stop() {
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        wake.signal()
        finished.wait()
    }

    /// Claims and attempts one batch; whether there was any. A database error is logged and waits a poll.
    func tick() -> Bool {
        let claimed: [WebhookDelivery]
        do {
            claimed = try queue.webhookClaim(limit: configuration.batch, lease: configuration.timeout * 6)
        } catch {
            log("webhook claim failed error=\(error)")
            return false
        }
        for delivery in claimed where !stopping.load(ordering: .acquiring) { attempt(delivery) }
        return !claimed.isEmpty
    }
}
