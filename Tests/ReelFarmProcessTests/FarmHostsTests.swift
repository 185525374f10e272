import Foundation
import Testing
import ReelQueue

extension FarmTests {
    /// Several hosts: workers in their own network namespaces reach PostgreSQL over veth links and share
    /// one storage folder (one filesystem, as NFS would give them). The test's own server listens on the
    /// veth links' host ends (the shared test server listens on loopback only).
    @Suite("Several hosts") struct Hosts {}
}

extension FarmTests.Hosts {
    @Test("workers on three network namespaces complete a job together; one cut off mid-segment is rescued")
    func namespaces() async throws {
        let network = try await FarmNetwork.create(count: 3)
        var failure: (any Error)?
        do { try await renderOnOwnServer(network) } catch { failure = error }
        await network.remove()
        if let failure { throw failure }
    }

    /// Starts a PostgreSQL server reachable from the namespaces (and nowhere else but loopback), renders
    /// on a farm that uses it, and stops it.
    func renderOnOwnServer(_ network: FarmNetwork) async throws {
        let server = try await FarmPostgres.start(listening: network.hosts.map(\.hostAddress),
                                                  clients: network.hosts.map(\.address))
        var failure: (any Error)?
        do {
            let farm = try await FarmFixture(databaseURL: server.url)
            defer { farm.cleanup() }
            try await renderAcross(network, farm: farm)
        } catch { failure = error }
        await server.stop()
        if let failure { throw failure }
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
        try await farm.waitForWorkers(workers.map(\.name))
        // Stopped until the poll watches: on a busy machine the job rendered before the test looked (stop 30's
        // fresh-clone run: all four segments done, none ever seen running).
        workers.forEach { $0.send(SIGSTOP) }
        let output = farm.root.appendingPathComponent("out/hosts.mov").path
        let id = try await farm.submitSlow(composition, output: output)

        let (cutWorker, held) = try await farm.stopMidSegment(workers, jobID: id, resuming: workers)
        let cut = try #require(workers.firstIndex { $0 === cutWorker })
        try await network.cut(cut)
        cutWorker.send(SIGCONT)
        let job = try await farm.waitForJob(id)
        #expect(job.state == .done, "job ended \(job.state.rawValue): \(job.error ?? "")\n\(farm.workerLogs())")
        #expect(try await FarmFingerprint.of(output, logs: farm.logs) == reference.fingerprint)

        let segment = try #require(try queue.segmentList(jobID: id).first { $0.id == held.id })
        #expect(segment.errors.contains { $0.attempt == held.attempt && $0.message.contains("lease expired (worker \(cutWorker.name))") },
                "\(segment.errors)")
        let (claimers, rescuer) = try whoRendered(id, segment: held.index, queue: queue)
        #expect(claimers.count >= 2 && claimers.isSubset(of: names), "segments claimed by \(claimers)")
        #expect(rescuer != nil && rescuer != cutWorker.name, "segment \(held.index) finished by \(rescuer ?? "nobody")")

        cutWorker.ensureDead()
        let stuck = await farm.drainWorkers()
        #expect(stuck.isEmpty, "\(stuck)\n\(farm.workerLogs())")
    }

    /// The workers that claimed any segment of the job, and the one that finished segment `index`.
    func whoRendered(_ id: Int64, segment index: Int, queue: PostgresSegmentQueue) throws -> (Set<String>, String?) {
        let events = try queue.eventList(jobID: id)
        let claimers = Set(events.compactMap { event -> String? in
            guard case .segment(_, .available, .running) = event.change else { return nil }
            return event.workerID
        })
        let finisher = events.last { event in
            guard case .segment(index, .running, .done) = event.change else { return false }
            return true
        }?.workerID
        return (claimers, finisher)
    }
}
