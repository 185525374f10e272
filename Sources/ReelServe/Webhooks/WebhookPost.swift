import Foundation

/// One webhook POST (`CurlExchange`), to the address `WebhookTarget` resolved and no other: every connection is
/// pinned to it (so curl never resolves the name itself), redirects are not followed, only http and https are
/// spoken, proxies from the environment are ignored, the whole exchange has a short timeout, and at most
/// `maxResponse` bytes of the answer are read. TLS certificates are verified against the URL's host as usual.
struct WebhookPost {
    var timeout: Duration = .seconds(10)
    var maxResponse = 4096

    /// What came back: a status and the answer's first bytes, or why nothing did.
    enum Outcome: Hashable {
        case answered(status: Int, excerpt: String)
        case unanswered(String)
    }

    func send(_ target: WebhookTarget, body: Data, headers: [(String, String)]) -> Outcome {
        let exchange = CurlExchange(url: target.url, method: "POST", headers: headers, body: body, timeout: timeout,
                                    maxResponse: maxResponse, pinned: (target.address, target.port), noProxy: true,
                                    userAgent: "reel-webhooks/1")
        switch exchange.perform() {
        case .answered(let status, let data, _): return .answered(status: status, excerpt: String(decoding: data, as: UTF8.self))
        case .unanswered(let why): return .unanswered(why)
        }
    }
}
