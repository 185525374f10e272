internal import CMicroHTTPD
import Foundation

/// The request body gathered across libmicrohttpd's calls for one request.
final class RequestState {
    var body = Data()
    /// The largest body this request may carry (`HTTPLimits.maxBody(method:path:)`).
    let limit: Int
    init(limit: Int) { self.limit = limit }
}

/// libmicrohttpd calls this once when the head has arrived, once per piece of body, and once at the end.
let accessCallback: MHD_AccessHandlerCallback = { cls, connection, url, method, _, upload, uploadSize, state in
    guard let cls, let connection, let uploadSize, let state else { return reel_mhd_no() }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    if state.pointee == nil {
        let limit = server.limits.maxBody(method: method.map { String(cString: $0) } ?? "", path: url.map { String(cString: $0) } ?? "/")
        state.pointee = Unmanaged.passRetained(RequestState(limit: limit)).toOpaque()
        if let length = lookup(connection, reel_mhd_header_kind(), "Content-Length").flatMap(Int.init), length > limit {
            return server.queue(.error(413, "the request body is larger than \(limit) bytes"), connection)
        }
        return reel_mhd_yes()
    }
    let request = Unmanaged<RequestState>.fromOpaque(state.pointee!).takeUnretainedValue()
    if uploadSize.pointee > 0 {
        if request.body.count + uploadSize.pointee > request.limit { return reel_mhd_no() }   // close: too large
        if let upload { request.body.append(UnsafeRawPointer(upload).assumingMemoryBound(to: UInt8.self), count: uploadSize.pointee) }
        uploadSize.pointee = 0
        return reel_mhd_yes()
    }
    let headers = values(connection, reel_mhd_header_kind(), lowercase: true)
    let parsed = HTTPRequest(method: url.flatMap { _ in method.map { String(cString: $0) } } ?? "",
                             path: url.map { String(cString: $0) } ?? "/",
                             query: values(connection, reel_mhd_query_kind(), lowercase: false).values,
                             headers: headers.values,
                             cookies: values(connection, reel_mhd_cookie_kind(), lowercase: false).values, body: request.body,
                             peer: peer(connection), repeatedHeaders: headers.repeated, serverPort: server.port)
    return server.queue(server.handler(parsed), connection)
}

/// The client's address as the socket says.
private func peer(_ connection: OpaquePointer) -> String {
    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
    reel_mhd_client_address(connection, &text, socklen_t(text.count))
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Frees what `accessCallback` kept for the request.
let completedCallback: MHD_RequestCompletedCallback = { _, _, state, _ in
    guard let state, let pointer = state.pointee else { return }
    Unmanaged<RequestState>.fromOpaque(pointer).release()
    state.pointee = nil
}

private func lookup(_ connection: OpaquePointer, _ kind: MHD_ValueKind, _ key: String) -> String? {
    MHD_lookup_connection_value(connection, kind, key).map { String(cString: $0) }
}

/// Every value of one kind (headers, cookies, query arguments), the last one of a repeated name, and the names that
/// came more than once. A value that is not UTF-8 is repaired, not trusted.
private func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind, lowercase: Bool)
    -> (values: [String: String], repeated: Set<String>) {
    final class Box { var values: [String: String] = [:]; var repeated: Set<String> = []; var lowercase = false }
    let box = Box()
    box.lowercase = lowercase
    let iterator: MHD_KeyValueIterator = { cls, _, key, value in
        guard let cls, let key else { return reel_mhd_yes() }
        let box = Unmanaged<Box>.fromOpaque(cls).takeUnretainedValue()
        let name = String(decoding: UnsafeRawPointer(key).bindMemory(to: UInt8.self, capacity: strlen(key)).withMemoryRebound(
            to: UInt8.self, capacity: strlen(key)) { UnsafeBufferPointer(start: $0, count: strlen(key)) }, as: UTF8.self)
        let text = value.map { String(decoding: UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self),
                                                                   count: strlen($0)), as: UTF8.self) } ?? ""
        let named = box.lowercase ? name.lowercased() : name
        if box.values.updateValue(text, forKey: named) != nil { box.repeated.insert(named) }
        return reel_mhd_yes()
    }
    withExtendedLifetime(box) {
        _ = MHD_get_connection_values(connection, kind, iterator, Unmanaged.passUnretained(box).toOpaque())
    }
    return (box.values, box.repeated)
}

extension HTTPServer {
    /// Queues `response` on `connection`; a stream is read by libmicrohttpd on the connection's thread.
    func queue(_ response: HTTPResponse, _ connection: OpaquePointer) -> MHD_Result {
        let r: OpaquePointer?
        switch response.body {
        case .bytes(let data):
            r = data.withUnsafeBytes { raw in reel_mhd_response_copy(raw.count, raw.baseAddress) }
        case .stream(let stream):
            let box = Unmanaged.passRetained(StreamBox(stream, socket: reel_mhd_connection_fd(connection))).toOpaque()
            r = MHD_create_response_from_callback(UInt64.max, 16 * 1024, streamReader, box, streamFree)
            if r == nil { streamFree(box) }   // never handed over: closed here, or its slot would stay taken
        }
        guard let r else { return reel_mhd_no() }
        defer { MHD_destroy_response(r) }
        for (name, value) in HTTPResponse.securityHeaders + response.headers {
            _ = MHD_add_response_header(r, name, value)
        }
        return MHD_queue_response(connection, UInt32(clamping: response.status), r)
    }
}

/// Holds a stream, and its connection's socket, for libmicrohttpd's reader callback.
final class StreamBox {
    let stream: any ResponseStream
    let socket: Int32
    init(_ stream: any ResponseStream, socket: Int32) { self.stream = stream; self.socket = socket }
}

private let streamReader: MHD_ContentReaderCallback = { cls, _, buffer, max in
    guard let cls, let buffer else { return -2 }
    let box = Unmanaged<StreamBox>.fromOpaque(cls).takeUnretainedValue()
    let socket = box.socket
    guard let data = box.stream.read(max: max, hungUp: { reel_socket_hung_up(socket) != 0 }), !data.isEmpty else {
        return -1   // end of stream
    }
    let n = min(data.count, max)
    data.withUnsafeBytes { raw in UnsafeMutableRawPointer(buffer).copyMemory(from: raw.baseAddress!, byteCount: n) }
    return n
}

private let streamFree: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    let box = Unmanaged<StreamBox>.fromOpaque(cls).takeRetainedValue()
    box.stream.close()
}

/// libmicrohttpd's log line, formatted by the shim.
let logCallback: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void = { ctx, message in
    guard let ctx, let message else { return }
    let server = Unmanaged<HTTPServer>.fromOpaque(ctx).takeUnretainedValue()
    let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
    guard !server.starting.load(ordering: .acquiring) else {
        server.startMessages.withLock { if $0.count < 8 { $0.append(text) } }
        return
    }
    server.log(text)
}
