import ReelQueue
import ReelRender

/// What a worker reports while it runs (for progress displays and logs).
public enum WorkerEvent: Sendable {
    case claimed(jobID: Int64, segment: Int, segmentID: Int64, frames: Int64)
    case progress(jobID: Int64, segment: Int, framesDone: Int64)
    case segmentDone(jobID: Int64, segment: Int, frames: Int64, reused: Bool, seconds: Double)
    case segmentFailed(jobID: Int64, segment: Int, attempt: Int, message: String, willRetry: Bool)
    case leaseLost(jobID: Int64, segment: Int)
    /// The job was canceled while the segment rendered; it stopped at the next frame, nothing kept.
    case canceled(jobID: Int64, segment: Int)
    case released(jobID: Int64, segment: Int)
    /// Every segment of the job is done and this worker stitches what is left (a rolling stitcher has
    /// appended the parts that finished earlier).
    case stitching(jobID: Int64)
    /// A loudness job's programme audio was mixed and measured on the stitch host, ahead of its video; the gain is
    /// settled and each part's audio is encoded as the part arrives.
    case loudnessMeasured(jobID: Int64, seconds: Double)
    case stitched(jobID: Int64, path: String, report: StitchReport)
    case stitchFailed(jobID: Int64, message: String)
    case rescued(count: Int)
    /// A queue call failed (the database unreachable for a while); the worker backs off and tries again.
    case queueError(QueueError)
    /// A render thread made no progress and did not return after its attempt was failed (it is blocked in
    /// a read that never ends). The process should exit so its supervisor restarts it: the thread cannot be
    /// taken back. The segment is already back in the queue.
    case stuck(jobID: Int64, segment: Int, message: String)
    /// A segment's thumbnail (`segment` set) or a job's poster (`segment` nil) could not be written. The
    /// part or the output stands; the web view makes the picture on demand later.
    case thumbnailFailed(jobID: Int64, segment: Int?, message: String)
    /// A render slot's thread could not lower its scheduling priority (`WorkerHost.renderNiceness`): it renders at
    /// the process's, beside the stitcher.
    case priorityRefused(message: String)
}
