import Foundation
import ReelQueue
import ReelMedia
import ReelRender

/// How a worker claims, renders, heartbeats and retries.
public struct WorkerConfiguration: Sendable {
    /// Unique among live workers: "host-pid-n" by default.
    public var workerID: String
    public var host: String
    public var tags: [String]
    /// Where parts live (shared storage on a farm).
    public var store: PartStore
    /// Sources must lie under these folders; empty means anywhere.
    public var mediaRoots: [String]
    /// Outputs must lie under one of these folders (`--output-root`, `REEL_OUTPUT_ROOTS`); any folder but
    /// the part store when empty.
    public var outputRoots: [String] = []
    /// How long a claim lasts without a heartbeat; a crashed host's segments are rescued after it.
    public var leaseDuration: Duration = .seconds(60)
    public var heartbeatInterval: Duration = .seconds(10)
    /// How long to wait for a wake-up before polling again.
    public var pollInterval: Duration = .seconds(2)
    /// How often a rolling stitcher looks for parts that became ready (it adds at most this to the tail).
    public var stitchPollInterval: Duration = .milliseconds(200)
    /// Run a rolling stitcher next to the render slots (`Worker.runStitcher`); with false, a job is stitched
    /// in one pass after its last segment, by whichever slot finds it ready (`reel worker --stitch end`).
    public var rollingStitch = true
    /// The rolling stitcher claims a job once its first segment is claimed, not done (`StitchClaimParams.fromFirstClaim`),
    /// and encodes the first parts' audio while they render: `reel render`'s, whose stitcher serves one job.
    public var stitchFromFirstClaim = false
    /// Threads for the stitch's audio encode: 1 (the default) encodes it once; more encode AAC in parallel chunks
    /// (`AudioChunking`; `reel worker --stitch-audio-threads`, docs/scaling.md "Parallel audio"), for farms whose
    /// workers outrun one core's AAC encode.
    public var stitchAudioThreads = 1
    /// How often this worker runs the rescue sweep for expired leases.
    public var rescueInterval: Duration = .seconds(15)
    /// Retry delay after a failed attempt: base · 2^(attempt−1), capped.
    public var backoff: Backoff = Backoff(base: .seconds(5), cap: .seconds(300))
    /// Stop when no job is active any more (the embedded `reel render` queue).
    public var exitWhenIdle = false
    /// The rescue sweep removes workers not seen for this long (dead, or stopped long ago).
    public var workerRetention: Duration = .seconds(86_400)
    /// A segment whose render finishes no frame for this long is stuck: its lease is not renewed, the attempt
    /// fails with "no progress for N s (worker, file)", and the worker reports `.stuck`.
    public var stallLimit: Duration = .seconds(120)
    /// A segment may take `deadlineFactor` times its frames at this worker's measured cost per frame (plus
    /// `stallLimit`) before it counts as stuck too.
    public var deadlineFactor: Double = 20
    /// How long a stuck render thread has to return after its attempt failed before `.stuck` is reported.
    public var stuckGrace: Duration = .seconds(10)

    public init(workerID: String, host: String, tags: [String] = [], store: PartStore, mediaRoots: [String] = []) {
        self.workerID = workerID
        self.host = host
        self.tags = tags
        self.store = store
        self.mediaRoots = mediaRoots
    }

    /// - Throws: `FarmError.invalidConfiguration` naming the setting that is out of range.
    public func validate() throws {
        guard !workerID.isEmpty else { throw FarmError.invalidConfiguration("worker id is empty") }
        guard leaseDuration > .zero, heartbeatInterval > .zero, heartbeatInterval < leaseDuration else {
            throw FarmError.invalidConfiguration("heartbeat interval \(heartbeatInterval) must be positive and shorter than the lease \(leaseDuration)")
        }
        guard pollInterval > .zero, rescueInterval > .zero else {
            throw FarmError.invalidConfiguration("poll and rescue intervals must be positive")
        }
    }
}

extension WorkerConfiguration {
    /// The stitch's audio chunking (`stitchAudioThreads`), nil for the single encode.
    var audioChunking: AudioChunking? { stitchAudioThreads > 1 ? AudioChunking(threads: stitchAudioThreads) : nil }
}
