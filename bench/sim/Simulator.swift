/// A discrete-event simulation of `workers` identical workers pulling segments from one queue server.
///
/// Each worker loops: claim (round trip + FIFO service at the queue) → render (the segment's cost) →
/// complete (round trip + FIFO service). Heartbeats of every worker load the same server.
/// Every worker starts `workerStart` after submit (probing). The stitch is applied to the completion times in
/// both modes (`StitchTimeline`), so today's and the rolling stitch see the very same render phase.
struct Simulator {
    let model: FarmModel

    /// The queue server: a single FIFO resource. Requests are served in arrival order.
    struct QueueServer {
        var freeAt = 0.0
        var busy = 0.0
        /// Serves a request arriving at `t` that needs `service`; returns when it is done.
        mutating func serve(arrival t: Double, service: Double) -> Double {
            let start = max(t, freeAt)
            freeAt = start + service
            busy += service
            return freeAt
        }
    }

    enum Event {
        /// A worker becomes free at this time and asks for a segment.
        case claim(worker: Int)
        /// A worker finished rendering `segment` and reports it.
        case complete(worker: Int, segment: Int)
    }

    func run(workers: Int) -> FarmOutcome {
        var heap = EventHeap()
        for w in 0..<workers { heap.push(model.workerStart, .claim(worker: w)) }
        var server = QueueServer()
        var next = 0, wait = 0.0, work = 0.0
        var doneAt = [Double](repeating: 0, count: model.segmentCount)
        let half = model.roundTrip / 2
        let slowdown = 1 / max(1 - heartbeatLoad(workers: workers), 1e-3)
        let claimService = model.claimService * slowdown, completeService = model.completeService * slowdown
        while let (t, event) = heap.pop() {
            switch event {
            case .claim(let w):
                guard next < model.segmentCount else { continue }   // idle: this worker exits
                let arrive = t + half
                let served = server.serve(arrival: arrive, service: claimService)
                wait += served - arrive - claimService
                let cost = model.renderCost(next)
                work += cost
                heap.push(served + half + cost, .complete(worker: w, segment: next))
                next += 1
            case let .complete(w, segment):
                let arrive = t + half
                let served = server.serve(arrival: arrive, service: completeService)
                wait += served - arrive - completeService
                doneAt[segment] = served + half
                heap.push(served + half, .claim(worker: w))
            }
        }
        let timeline = StitchTimeline(model: model, doneAt: doneAt)
        let lastDone = timeline.lastDone, rolling = timeline.rolling
        let heartbeatBusy = heartbeatLoad(workers: workers) * lastDone
        return FarmOutcome(workers: workers, renderDone: lastDone,
                           wall: [.atEnd: timeline.atEnd, .rolling: rolling.published], rollingBacklog: rolling.backlog,
                           queueWait: wait, queueBusy: min(server.busy + heartbeatBusy, lastDone), renderWork: work)
    }

    /// Heartbeats are background load: `workers / heartbeatInterval` per second, each holding the server
    /// `heartbeatService`. They leave `1 − ρ` of its capacity, so every claim and completion is served
    /// `1 / (1 − ρ)` times slower (processor sharing). At ρ ≥ 1 the queue cannot keep up at all.
    func heartbeatLoad(workers: Int) -> Double {
        model.heartbeatInterval > 0 ? Double(workers) / model.heartbeatInterval * model.heartbeatService : 0
    }
}

/// A binary min-heap of timed events; ties break by insertion order, so runs are deterministic.
struct EventHeap {
    private var items: [(time: Double, order: Int, event: Simulator.Event)] = []
    private var counter = 0

    mutating func push(_ time: Double, _ event: Simulator.Event) {
        items.append((time, counter, event))
        counter += 1
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard less(i, parent) else { break }
            items.swapAt(i, parent)
            i = parent
        }
    }

    mutating func pop() -> (Double, Simulator.Event)? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let top = items.removeLast()
        var i = 0
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < items.count && less(l, m) { m = l }
            if r < items.count && less(r, m) { m = r }
            if m == i { break }
            items.swapAt(i, m)
            i = m
        }
        return (top.time, top.event)
    }

    private func less(_ a: Int, _ b: Int) -> Bool {
        (items[a].time, items[a].order) < (items[b].time, items[b].order)
    }
}
