import Foundation
import Synchronization
import Testing
@testable import ReelServe

/// `WebhookPost` (libcurl) against a receiver in this process (ReelServe's own HTTPServer on loopback): the
/// connection goes to the address resolved before, whatever the URL's name says; redirects are not followed;
/// the answer is read only up to its cap; the timeout holds. That a proxy in the environment is not used is
/// checked on a `reel serve` child (FarmTests.Webhooks): setting one here would reach every other test's
/// URLSession in this process, which libcurl reads it for.
@Suite(.serialized) struct WebhookPostTests {
    /// A receiver answering with `answer` and recording each request.
    final class Receiver: Sendable {
        final class Seen: Sendable { let requests = Mutex<[HTTPRequest]>([]) }
        private let log = Seen()
        let server: HTTPServer

        init(_ answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
            let log = self.log
            server = try HTTPServer(listen: try ListenAddress(parsing: "127.0.0.1:0")) { request in
                log.requests.withLock { $0.append(request) }
                return answer(request)
            }
        }

        /// The requests received so far.
        var seen: [HTTPRequest] { log.requests.withLock { $0 } }

        /// A target whose URL names a host that does not resolve (`.invalid`), pinned to this receiver.
        var pinned: WebhookTarget {
            WebhookTarget(url: "http://rebound.invalid:\(server.port)/hook", host: "rebound.invalid",
                          port: Int(server.port), address: "127.0.0.1")
        }
    }

    @Test("the POST reaches the pinned address although the URL's name does not resolve, with the headers and body given")
    func pinned() throws {
        let receiver = try Receiver { _ in .text(200, "thanks") }
        defer { receiver.server.stop() }
        let body = Data(#"{"event":"job.done"}"#.utf8)
        let outcome = WebhookPost().send(receiver.pinned, body: body, headers: [("Reel-Signature", "t=1,v1=ab")])
        #expect(outcome == .answered(status: 200, excerpt: "thanks"), "\(outcome)")
        let got = try #require(receiver.seen.first)
        #expect(got.method == "POST" && got.path == "/hook" && got.body == body && got.header("reel-signature") == "t=1,v1=ab"
                && got.header("host") == "rebound.invalid:\(receiver.server.port)", "\(got.headers)")
    }

    @Test("a redirect is answered as it is, never followed")
    func redirect() throws {
        let receiver = try Receiver { r in
            r.path == "/hook" ? HTTPResponse(status: 302, headers: [("Location", "/elsewhere")]) : .text(200, "followed")
        }
        defer { receiver.server.stop() }
        let outcome = WebhookPost().send(receiver.pinned, body: Data("{}".utf8), headers: [])
        guard case .answered(302, _) = outcome else { Issue.record("\(outcome)"); return }
        #expect(receiver.seen.map(\.path) == ["/hook"])
    }

    @Test("at most maxResponse bytes of a large answer are read; its status still counts")
    func cappedRead() throws {
        let receiver = try Receiver { _ in .text(500, String(repeating: "x", count: 1_000_000)) }
        defer { receiver.server.stop() }
        let outcome = WebhookPost().send(receiver.pinned, body: Data("{}".utf8), headers: [])
        guard case .answered(500, let excerpt) = outcome else { Issue.record("\(outcome)"); return }
        #expect(excerpt.utf8.count == 4096, "\(excerpt.utf8.count) bytes kept")
    }

    @Test("a receiver slower than the timeout is cut off at it")
    func timeout() throws {
        let receiver = try Receiver { _ in usleep(3_000_000); return .text(200, "late") }
        defer { receiver.server.stop() }
        let started = ContinuousClock.now
        let outcome = WebhookPost(timeout: .seconds(1)).send(receiver.pinned, body: Data("{}".utf8), headers: [])
        let took = ContinuousClock.now - started
        guard case .unanswered(let why) = outcome else { Issue.record("\(outcome)"); return }
        #expect(why.lowercased().contains("timeout") && took < .milliseconds(2500), "\(why) after \(took)")
    }
}
