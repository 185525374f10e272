import Foundation
import ReelQueue

/// `bench-queue --fair-sim`: one 3-hour film of one user and twenty 2-minute spots of another, submitted a second
/// after it, on N workers. It drives the product's in-memory queue (whose claim order the conformance suite holds
/// equal to PostgreSQL's) with a manual clock, so the order is the real claim's, not a model of it. "Today" is the
/// same run with both jobs under one owner: with one owner the fair-share claim is exactly priority, then age.
/// A segment takes `overhead + renderPerSecond × its seconds` (bench/README.md, "Scaling, measured": 1080p on one
/// core); the stitch is left out (about a second after the last segment, the same for both).
enum FairShareSim {
    struct Setup {
        var workers: Int
        var fair: Bool
        var filmSeconds = 3 * 3600
        var spots = 20
        var spotSeconds = 120
        var segmentSeconds = 10
        var fps = 30
        var renderPerSecond = 1.17
        var overhead = 0.5
    }

    /// Each spot's wait, submission to its last segment done, in seconds; and the film's.
    struct Outcome {
        var spotWaits: [Double]
        var filmWait: Double
    }

    static func spec(_ name: String, owner: String, seconds: Int, _ s: Setup) -> JobSpec {
        let perSegment = Int64(s.segmentSeconds * s.fps)
        let count = seconds / s.segmentSeconds
        let segments = (0..<count).map { i in
            SegmentSpec(index: i, frames: Int64(i) * perSegment..<Int64(i + 1) * perSegment,
                        samples: Int64(i) * 48000 * Int64(s.segmentSeconds)..<Int64(i + 1) * 48000 * Int64(s.segmentSeconds),
                        contentHash: "\(name)-\(i)")
        }
        return JobSpec(name: name, owner: owner, composition: "sim.json", outputLocation: "/sim/\(name).mp4",
                       segments: segments)
    }

    /// Runs one farm to the end; time in whole microseconds.
    static func run(_ s: Setup) throws -> Outcome {
        let clock = ManualQueueClock()
        let q = InMemorySegmentQueue(clock: clock)
        let start = clock.now().microsecondsSince1970
        func now() -> Int64 { clock.now().microsecondsSince1970 - start }
        func advance(to t: Int64) { clock.advance(by: .microseconds(t - now())) }
        var submissions: [(at: Int64, spec: JobSpec)] = [(0, spec("film", owner: "film-user", seconds: s.filmSeconds, s))]
        for i in 0..<s.spots {
            submissions.append((1_000_000, spec("spot\(i)", owner: s.fair ? "spot-user" : "film-user", seconds: s.spotSeconds, s)))
        }
        var jobOf: [Int64: String] = [:], submitted: [String: Int64] = [:], finished: [String: Int64] = [:]
        var left: [Int64: Int] = [:]
        var running: [(end: Int64, claim: ClaimedSegment)] = []
        var idle = s.workers
        while !submissions.isEmpty || !running.isEmpty {
            let next = min(submissions.first?.at ?? .max, running.map(\.end).min() ?? .max)
            advance(to: next)
            while let sub = submissions.first, sub.at <= next {
                submissions.removeFirst()
                let id = try q.jobInsert(JobInsertParams(spec: sub.spec, reuseParts: false)).jobID
                jobOf[id] = sub.spec.name; submitted[sub.spec.name] = next; left[id] = sub.spec.segments.count
            }
            for r in running where r.end <= next {
                _ = try q.segmentComplete(SegmentCompleteParams(lease: r.claim.lease, partLocation: "/sim/part",
                                                                stats: RenderStats(frames: 1, duration: .seconds(1))))
                left[r.claim.lease.jobID]! -= 1
                if left[r.claim.lease.jobID] == 0 { finished[jobOf[r.claim.lease.jobID]!] = next }
                idle += 1
            }
            running.removeAll { $0.end <= next }
            while idle > 0, let c = try q.segmentClaim(SegmentClaimParams(workerID: "w\(idle)")).first {
                let seconds = s.overhead + s.renderPerSecond * Double(c.segment.frames.count) / Double(s.fps)
                running.append((next + Int64((seconds * 1e6).rounded()), c))
                idle -= 1
            }
        }
        func wait(_ name: String) -> Double { Double(finished[name]! - submitted[name]!) / 1e6 }
        return Outcome(spotWaits: (0..<s.spots).map { wait("spot\($0)") }, filmWait: wait("film"))
    }

    /// The table for bench/README.md: each spot's wait in minutes, today against fair share, per worker count.
    static func report(workers: [Int]) throws {
        var columns: [(Int, Outcome, Outcome)] = []
        for n in workers {
            columns.append((n, try run(Setup(workers: n, fair: false)), try run(Setup(workers: n, fair: true))))
        }
        say("| spot | " + columns.map { "\($0.0) workers: today | fair" }.joined(separator: " | ") + " |")
        say("|---|" + String(repeating: "---|---|", count: columns.count))
        func minutes(_ s: Double) -> String { String(format: "%.1f", s / 60) }
        for i in 0..<columns[0].1.spotWaits.count {
            say("| \(i + 1) | " + columns.map { "\(minutes($0.1.spotWaits[i])) | \(minutes($0.2.spotWaits[i]))" }
                .joined(separator: " | ") + " |")
        }
        let mean: ([Double]) -> Double = { $0.reduce(0, +) / Double($0.count) }
        say("| mean | " + columns.map { "\(minutes(mean($0.1.spotWaits))) | \(minutes(mean($0.2.spotWaits)))" }
            .joined(separator: " | ") + " |")
        say("| film | " + columns.map { "\(minutes($0.1.filmWait)) | \(minutes($0.2.filmWait))" }
            .joined(separator: " | ") + " |")
    }
}
