import Foundation
import ReelTestSupport
import ReelServe
import Testing

/// The OpenAPI document (docs/openapi.json, served at /api/v1/openapi.json) against the router: the same routes both
/// ways, each one answered, nothing else answered, and openapi-spec-validator accepts the document.
@Suite struct ServeRoutesTests {
    static let document = MetricsFixture.repoRoot.appendingPathComponent("docs/openapi.json")
    static let methods: Set<String> = ["get", "put", "post", "delete", "patch", "head", "options", "trace"]

    /// The document's operations as `ServeRoute`s would print them: "GET /api/v1/jobs".
    static func documented(_ object: [String: Any]) throws -> Set<String> {
        let paths = try #require(object["paths"] as? [String: [String: Any]])
        return Set(paths.flatMap { path, item in item.keys.filter(methods.contains).map { "\($0.uppercased()) \(path)" } })
    }

    @Test("the server serves docs/openapi.json as it is in the repository (scripts/gen-openapi.sh)")
    func servedDocumentIsTheRepositoryOne() throws {
        let serve = try ServeFixture()
        let served = try serve.json("/api/v1/openapi.json")
        let file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.document)) as? [String: Any])
        #expect(NSDictionary(dictionary: served).isEqual(to: file), "run scripts/gen-openapi.sh")
        #expect(served["openapi"] as? String == "3.1.0")
    }

    @Test("every route the router answers is in the document, and every operation in the document is a route")
    func routesBothWays() throws {
        let file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.document)) as? [String: Any])
        let documented = try Self.documented(file)
        let routed = Set(ServeRoute.all.map(\.description))
        #expect(routed.subtracting(documented).isEmpty, "routes missing from docs/openapi.json: \(routed.subtracting(documented).sorted())")
        #expect(documented.subtracting(routed).isEmpty, "documented but not routed: \(documented.subtracting(routed).sorted())")
    }

    @Test("each route is answered by its handler; other paths are 404 and other methods 405 with Allow")
    func onlyTheRoutesAreAnswered() throws {
        let serve = try ServeFixture()
        let id = try serve.insertJob(name: "routed")
        for route in ServeRoute.all where route.path != "/events" {
            let path = route.path.replacingOccurrences(of: "{id}", with: "\(id)").replacingOccurrences(of: "{index}", with: "0")
                .replacingOccurrences(of: "{file}", with: "app.css")
            let r = try serve.request(route.method, path, headers: ["Content-Type": "application/json"], body: route.method == "GET" ? "" : "{}")
            #expect(r.status != 405 && !r.body.contains("no such page") && !r.body.contains("no such API address"),
                    "\(route): \(r.status) \(r.body.prefix(200))")
        }
        for path in ["/api/v1/nothing", "/api/v1/jobs/\(id)/other", "/nothing", "/api", "/jobs/\(id)/extra"] {
            #expect(try serve.request("GET", path).status == 404, "\(path)")
        }
        let client = try RawSocket(port: serve.port)
        client.send("PUT /api/v1/jobs HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
        let reply = String(decoding: client.read() ?? Data(), as: UTF8.self)
        #expect(reply.hasPrefix("HTTP/1.1 405") && reply.contains("Allow: GET, POST, HEAD"), "\(reply.prefix(300))")
    }

    @Test("openapi-spec-validator (PyPI, scripts/setup.sh) accepts the document as OpenAPI 3.1")
    func specValidatorAccepts() throws {
        let local = MetricsFixture.repoRoot.appendingPathComponent(".build/pyenv/bin/openapi-spec-validator").path
        try #require(FileManager.default.isExecutableFile(atPath: local), "scripts/setup.sh installs openapi-spec-validator")
        let out = try TestProcess.run(local, ["--schema", "3.1", Self.document.path])
        #expect(out.status == 0 && out.stdout.contains(": OK"), "\(out.stdout)\(out.stderr)")
        print("openapi-spec-validator: \(out.stdout.trimmingCharacters(in: .whitespacesAndNewlines))")
    }
}
