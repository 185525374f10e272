import Foundation
import ReelQueue
import ReelRecords
import ReelRender

/// Submits projects to a queue: validates and probes, plans, and inserts the job with all its segments in
/// one transaction (which NOTIFYs workers). Nothing is inserted for an invalid composition.
public struct Coordinator: Sendable {
    public let queue: any JobSubmitting & JobReading
    public let store: PartStore

    public init(queue: any JobSubmitting & JobReading, store: PartStore) {
        self.queue = queue
        self.store = store
    }

    /// What a submission did.
    public struct Submission: Sendable {
        public var jobID: Int64
        public var segments: Int
        public var reusedSegments: Int
        public var frames: Int64
    }

    /// - Parameters:
    ///   - output: where the stitched file goes, as the workers see it (shared storage).
    ///   - outputRoots: where outputs may go (empty: anywhere but the part store).
    ///   - overwrite: an existing file at `output` may be replaced (never one of the job's inputs).
    ///   - webhook: told by an HTTP POST when the job ends (checked against SSRF by the deliverer, and by the API first).
    ///   - tokenID: the API token that submits it, whose secret signs the webhooks.
    ///   - caps: what the owner may hold in the queue with this job (the token's); checked in the inserting transaction.
    /// - Throws: `FarmError.invalid` (before anything is inserted), `FarmError.outsideOutputRoots`, `.io` for an
    ///   output that is one of the job's inputs or another active job's, that another active job already writes,
    ///   or that exists without `overwrite`; `QueueError` from the database.
    public func submit(_ project: Project, output: String, name: String, owner: String = "", priority: Int = 0,
                       maxAttempts: Int = 3, requiredTags: [String] = [], outputRoots: [String] = [],
                       overwrite: Bool = false, webhook: String? = nil, tokenID: Int64? = nil,
                       caps: OwnerCaps = OwnerCaps()) throws -> Submission {
        try OutputRoots(outputRoots, store: store).check(output)
        try OutputTarget.checkExisting(output, overwrite: overwrite, inputs: project.inputFiles)
        try refuseConcurrentWriter(of: output)
        let segments = project.plan.segments.map(SegmentSpec.init(planned:))
        let counts = Dictionary(project.plan.segments.map { ($0.contentHash, (Int64($0.frames.count), Int64($0.samples.count))) },
                                uniquingKeysWith: { a, _ in a })
        let store = self.store
        var request = project.request
        request.marks = TimelineMarks(plan: project.plan)
        request.overwrite = overwrite
        request.inputs = project.inputFiles.keys.sorted()
        request.facts = project.factRecords
        var spec = JobSpec(name: name, owner: owner, composition: try request.encoded(), outputLocation: output,
                           priority: priority, maxAttempts: maxAttempts, requiredTags: requiredTags, segments: segments)
        spec.webhookURL = webhook
        spec.tokenID = tokenID
        // A part is reused only when this store holds it whole: its manifest matches the frames and samples.
        let result: JobInsertResult
        do {
            result = try queue.jobInsert(JobInsertParams(spec: spec, reuseParts: true, caps: caps, partIsValid: { part in
                guard let (frames, samples) = counts[part.contentHash] else { return false }
                return store.validManifest(for: part.contentHash, frames: frames, samples: samples) != nil
            }))
        } catch {
            // Another submission of this output won the race past `refuseConcurrentWriter` (the queue's own rule).
            guard case .outputTaken(_) = error else { throw error }
            throw FarmError.io(path: output, message: "another job submitted at the same moment writes this file; "
                               + "cancel it or choose another output")
        }
        return Submission(jobID: result.jobID, segments: segments.count, reusedSegments: result.reusedSegments,
                          frames: project.plan.outputFrames.count64)
    }

    /// Two active jobs never publish to one path: the later would silently replace the earlier's file. Nor
    /// does a job publish over a file another active job reads (`ActiveInputs`).
    func refuseConcurrentWriter(of output: String) throws {
        let active = try queue.jobList(JobListParams(states: [.queued, .running, .stitching], limit: 100_000))
        if let other = active.first(where: { $0.outputLocation == output }) {
            throw FarmError.io(path: output, message: "job \(other.id) (\(other.state.rawValue)) already writes this file; "
                               + "cancel it or choose another output")
        }
        try ActiveInputs(active).refuse(output)
    }
}
