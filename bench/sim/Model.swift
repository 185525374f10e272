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
    var jitter = 0.3
    /// The queue is one server (PostgreSQL): every claim, completion and heartbeat holds it this long,
    /// first come first served; each also pays one network round trip that does not hold it.
    var claimService = 1.0 / 6200
    var completeService = 1.0 / 6200
    var heartbeatService = 1.0 / 6200
    var heartbeatInterval = 5.0
    var roundTrip = 0.001
    /// The stitch's AAC encode in × real-time (bench-stitch: ~50×), and its video packet copy in seconds per
    /// output second (~1 s per hour of output).
    var stitchSpeed = 50.0
    var copyPerSecond = 1.0 / 3600
    /// `--stitch-audio-threads` (`AudioChunking`): with more than 1, the audio is encoded in chunks of
    /// `audioChunkSeconds` on that many threads, each chunk's encoder fed `audioRollSeconds` more (its pre- and
    /// post-roll), and a part's append is only its packet copy.
    var audioThreads = 1
    var audioChunkSeconds = 960.0 * 1024 / 48_000
    var audioRollSeconds = 52.0 * 1024 / 48_000
    /// What is left once the last packet is written, whatever the length: muxer trailer, fsync and rename,
    /// the database commit that publishes the job.
    var finishCost = 1.0
    /// From submit to a worker's first claim: probing the assets, opening the queue (per worker, in parallel).
    var workerStart = 1.4

    /// The stitch work of segment `i` (its audio encode and its packets' copy).
    func stitchCost(_ i: Int) -> Double {
        segmentLength(i) * ((audioThreads > 1 ? 0 : 1 / stitchSpeed) + copyPerSecond)
    }

    var segmentCount: Int { Int((outputSeconds / segmentSeconds).rounded(.up)) }

    func segmentLength(_ i: Int) -> Double {
        min(segmentSeconds, outputSeconds - Double(i) * segmentSeconds)
    }

    /// The render cost of segment `i`, with its fixed jitter. Segments come in antithetic pairs (`u`, `1 − u`),
    /// so the jitter averages out over the job and runs with different segment lengths compare fairly.
    func renderCost(_ i: Int) -> Double {
        var x = UInt64(truncatingIfNeeded: i / 2) &* 0x9E37_79B9_7F4A_7C15 &+ 0x2545_F491_4F6C_DD1D
        x ^= x >> 33; x = x &* 0xFF51_AFD7_ED55_8CCD; x ^= x >> 33
        let drawn = Double(x >> 11) / Double(1 << 53)       // [0, 1)
        let u = i % 2 == 0 ? drawn : 1 - drawn
        let factor = 1 + jitter * 3.0.squareRoot() * (2 * u - 1) // uniform with the given CV
        return (segmentOverhead + renderPerSecond * segmentLength(i)) * factor
    }
}

/// How the output is assembled from the parts.
enum StitchMode: String, CaseIterable {
    /// Today: one stitch of the whole output starts when the last segment is complete.
    case atEnd = "today"
    /// One stitcher appends each segment (audio encode + packet copy) as soon as the contiguous prefix of done
    /// segments reaches it: a single serial server that falls behind when segments finish faster than it encodes.
    case rolling
}

/// The outcome of one simulated run.
struct FarmOutcome {
    var workers: Int
    /// When the last segment completed; per stitch mode, when the output was published (the wall time).
    var renderDone: Double
    var wall: [StitchMode: Double]
    /// The rolling stitcher's backlog when the last segment completed: its work still queued, in seconds.
    var rollingBacklog: Double
    /// Time workers spent waiting for the queue server (summed over workers), and its busy time.
    var queueWait: Double
    var queueBusy: Double
    /// Summed render time over all workers.
    var renderWork: Double

    /// Seconds from the last segment done to the output published (`stitch_tail_seconds`).
    func tail(_ mode: StitchMode) -> Double { wall[mode]! - renderDone }
}
