/// What one simulated farm run is made of. Times in seconds (the simulator is a benchmark tool, not the
/// model: floating point is fine here).
struct FarmModel {
    /// Length of the output, and of each segment (the last one takes the remainder).
    var outputSeconds = 600.0
    var segmentSeconds = 10.0
    /// Render cost of one segment on one worker: `segmentOverhead + renderPerSecond × its length`.
    var renderPerSecond = 1.0
    var segmentOverhead = 0.5
    /// Coefficient of variation of the render cost (deterministic pseudo-random, uniform).
    var jitter = 0.1
    /// The queue is one server (PostgreSQL): every claim, completion and heartbeat holds it this long,
    /// first come first served; each also pays one network round trip that does not hold it.
    var claimService = 1.0 / 6200
    var completeService = 1.0 / 6200
    var heartbeatService = 1.0 / 6200
    var heartbeatInterval = 5.0
    var roundTrip = 0.001
    /// Stitch throughput in × real-time; the stitch starts when the last segment is complete.
    var stitchSpeed = 100.0

    var segmentCount: Int { Int((outputSeconds / segmentSeconds).rounded(.up)) }

    func segmentLength(_ i: Int) -> Double {
        min(segmentSeconds, outputSeconds - Double(i) * segmentSeconds)
    }

    /// The render cost of segment `i`, with its fixed jitter.
    func renderCost(_ i: Int) -> Double {
        var x = UInt64(truncatingIfNeeded: i) &* 0x9E37_79B9_7F4A_7C15 &+ 0x2545_F491_4F6C_DD1D
        x ^= x >> 33; x = x &* 0xFF51_AFD7_ED55_8CCD; x ^= x >> 33
        let u = Double(x >> 11) / Double(1 << 53)           // [0, 1)
        let factor = 1 + jitter * 3.0.squareRoot() * (2 * u - 1) // uniform with the given CV
        return (segmentOverhead + renderPerSecond * segmentLength(i)) * factor
    }
}

/// The outcome of one simulated run.
struct FarmOutcome {
    var workers: Int
    /// When the last segment completed, and when the stitch finished (the wall time).
    var renderDone: Double
    var wall: Double
    var stitch: Double
    /// Time workers spent waiting for the queue server (summed over workers), and its busy time.
    var queueWait: Double
    var queueBusy: Double
    /// Summed render time over all workers.
    var renderWork: Double
}
