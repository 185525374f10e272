import Foundation
import Testing
import ReelQueue

extension FarmTests {
    /// Several hosts: workers in their own network namespaces reach PostgreSQL over veth links and share
    /// one storage folder (one filesystem, as NFS would give them).
    @Suite("Several hosts") struct Hosts {}
}

extension FarmTests.Hosts {
    @Test("workers on three network namespaces complete a job together; one cut off mid-segment is rescued")
    func namespaces() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let network = try await FarmNetwork.create(count: 3, logs: farm.logs)
        do { try await renderAcross(network, farm: farm) } catch {
            farm.cleanup()
            await network.remove()
            throw error
        }
        farm.cleanup()
        await network.remove()
    }

    func renderAcross(_ network: FarmNetwork, farm: FarmFixture) async throws {
        let reference = try await FarmReference.shared.value(logs: farm.logs)
        let composition = try await farm.makeProject()
        let port = URLComponents(string: farm.databaseURL)?.port ?? 5432
        let workers = try network.hosts.enumerated().map { n, host in
            try farm.startWorker("host-\(n)", namespace: host.namespace,
                                 databaseURL: "postgresql://reel@\(host.hostAddress):\(port)/postgres")
        }
        let queue = try farm.queue()
        let names = Set(workers.map(\.name))
        _ = try await FarmRun.waitFor("the three workers to register over their links", timeout: .seconds(30),
                                      context: { farm.workerLogs() }) {
            names.isSubset(of: Set(try queue.workerList().map(\.id))) ? true : nil
        }
        let output = farm.root.appendingPathComponent("out/hosts.mov").path
        let id = try await farm.submit(composition, output: output)

        let held = try await farm.stopMidSegment(workers[0], jobID: id)
        try await network.cut(0)
        workers[0].send(SIGCONT)
        let cutAt = Date()
        let job = try await farm.waitForJob(id)
        #expect(job.state == .done, "job ended \(job.state.rawValue): \(job.error ?? "")\n\(farm.workerLogs())")
        #expect(try await FarmFingerprint.of(output, logs: farm.logs) == reference.fingerprint)

        let segment = try #require(try queue.segmentList(jobID: id).first { $0.id == held.id })
        #expect(segment.errors.contains { $0.attempt == held.attempt && $0.message.contains("lease expired (worker host-0)") },
                "\(segment.errors)")
        let finishers = try queue.eventList(jobID: id).compactMap { event -> String? in
            guard case .segment(_, .running, .done) = event.change else { return nil }
            return event.workerID
        }
        #expect(Set(finishers).count >= 2 && Set(finishers).isSubset(of: names), "segments done by \(finishers)")
        #expect(!finishers.isEmpty && finishers.last != "host-0")

        workers[0].ensureDead()
        let stuck = await farm.drainWorkers()
        #expect(stuck.isEmpty, "\(stuck)\n\(farm.workerLogs())")
        print("farm-notes: namespaces: host-0 cut mid-segment \(held.index), job done "
              + "\(farmSeconds(Date().timeIntervalSince(cutAt))) after the cut; segments done by \(finishers)")
    }
}
