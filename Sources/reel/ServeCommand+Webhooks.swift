import Foundation
import ReelQueue
import ReelServe

extension FarmCommands {
    /// The webhook deliverer of `reel serve`, on the write connection, when `--webhook-secret-file` gives the key
    /// that signs deliveries; nil without one (deliveries then wait, pending, for a server that has it).
    /// - Throws: `UsageError` naming the option that is wrong.
    static func webhookDeliverer(_ parsed: Arguments, configuration: PostgresQueueConfiguration,
                                 log: @escaping @Sendable (String) -> Void) throws -> WebhookDeliverer? {
        let env = ProcessInfo.processInfo.environment
        var settings = WebhookDeliverer.Configuration()
        do {
            settings.allow = try (parsed.all("webhook-allow") + (env["REEL_SERVE_WEBHOOK_ALLOW"] ?? "").split(separator: ",").map(String.init))
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                .map { text throws(ServeError) in try AddressRange(parsing: text) }
        } catch {
            throw UsageError(message: "--webhook-allow \(error.description)")
        }
        if let ms = try parsed.int("webhook-retry-base-ms", in: 1...3_600_000) {
            settings.backoff = Backoff(base: .milliseconds(ms), cap: max(.milliseconds(ms), settings.backoff.cap))
        }
        guard let path = parsed.value("webhook-secret-file") ?? env["REEL_SERVE_WEBHOOK_SECRET_FILE"], !path.isEmpty else {
            return nil
        }
        let secret = Array(try readSecret(path, option: "--webhook-secret-file").utf8)
        // One operator secret for every job until the accounts work gives each token its own (`secret` takes the job).
        return WebhookDeliverer(queue: try PostgresSegmentQueue(configuration), configuration: settings,
                                secret: { _ in secret }, log: log)
    }
}
