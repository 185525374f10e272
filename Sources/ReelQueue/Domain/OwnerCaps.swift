/// What one owner may hold in the queue at once: an API token's `TokenLimits`, checked in the transaction that
/// inserts or requeues one of its jobs, under a lock of that owner's (so two submissions at once cannot both fit
/// in the last place). nil is no cap.
public struct OwnerCaps: Sendable, Hashable {
    /// Jobs queued, running or stitching at once.
    public var maxActiveJobs: Int?
    /// Frames of the owner's segments waiting or rendering (available or running), the new job's included.
    public var maxQueuedFrames: Int64?

    public init(maxActiveJobs: Int? = nil, maxQueuedFrames: Int64? = nil) {
        self.maxActiveJobs = maxActiveJobs
        self.maxQueuedFrames = maxQueuedFrames
    }

    /// The caps of a token's limits (its request rate is the web server's to hold).
    public init(_ limits: TokenLimits) {
        self.init(maxActiveJobs: limits.maxActiveJobs, maxQueuedFrames: limits.maxQueuedFrames)
    }

    /// Whether any cap is set: without one the queue takes no lock and counts nothing.
    public var isEmpty: Bool { maxActiveJobs == nil && maxQueuedFrames == nil }

    /// Why a job of `frames` frames still to render cannot join an owner's `active` jobs and `queued` frames; nil
    /// when it fits.
    public func refusal(active: Int, queued: Int64, adding frames: Int64) -> OwnerCapRefusal? {
        if let cap = maxQueuedFrames, frames > cap { return .tooLarge(frames: frames, cap: cap) }
        if let cap = maxActiveJobs, active + 1 > cap { return .activeJobs(held: active, cap: cap) }
        if let cap = maxQueuedFrames, queued + frames > cap { return .queuedFrames(held: queued, adding: frames, cap: cap) }
        return nil
    }
}

/// Which cap a job went over. `activeJobs` and `queuedFrames` pass as the owner's jobs finish (try again later);
/// `tooLarge` never does (the job alone is over the cap).
public enum OwnerCapRefusal: Sendable, Hashable, CustomStringConvertible {
    case activeJobs(held: Int, cap: Int)
    case queuedFrames(held: Int64, adding: Int64, cap: Int64)
    case tooLarge(frames: Int64, cap: Int64)

    /// Whether waiting can make it fit.
    public var passes: Bool {
        if case .tooLarge = self { return false }
        return true
    }

    public var description: String {
        switch self {
        case .activeJobs(let held, let cap):
            return "this token may have \(cap) active job\(cap == 1 ? "" : "s") at once and has \(held); "
                + "wait for one to finish, or cancel one"
        case .queuedFrames(let held, let adding, let cap):
            return "this token may have \(cap) frames waiting to render; it has \(held), and this job adds \(adding)"
        case .tooLarge(let frames, let cap):
            return "this job has \(frames) frames to render, more than this token may ever have waiting (\(cap)); "
                + "render it in ranges, or ask the operator for a larger cap"
        }
    }
}
