import ReelQueue

/// Why a stitch step ended before its outcome, with the queue's errors kept apart from the stitch's own: a queue
/// error goes back to the worker loop (which backs off and claims again; the job is untouched), while the stitch's
/// decides the job (a lost lease or a cancel stops the step, anything else fails the job).
enum StitchStop: Error {
    /// A queue call failed.
    case queue(QueueError)
    /// The stitch itself failed or was stopped: `StitchLeaseLost`, `RenderError.canceled`, or what fails the job.
    case stitch(any Error)
}

extension Worker {
    /// A queue call inside a stitch step: what it throws is the queue's (`StitchStop.queue`).
    func queued<T>(_ call: @autoclosure () throws(QueueError) -> T) throws(StitchStop) -> T {
        do throws(QueueError) { return try call() } catch { throw .queue(error) }
    }

    /// Stitch work inside a stitch step (media, files, checks): what it throws is the stitch's (`StitchStop.stitch`).
    func stitching<T>(_ work: @autoclosure () throws -> T) throws(StitchStop) -> T {
        do { return try work() } catch { throw .stitch(error) }
    }
}
