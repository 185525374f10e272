internal import CCurl
import Foundation

/// One webhook POST by libcurl, to the address `WebhookTarget` resolved and no other: every connection is pinned
/// to it (`CURLOPT_CONNECT_TO`, so curl never resolves the name itself), redirects are not followed, only http and
/// https are spoken, proxies from the environment are ignored, the whole exchange has a short timeout, and at most
/// `maxResponse` bytes of the answer are read. TLS certificates are verified against the URL's host as usual.
struct WebhookPost {
    var timeout: Duration = .seconds(10)
    var maxResponse = 4096

    /// What came back: a status and the answer's first bytes, or why nothing did.
    enum Outcome: Hashable {
        case answered(status: Int, excerpt: String)
        case unanswered(String)
    }

    private static let initialised: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    func send(_ target: WebhookTarget, body: Data, headers: [(String, String)]) -> Outcome {
        guard Self.initialised, let curl = curl_easy_init() else { return .unanswered("libcurl could not start") }
        defer { curl_easy_cleanup(curl) }
        let sink = ResponseSink(limit: maxResponse)
        var list: UnsafeMutablePointer<curl_slist>?
        for (name, value) in headers + [("Expect", "")] { list = curl_slist_append(list, "\(name): \(value)") }
        defer { curl_slist_free_all(list) }
        let pinned = target.address.contains(":") ? "[\(target.address)]" : target.address
        let connectTo = curl_slist_append(nil, "::\(pinned):\(target.port)")
        defer { curl_slist_free_all(connectTo) }
        let code: CURLcode = body.withUnsafeBytes { raw in
            withExtendedLifetime(sink) {
                let options: [CURLcode] = [
                    reel_curl_set_string(curl, CURLOPT_URL, target.url),
                    reel_curl_set_list(curl, CURLOPT_CONNECT_TO, connectTo),
                    reel_curl_set_string(curl, CURLOPT_PROTOCOLS_STR, "http,https"),
                    reel_curl_set_long(curl, CURLOPT_FOLLOWLOCATION, 0),
                    reel_curl_set_string(curl, CURLOPT_PROXY, ""),
                    reel_curl_set_long(curl, CURLOPT_NOSIGNAL, 1),
                    reel_curl_set_long(curl, CURLOPT_TIMEOUT_MS, Int(timeout.secondsDouble * 1000)),
                    reel_curl_set_long(curl, CURLOPT_CONNECTTIMEOUT_MS, Int(min(timeout.secondsDouble, 5) * 1000)),
                    reel_curl_set_long(curl, CURLOPT_POST, 1),
                    reel_curl_set_pointer(curl, CURLOPT_POSTFIELDS, UnsafeMutableRawPointer(mutating: raw.baseAddress)),
                    reel_curl_set_long(curl, CURLOPT_POSTFIELDSIZE, raw.count),
                    reel_curl_set_list(curl, CURLOPT_HTTPHEADER, list),
                    reel_curl_set_string(curl, CURLOPT_USERAGENT, "reel-webhooks/1"),
                    reel_curl_set_writer(curl, responseWriter),
                    reel_curl_set_pointer(curl, CURLOPT_WRITEDATA, Unmanaged.passUnretained(sink).toOpaque()),
                ]
                if let bad = options.first(where: { $0 != CURLE_OK }) { return bad }
                return curl_easy_perform(curl)
            }
        }
        let status = reel_curl_response_code(curl)
        let excerpt = String(decoding: sink.data, as: UTF8.self)
        if status > 0 && (code == CURLE_OK || code == CURLE_WRITE_ERROR) { return .answered(status: status, excerpt: excerpt) }
        return .unanswered(String(cString: curl_easy_strerror(code)))
    }
}

/// The answer's first bytes; past `limit` the write callback refuses more, which ends the transfer.
private final class ResponseSink {
    let limit: Int
    var data = Data()
    init(limit: Int) { self.limit = limit }
}

private let responseWriter: reel_curl_write_fn = { pointer, size, count, context in
    guard let pointer, let context else { return 0 }
    let sink = Unmanaged<ResponseSink>.fromOpaque(context).takeUnretainedValue()
    let n = size * count
    let room = max(0, sink.limit - sink.data.count)
    sink.data.append(UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: min(n, room))
    return n <= room ? n : 0
}
