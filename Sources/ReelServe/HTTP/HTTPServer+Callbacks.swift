import CMicroHTTPD
import Foundation

/// The request body gathered across libmicrohttpd's calls for one request.
final class RequestState {
    var body = Data()
    var tooLarge = false
}

/// libmicrohttpd calls this once when the head has arrived, once per piece of body, and once at the end.
let accessCallback: MHD_AccessHandlerCallback = { cls, connection, url, method, _, upload, uploadSize, state in
    guard let cls, let connection, let uploadSize, let state else { return reel_mhd_no() }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    if state.pointee == nil {
        state.pointee = Unmanaged.passRetained(RequestState()).toOpaque()
        if let length = lookup(connection, reel_mhd_header_kind(), "Content-Length").flatMap(Int.init), length > server.limits.maxBody {
            return server.queue(.error(413, "the request body is larger than \(server.limits.maxBody) bytes"), connection)
        }
        return reel_mhd_yes()
    }
    let request = Unmanaged<RequestState>.fromOpaque(state.pointee!).takeUnretainedValue()
    if uploadSize.pointee > 0 {
        if request.body.count + uploadSize.pointee > server.limits.maxBody { return reel_mhd_no() }   // close: too large
        if let upload { request.body.append(UnsafeRawPointer(upload).assumingMemoryBound(to: UInt8.self), count: uploadSize.pointee) }
        uploadSize.pointee = 0
        return reel_mhd_yes()
    }
    let parsed = HTTPRequest(method: url.flatMap { _ in method.map { String(cString: $0) } } ?? "",
                             path: url.map { String(cString: $0) } ?? "/",
                             query: values(connection, reel_mhd_query_kind(), lowercase: false),
                             headers: values(connection, reel_mhd_header_kind(), lowercase: true),
                             cookies: values(connection, reel_mhd_cookie_kind(), lowercase: false), body: request.body)
    return server.queue(server.handler(parsed), connection)
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

/// Every value of one kind (headers, cookies, query arguments). A value that is not UTF-8 is repaired, not trusted.
private func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind, lowercase: Bool) -> [String: String] {
    final class Box { var values: [String: String] = [:]; var lowercase = false }
    let box = Box()
    box.lowercase = lowercase
    let iterator: MHD_KeyValueIterator = { cls, _, key, value in
        guard let cls, let key else { return reel_mhd_yes() }
        let box = Unmanaged<Box>.fromOpaque(cls).takeUnretainedValue()
        let name = String(decoding: UnsafeRawPointer(key).bindMemory(to: UInt8.self, capacity: strlen(key)).withMemoryRebound(
            to: UInt8.self, capacity: strlen(key)) { UnsafeBufferPointer(start: $0, count: strlen(key)) }, as: UTF8.self)
        let text = value.map { String(decoding: UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self),
                                                                   count: strlen($0)), as: UTF8.self) } ?? ""
        box.values[box.lowercase ? name.lowercased() : name] = text
        return reel_mhd_yes()
    }
    withExtendedLifetime(box) {
        _ = MHD_get_connection_values(connection, kind, iterator, Unmanaged.passUnretained(box).toOpaque())
    }
    return box.values
}

extension HTTPServer {
    /// Queues `response` on `connection`; a stream is read by libmicrohttpd on the connection's thread.
    func queue(_ response: HTTPResponse, _ connection: OpaquePointer) -> MHD_Result {
        let r: OpaquePointer?
        switch response.body {
        case .bytes(let data):
            r = data.withUnsafeBytes { raw in reel_mhd_response_copy(raw.count, raw.baseAddress) }
        case .stream(let stream):
            let box = Unmanaged.passRetained(StreamBox(stream)).toOpaque()
            r = MHD_create_response_from_callback(UInt64.max, 16 * 1024, streamReader, box, streamFree)
        }
        guard let r else { return reel_mhd_no() }
        defer { MHD_destroy_response(r) }
        for (name, value) in HTTPResponse.securityHeaders + response.headers {
            _ = MHD_add_response_header(r, name, value)
        }
        return MHD_queue_response(connection, UInt32(clamping: response.status), r)
    }
}

/// Holds a stream for libmicrohttpd's reader callback.
final class StreamBox {
    let stream: any ResponseStream
    init(_ stream: any ResponseStream) { self.stream = stream }
}

private let streamReader: MHD_ContentReaderCallback = { cls, _, buffer, max in
    guard let cls, let buffer else { return -2 }
    let box = Unmanaged<StreamBox>.fromOpaque(cls).takeUnretainedValue()
    guard let data = box.stream.read(max: max), !data.isEmpty else { return -1 }   // end of stream
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
    guard !server.starting.load(ordering: .acquiring) else { return }
    server.log(String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines))
}
