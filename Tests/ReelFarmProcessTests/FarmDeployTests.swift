import Foundation
import ReelTestSupport
import Testing
@testable import ReelQueue

extension FarmTests {
    /// The deployment files agree with the real schema of a running farm.
    @Suite("Deploy") struct Deploy {}
}

extension FarmTests.Deploy {
    static let deploy = TestRepository.root.appendingPathComponent("deploy")

    @Test("KEDA's query counts exactly the segments the k8s workers can claim, in the schema they use")
    func kedaQuery() async throws {
        let keda = try String(contentsOf: Self.deploy.appendingPathComponent("k8s/keda-scaledobject.yaml"), encoding: .utf8)
        let workers = try String(contentsOf: Self.deploy.appendingPathComponent("k8s/worker-deployment.yaml"), encoding: .utf8)
        let line = try #require(keda.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("query:") })
        let query = String(line.drop { $0 != "\"" }.dropFirst().dropLast())
        let schema = try #require(query.firstMatch(of: /FROM ([a-z_][a-z0-9_]*)\.segments/)?.1, "query: \(query)")
        // The migrate Job, the workers and gc use that schema.
        for file in ["k8s/worker-deployment.yaml", "k8s/migrate-job.yaml", "k8s/gc-cronjob.yaml"] {
            let text = try String(contentsOf: Self.deploy.appendingPathComponent(file), encoding: .utf8)
            #expect(text.contains("{ name: REEL_SCHEMA, value: \(schema) }"), "\(file)")
        }
        let tag = try #require(workers.firstMatch(of: /"--tags", "([^"]+)"/)?.1)
        #expect(query.contains("ARRAY['\(tag)']"))

        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let composition = try await farm.makeProject()
        let mine = query.replacingOccurrences(of: "\(schema).segments", with: "\(farm.schema).segments")
        let c = try PGConnection(url: farm.databaseURL, applicationName: "reel-farm-test-keda", schema: nil)
        func count() throws -> Int? { try c.exec(mine).rows.first?.int("count") }
        #expect(try count() == 0)
        _ = try await farm.submit(composition, output: farm.root.appendingPathComponent("out/k.mov").path)
        let segments = try farm.queue().jobList(JobListParams()).first?.segmentCount
        #expect(try count() == segments && segments != nil)
        _ = try await farm.submit(composition, output: farm.root.appendingPathComponent("out/gpu.mov").path,
                                  extra: ["--tags", "gpu"])
        #expect(try count() == segments, "segments only gpu workers may claim must not scale k8s workers")
    }
}
