internal import CCurl
import Foundation

/// One HTTP exchange by libcurl, the only place Reel drives it: webhooks (`WebhookPost`) and the CLI's `--server`
/// commands (`APIClient`). Redirects are never followed (a bearer token or a signed body must not travel elsewhere),
/// only http and https are spoken, the whole exchange has a deadline, and at most `maxResponse` bytes of the answer
/// are kept. TLS certificates are verified against the URL's host, by the system's trust store or `caFile`.
struct CurlExchange {
    var url: String
    var method = "GET"
    var headers: [(String, String)] = []
    var body: Data?
    var timeout: Duration = .seconds(10)
    var connectTimeout: Duration = .seconds(5)
    var maxResponse = 4096
    /// Connect to this address and port whatever the URL's name resolves to (`CURLOPT_CONNECT_TO`).
    var pinned: (address: String, port: Int)?
    /// Ignore `http_proxy` and its kin.
    var noProxy = false
    /// A PEM bundle of the certificate authorities to trust instead of the system's (`CURLOPT_CAINFO_BLOB`: the
    /// bytes read and checked, not a name curl would open again).
    var authorities: String?
    var userAgent = "reel/1"

    /// What came back: a status, the answer's first bytes and whether there were more; or why nothing did.
    enum Outcome: Hashable {
        case answered(status: Int, body: Data, truncated: Bool)
        case unanswered(String)
    }

    private static let initialised: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    func perform() -> Outcome {
        guard Self.initialised, let curl = curl_easy_init() else { return .unanswered("libcurl could not start") }
        defer { curl_easy_cleanup(curl) }
        let sink = ResponseSink(limit: maxResponse)
        var list: UnsafeMutablePointer<curl_slist>?
        for (name, value) in headers + [("Expect", "")] { list = curl_slist_append(list, "\(name): \(value)") }
        defer { curl_slist_free_all(list) }
        let connectTo = pinned.map { p in curl_slist_append(nil, "::\(p.address.contains(":") ? "[\(p.address)]" : p.address):\(p.port)") }
        defer { connectTo.map { curl_slist_free_all($0) } }
        let payload = body ?? Data()
        let code: CURLcode = payload.withUnsafeBytes { raw in
            withExtendedLifetime(sink) {
                var options: [CURLcode] = [
                    reel_curl_set_string(curl, CURLOPT_URL, url),
                    reel_curl_set_string(curl, CURLOPT_PROTOCOLS_STR, "http,https"),
                    reel_curl_set_long(curl, CURLOPT_FOLLOWLOCATION, 0),
                    reel_curl_set_long(curl, CURLOPT_NOSIGNAL, 1),
                    reel_curl_set_long(curl, CURLOPT_TIMEOUT_MS, Int(timeout.secondsDouble * 1000)),
                    reel_curl_set_long(curl, CURLOPT_CONNECTTIMEOUT_MS, Int(min(timeout, connectTimeout).secondsDouble * 1000)),
                    reel_curl_set_list(curl, CURLOPT_HTTPHEADER, list),
                    reel_curl_set_string(curl, CURLOPT_USERAGENT, userAgent),
                    reel_curl_set_writer(curl, responseWriter),
                    reel_curl_set_pointer(curl, CURLOPT_WRITEDATA, Unmanaged.passUnretained(sink).toOpaque()),
                ]
                if let connectTo { options.append(reel_curl_set_list(curl, CURLOPT_CONNECT_TO, connectTo)) }
                if noProxy { options.append(reel_curl_set_string(curl, CURLOPT_PROXY, "")) }
                if let authorities {
                    options.append(authorities.utf8CString.withUnsafeBufferPointer { pem in
                        reel_curl_set_blob(curl, CURLOPT_CAINFO_BLOB, pem.baseAddress, pem.count - 1)
                    })
                }
                if body != nil {
                    options += [reel_curl_set_long(curl, CURLOPT_POST, 1),
                                reel_curl_set_pointer(curl, CURLOPT_POSTFIELDS, UnsafeMutableRawPointer(mutating: raw.baseAddress)),
                                reel_curl_set_long(curl, CURLOPT_POSTFIELDSIZE, raw.count)]
                }
                if method != "GET" && method != "POST" { options.append(reel_curl_set_string(curl, CURLOPT_CUSTOMREQUEST, method)) }
                if let bad = options.first(where: { $0 != CURLE_OK }) { return bad }
                return curl_easy_perform(curl)
            }
        }
        let status = reel_curl_response_code(curl)
        if status > 0 && (code == CURLE_OK || code == CURLE_WRITE_ERROR) {
            return .answered(status: status, body: sink.data, truncated: sink.overflowed)
        }
        return .unanswered(String(cString: curl_easy_strerror(code)))
    }
}

/// The answer's first bytes; past `limit` the write callback refuses more, which ends the transfer.
private final class ResponseSink {
    let limit: Int
    var data = Data()
    var overflowed = false
    init(limit: Int) { self.limit = limit }
}

private let responseWriter: reel_curl_write_fn = { pointer, size, count, context in
    guard let pointer, let context else { return 0 }
    let sink = Unmanaged<ResponseSink>.fromOpaque(context).takeUnretainedValue()
    let n = size * count
    let room = max(0, sink.limit - sink.data.count)
    sink.data.append(UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: min(n, room))
    if n > room { sink.overflowed = true }
    return n <= room ? n : 0
}
