/// The life of one job. Raw values equal the `jobs.state` labels in the database.
///
/// See docs/queue-states.md for the diagram. Each case names the components that move rows in and out.
public enum JobState: String, CaseIterable, Sendable, Codable {
    /// Submitted, no segment claimed yet.
    /// In: `jobInsert`, `jobRetry`. Out: `segmentClaim` → running; `stitchClaim` → stitching (all parts reused);
    /// `jobCancel` → canceled.
    case queued
    /// At least one segment was claimed.
    /// In: `segmentClaim`. Out: `stitchClaim` → stitching; a segment out of attempts → failed; `jobCancel` → canceled.
    case running
    /// Every segment is done and one worker holds the stitch lease.
    /// In: `stitchClaim`. Out: `jobComplete` → done; `jobFail` → failed; `jobCancel` → canceled.
    case stitching
    /// The output file is written. Terminal.
    /// In: `jobComplete`.
    case done
    /// A segment ran out of attempts, or the stitch failed; `Job.error` says which and why.
    /// In: `segmentFail`, `rescueExpired`, `jobFail`. Out: `jobRetry` → queued.
    case failed
    /// Stopped by a person. Finished parts are kept.
    /// In: `jobCancel`. Out: `jobRetry` → queued.
    case canceled

    /// Whether a job in this state may move to `next`. Staying in the same state is not a transition.
    public func canTransition(to next: JobState) -> Bool {
        switch (self, next) {
        case (.queued, .running), (.queued, .stitching), (.queued, .canceled): return true
        case (.running, .stitching), (.running, .failed), (.running, .canceled): return true
        case (.stitching, .done), (.stitching, .failed), (.stitching, .canceled): return true
        case (.stitching, .running): return true   // parts missing at stitch time: those segments render again
        case (.failed, .queued), (.canceled, .queued): return true
        default: return false
        }
    }

    /// Whether the job can still make progress without a person (`queued`, `running`, `stitching`).
    public var isActive: Bool { self == .queued || self == .running || self == .stitching }
}
