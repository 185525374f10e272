import Foundation

/// One table of simulated runs: today's stitch against the rolling stitch on the very same render phase, and where
/// the stitch and the queue start to dominate.
struct Report {
    let title: String
    let workers: [Int]
    let modelFor: (Int) -> FarmModel

    func print() {
        Swift.print("\n## \(title)\n")
        Swift.print("| workers | segment s | segments | render phase s | today: wall s | today: tail s | rolling: wall s "
                    + "| rolling: tail s | stitcher backlog s | rolling / today | rolling efficiency | queue busy "
                    + "| waiting on queue | dominant (today → rolling) |")
        Swift.print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        let single = Simulator(model: modelFor(1)).run(workers: 1).wall[.rolling]!
        var stitchFrom: Int?, queueFrom: Int?
        for w in workers {
            let m = modelFor(w)
            let o = Simulator(model: m).run(workers: w)
            let busy = o.queueBusy / max(o.renderDone, 1e-9)
            let waiting = o.queueWait / max(Double(w) * o.renderDone, 1e-9)
            let queueBound = busy >= 0.5 || waiting >= 0.1
            let today = queueBound ? "queue" : (o.tail(.atEnd) >= o.renderDone ? "stitch" : "render")
            let rolling = queueBound ? "queue" : (o.rollingBacklog >= 1 ? "stitcher behind" : "render")
            if today == "stitch" && stitchFrom == nil { stitchFrom = w }
            if queueBound, queueFrom == nil { queueFrom = w }
            let wall = o.wall[.rolling]!
            Swift.print(String(format: "| %d | %.3g | %d | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.2f | %.0f%% | %.0f%% "
                               + "| %.1f%% | %@ → %@ |", w, m.segmentSeconds, m.segmentCount, o.renderDone,
                               o.wall[.atEnd]!, o.tail(.atEnd), wall, o.tail(.rolling), o.rollingBacklog,
                               wall / o.wall[.atEnd]!, 100 * single / wall / Double(w), 100 * busy, 100 * waiting,
                               today, rolling))
        }
        Swift.print("")
        Swift.print("today's stitch ≥ render phase from \(stitchFrom.map { "\($0) workers" } ?? "never (in this range)"); "
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
