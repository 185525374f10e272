import Foundation

/// One table of simulated runs, and where the stitch and the queue start to dominate.
struct Report {
    let title: String
    let model: FarmModel
    let workers: [Int]
    let modelFor: (Int) -> FarmModel

    func print() {
        Swift.print("\n## \(title)\n")
        Swift.print("| workers | segment s | segments | wall s | render phase s | stitch s | speed-up | efficiency "
                    + "| queue busy | worker time waiting on queue | dominant |")
        Swift.print("|---|---|---|---|---|---|---|---|---|---|---|")
        let single = Simulator(model: modelFor(1)).run(workers: 1).wall
        var stitchFrom: Int?, queueFrom: Int?
        for w in workers {
            let m = modelFor(w)
            let o = Simulator(model: m).run(workers: w)
            let busy = o.queueBusy / max(o.renderDone, 1e-9)
            let waiting = o.queueWait / max(Double(w) * o.renderDone, 1e-9)
            let dominant = o.stitch >= o.renderDone ? "stitch" : (busy >= 0.5 || waiting >= 0.1 ? "queue" : "render")
            if dominant == "stitch" && stitchFrom == nil { stitchFrom = w }
            if busy >= 0.5 || waiting >= 0.1, queueFrom == nil { queueFrom = w }
            Swift.print(String(format: "| %d | %.3g | %d | %.1f | %.1f | %.1f | %.1f | %.0f%% | %.0f%% | %.1f%% | %@ |",
                               w, m.segmentSeconds, m.segmentCount, o.wall, o.renderDone, o.stitch, single / o.wall,
                               100 * single / o.wall / Double(w), 100 * busy, 100 * waiting, dominant))
        }
        Swift.print("")
        Swift.print("stitch ≥ render phase from \(stitchFrom.map { "\($0) workers" } ?? "never (in this range)"); "
                    + "queue busy ≥ 50 % or workers waiting ≥ 10 % from \(queueFrom.map { "\($0) workers" } ?? "never (in this range)"); "
                    + String(format: "queue saturates (analytically) near %.0f workers", saturation(modelFor(1000))))
    }

    /// Workers at which the queue server is 100 % busy: each worker asks `claim + complete` per segment
    /// cycle plus its heartbeats.
    func saturation(_ m: FarmModel) -> Double {
        let cycle = m.segmentOverhead + m.renderPerSecond * m.segmentSeconds + 2 * m.roundTrip
        let perWorker = (m.claimService + m.completeService) / cycle
            + (m.heartbeatInterval > 0 ? m.heartbeatService / m.heartbeatInterval : 0)
        return 1 / perWorker
    }
}
