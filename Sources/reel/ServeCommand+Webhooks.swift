import Foundation
import ReelQueue
import ReelServe

extension FarmCommands {
    /// `--webhook-allow` and `--webhook-retry-base-ms`. - Throws: `UsageError` naming the option that is wrong.
    static func webhookSettings(_ parsed: Arguments) throws -> WebhookDeliverer.Configuration {
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
        return settings
    }

    /// The webhook deliverer of `reel serve`, on the write connection. A job submitted with an API token is signed
    /// with that token's own secret (`reel token create` printed it); any other with `--webhook-secret-file`'s key.
    /// It runs when it can sign something: with that key, or with `--api-tokens`; a job it has no secret for waits,
    /// pending, for a server that has one.
    /// - Throws: `UsageError` naming the option that is wrong.
    static func webhookDeliverer(_ parsed: Arguments, settings: WebhookDeliverer.Configuration,
                                 configuration: PostgresQueueConfiguration, tokens: (any TokenManaging)?,
                                 log: @escaping @Sendable (String) -> Void) throws -> WebhookDeliverer? {
        let env = ProcessInfo.processInfo.environment
        let path = parsed.value("webhook-secret-file") ?? env["REEL_SERVE_WEBHOOK_SECRET_FILE"]
        let server = try path.flatMap { $0.isEmpty ? nil : Array(try readSecret($0, option: "--webhook-secret-file").utf8) }
        guard server != nil || tokens != nil else { return nil }
        return WebhookDeliverer(queue: try PostgresSegmentQueue(configuration), configuration: settings, secret: { job in
            guard let id = job.tokenID else { return server }
            do {
                guard let secret = try tokens?.tokenWebhookSecret(id), !secret.isEmpty else { return nil }
                return Array(secret.utf8)
            } catch {
                log("webhook secret of token \(id) cannot be read: \(error)")
                return nil
            }
        }, log: log)
    }
}
