import Foundation
import ReelTestSupport
import Testing
@testable import ReelQueue

extension FarmTests.SubmitAPI {
    /// A token's caps (`reel token create --max-active-jobs --max-queued-frames --rate`) over HTTP: each cap that a
    /// wait can lift answers 429 with `Retry-After`, one that none can answers 422, and nothing is queued past a cap.
    @Test("a token's caps: a second active job and a retry over the cap are 429 with Retry-After, a job over the frames cap alone is 422, and past its rate a token is 429 while another token is not")
    func tokenCaps() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let (project, outputs) = try await FarmTests.SubmitAPI.mediaAndOutputs(farm)
        let one = try await FarmTests.ServeTokens.token(farm, user: "editor1", scope: "submit", extra: ["--max-active-jobs", "1"])
        let small = try await FarmTests.ServeTokens.token(farm, user: "editor2", scope: "submit", extra: ["--max-queued-frames", "5"])
        let slow = try await FarmTests.ServeTokens.token(farm, user: "editor3", scope: "submit", extra: ["--rate", "3"])
        let serve = try await ServeProcess(farm, arguments: ["--api-tokens", "--media-root", project.path, "--output-root", outputs.path])
        defer { serve.stop() }
        func post(_ token: String, _ path: String, _ body: String = "") throws -> ServeReply {
            try serve.request("POST", path, headers: [("Authorization", "Bearer \(token)"), Self.json], body: body)
        }
        func queued() throws -> Int { try farm.queue().jobList(JobListParams(limit: 100)).count }

        let first = try post(one.text, "/api/v1/jobs", Self.envelope(output: "a.mp4"))
        #expect(first.status == 201, "\(first)")
        let second = try post(one.text, "/api/v1/jobs", Self.envelope(output: "b.mp4"))
        #expect(second.status == 429 && second.header("Retry-After") == "60", "\(second) \(second.head)")
        #expect(second.body.contains("1 active job at once and has 1"), "\(second)")
        #expect(try queued() == 1, "a job over the active cap was queued")
        let id = try #require(first.header("Location")?.split(separator: "/").last.flatMap { Int64($0) }, "\(first.head)")
        #expect(try post(one.text, "/api/v1/jobs/\(id)/cancel").status == 200)
        let third = try post(one.text, "/api/v1/jobs", Self.envelope(output: "b.mp4"))
        #expect(third.status == 201, "a canceled job frees its place: \(third)")
        let retry = try post(one.text, "/api/v1/jobs/\(id)/retry")
        #expect(retry.status == 429 && retry.header("Retry-After") == "60" && retry.body.contains("cannot be retried"), "\(retry)")
        #expect(try farm.queue().jobGet(id).state == .canceled, "a retry over the cap requeued the job")

        let large = try post(small.text, "/api/v1/jobs", Self.envelope(output: "c.mp4"))
        #expect(large.status == 422 && large.body.contains("\"composition\"") && large.body.contains("more than this token may ever have waiting (5)"),
                "\(large)")
        #expect(try queued() == 2)

        for n in 1...3 {
            let read = try serve.request("GET", "/api/v1/jobs", headers: [("Authorization", "Bearer \(slow.text)")])
            #expect(read.status == 200, "read \(n) of 3: \(read)")
        }
        let over = try serve.request("GET", "/api/v1/jobs", headers: [("Authorization", "Bearer \(slow.text)")])
        #expect(over.status == 429 && Int(over.header("Retry-After") ?? "") ?? 0 >= 1
                && over.body.contains("more than 3 requests a minute with this token"), "\(over) \(over.head)")
        let submitted = try post(slow.text, "/api/v1/jobs", Self.envelope(output: "d.mp4"))
        #expect(submitted.status == 429, "a submission past the rate: \(submitted)")
        #expect(try queued() == 2, "a submission past the rate was queued")
        let other = try serve.request("GET", "/api/v1/jobs", headers: [("Authorization", "Bearer \(one.text)")])
        #expect(other.status == 200, "another token from the same address keeps its own rate: \(other)")
    }
}
