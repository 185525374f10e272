import Foundation
import FoundationNetworking

/// One request to `reel serve`'s API, made with URLSession and waited for: the commands that take `--server`.
enum APIRequest {
    struct Reply {
        var status: Int
        var body: Data
    }

    /// What went wrong talking to the server, as the command prints it (exit 1).
    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Seconds a request may take: a submission probes every source on the server.
    static let timeout: TimeInterval = 120

    /// POSTs `body` with the bearer token. Redirects are not followed: the token must not travel elsewhere.
    /// - Throws: `Failure` when the server cannot be reached or does not answer in time.
    static func post(_ url: URL, token: String, type: String, body: Data) throws -> Reply {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue(type, forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        return try send(request)
    }

    private static func send(_ request: URLRequest) throws -> Reply {
        final class Outcome: @unchecked Sendable { var reply: Reply?; var error: (any Error)? }
        let outcome = Outcome(), done = DispatchSemaphore(value: 0)
        let session = URLSession(configuration: .ephemeral, delegate: NoRedirects(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        session.dataTask(with: request) { data, response, error in
            if let http = response as? HTTPURLResponse {
                outcome.reply = Reply(status: http.statusCode, body: data ?? Data())
            }
            outcome.error = error
            done.signal()
        }.resume()
        done.wait()
        guard let reply = outcome.reply else {
            throw Failure(message: "\(request.url?.absoluteString ?? ""): \(outcome.error.map { "\($0.localizedDescription)" } ?? "no answer")")
        }
        return reply
    }

    /// Answers a redirect with the redirect itself, never following it.
    private final class NoRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
        func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
            completionHandler(nil)
        }
    }
}
