import Foundation
import ReelMedia
import ReelModel
import ReelPlan
import ReelQueue
import ReelRender

extension Worker {
    /// Stitches a job, verifying every seam before publishing, then completes the job (fenced by the stitch
    /// lease). The parts are appended in timeline order as soon as every part before them is done: a claim
    /// of a job whose segments are all done appends them all at once; a rolling claim (`StitchClaimParams.rolling`)
    /// appends the done prefix, then waits for it to grow while the rest still renders, so that after the last
    /// segment only that part and the muxer's trailer are left. Either way the bytes are those of one pass.
    ///
    /// A seam error fails the job with its message; a part that is missing or invalid sends its segment back
    /// to be rendered again instead (the lease is released; the next claim starts over). A drain releases a
    /// rolling stitch that is still waiting; a lost lease or a canceled job discards the file.
    ///
    /// A rolling stitcher that cannot load the project (a source went missing while segments still render)
    /// releases the job instead of failing it: its segments report the real error.
    /// - Returns: false when the stitch was released or stopped without an outcome (the caller may back off).
    /// - Throws: the queue's errors only (`StitchStop.queue`); the stitch's own end the step here.
    @discardableResult
    func stitch(_ claim: StitchClaim, stop: StopSignal) throws(QueueError) -> Bool {
        let jobID = claim.job.id
        let keeper = LeaseKeeper(queue: queue, stitch: claim.lease, configuration: configuration)
        keeper.start()
        defer { keeper.stop() }
        var stitcher: RollingStitcher?
        defer { stitcher?.discard() }
        do throws(StitchStop) {
            guard let project = try loadProject(claim, keeper: keeper) else { return false }
            let run = try stitching(StitchRun(claim: claim, project: project, worker: self))
            let publication = try prepareOutput(run, project: project)
            removeAbandonedStitches(claim, in: publication)
            let rolling = RollingStitcher(output: project.composition.output, chapters: run.chapters, to: publication,
                                          owner: Self.stitchOwner(claim.lease, attempt: claim.lease.attempt),
                                          totals: (run.totalFrames, run.totalSamples),
                                          audioChunking: configuration.audioChunking)
            stitcher = rolling
            try measureLoudnessAhead(run, project: project, into: rolling, keeper: keeper, stop: stop)
            guard try appendAll(run, into: rolling, keeper: keeper, stop: stop) else { return false }
            let report = try finish(run, with: rolling, keeper: keeper, stop: stop)
            if try queued(queue.jobComplete(claim.lease, outputBytes: report.bytes > 0 ? report.bytes : nil,
                                            loudness: report.loudness?.jsonText)) {
                writePoster(jobID: jobID, segments: run.segments)
                events(.stitched(jobID: jobID, path: run.output, report: report))
            } else {
                events(.stitchFailed(jobID: jobID, message: "stitch lease lost; another worker owns the job now"))
            }
        } catch {
            switch error {
            case .queue(let error): throw error
            case .stitch(let failure): guard try decided(claim, by: failure, keeper: keeper) else { return false }
            }
        }
        projects.remove(jobID)
        return true
    }

    /// What the stitch's own failure does to the job: a lost lease, a canceled job or an interrupted stitch stops the
    /// step without an outcome (false); a part whose PCM changed under the stitch (`AudioAheadChanged`) goes back to
    /// render and the stitch lease is released (false); anything else fails the job (true).
    func decided(_ claim: StitchClaim, by failure: any Error, keeper: LeaseKeeper) throws(QueueError) -> Bool {
        let jobID = claim.job.id
        switch failure {
        case let lost as StitchLeaseLost:
            let job = try? queue.jobGet(jobID)
            let message = job?.state == .failed ? "job failed (\(job?.error ?? "")); the stitch stopped, nothing was written"
                                                : lost.description
            events(.stitchFailed(jobID: jobID, message: message))
            return false
        case let changed as AudioAheadChanged:
            // The part's PCM was replaced while the stitch ran: render it again, and start the stitch over.
            try sendBack(claim.segments.filter { $0.index == changed.segment }, of: claim, keeper: keeper,
                         because: "stitch: \(changed); rendering the segment again")
            return false
        case RenderError.canceled:
            let why = keeper.interrupted ? StitchLeaseLost(canceled: keeper.canceled).description
                                         : "stitch interrupted; nothing was written"
            events(.stitchFailed(jobID: jobID, message: why))
            if !keeper.interrupted { _ = try? queue.stitchRequeue(claim.lease, segmentIDs: [], message: why) }
            return false
        default:
            let message = "stitch: \(failure)"
            _ = try queue.jobFail(claim.lease, message: message)
            events(.stitchFailed(jobID: jobID, message: message))
            return true
        }
    }

    /// Writes the trailer and publishes behind the fence (`stillOwns`). The fence's queue error crosses the
    /// stitcher, which knows nothing of the queue, as a refusal, and is thrown as the queue's once it returns.
    func finish(_ run: StitchRun, with stitcher: RollingStitcher, keeper: LeaseKeeper,
                stop: StopSignal) throws(StitchStop) -> StitchReport {
        var fenceError: QueueError?
        let report = Result {
            try stitcher.finish(totalFrames: run.totalFrames, totalSamples: run.totalSamples,
                                isCanceled: { keeper.interrupted || stop.isAborted }, mayPublish: {
                do throws(QueueError) { return try self.stillOwns(run.claim, keeper: keeper) } catch {
                    fenceError = error
                    return false
                }
            })
        }
        if let fenceError { throw .queue(fenceError) }
        return try stitching(report.get())
    }

    /// The job's project. While segments still render, a project that does not load (a source missing or
    /// unreadable) is their failure to report, attempt by attempt: the stitch is released and nil returned.
    /// Once every segment is done it is the stitch's own error (thrown).
    func loadProject(_ claim: StitchClaim, keeper: LeaseKeeper) throws(StitchStop) -> Project? {
        let loaded = Result { try projects.project(for: claim.job) }
        guard case .failure(let error) = loaded, !claim.segments.allSatisfy({ $0.state == .done }) else {
            return try stitching(loaded.get())
        }
        keeper.stop()
        let message = "stitch released: the project does not load while segments still render (\(error))"
        _ = try queued(queue.stitchRequeue(claim.lease, segmentIDs: [], message: message))
        events(.stitchFailed(jobID: claim.job.id, message: message))
        return nil
    }

    /// Appends every part, waiting for the ones still rendering. Each new batch of the done prefix is checked
    /// first (missing parts requeued) and reported to the queue, which also renews the lease and moves the job
    /// to stitching once every segment is done. False when the stitch stopped without publishing: parts were
    /// requeued, or a drain released the lease. - Throws: `StitchLeaseLost` on a lost lease or a cancel, and
    /// `RenderError.canceled` on an abort (as `StitchStop.stitch`).
    func appendAll(_ run: StitchRun, into stitcher: RollingStitcher, keeper: LeaseKeeper,
                   stop: StopSignal) throws(StitchStop) -> Bool {
        var segments = run.segments
        var next = 0
        var tail = false
        var changes = PartWaiter(queue: queue, poll: configuration.stitchPollInterval)
        while true {
            if !tail && segments.allSatisfy({ $0.state == .done }) {
                tail = true   // every segment rendered: what is left is the stitch's tail
                events(.stitching(jobID: run.claim.job.id))
            }
            let ready = segments[next...].prefix { $0.state == .done }
            if try queued(requeueMissingParts(run.claim, Array(ready), keeper: keeper)) { return false }
            for segment in ready {
                if keeper.interrupted || stop.isAborted { throw .stitch(RenderError.canceled) }
                try stitching(stitcher.append(run.part(for: segment)))
            }
            next += ready.count
            let beat = try queued(queue.stitchProgress(run.claim.lease, stitchedSegments: next,
                                                       leaseDuration: configuration.leaseDuration))
            guard beat == .ok, !keeper.interrupted else {
                throw .stitch(StitchLeaseLost(canceled: beat == .canceled || keeper.canceled))
            }
            if next == segments.count { return true }
            if stop.isDraining {
                let message = "stitcher \(configuration.workerID) draining after \(next) of \(segments.count) parts; "
                    + "another worker stitches the job"
                _ = try queued(queue.stitchRequeue(run.claim.lease, segmentIDs: [], message: message))
                events(.stitchFailed(jobID: run.claim.job.id, message: message))
                return false
            }
            segments = try waitForParts(run, after: next, into: stitcher, stop: stop, keeper: keeper, changes: &changes)
        }
    }

    /// Reads the job's segments until the one at `index` is done, or the stitch must stop: a drain, an abort,
    /// a lost lease, or a segment canceled or failed (the job stopped; `stitchProgress` then says why). It reads
    /// them when the queue reports a change of state, so a part is appended as soon as it is done, and at least
    /// every `stitchPollInterval`. Before each wait it encodes the audio of the parts whose PCM is there.
    func waitForParts(_ run: StitchRun, after index: Int, into stitcher: RollingStitcher, stop: StopSignal,
                      keeper: LeaseKeeper, changes: inout PartWaiter) throws(StitchStop) -> [Segment] {
        while true {
            try encodeAudioAhead(run, after: index, into: stitcher, stop: stop, keeper: keeper)
            changes.wait()
            let segments = try queued(queue.segmentList(jobID: run.claim.job.id)).sorted { $0.index < $1.index }
            guard segments.count == run.segments.count else { throw .stitch(FarmError.segmentsChanged) }
            let stopped = segments[index...].contains { $0.state == .canceled || $0.state == .failed }
            if segments[index].state == .done || stopped || stop.isDraining || stop.isAborted || keeper.interrupted {
                return segments
            }
        }
    }
}

extension Worker {
    /// Encodes the audio of the parts after the first `index`, in timeline order, as far as their PCM is there
    /// (`RollingStitcher.encodeAudioAhead`): the work the tail would otherwise do after the last part.
    func encodeAudioAhead(_ run: StitchRun, after index: Int, into stitcher: RollingStitcher, stop: StopSignal,
                          keeper: LeaseKeeper) throws(StitchStop) {
        for segment in run.segments[index...] {
            if keeper.interrupted || stop.isAborted || stop.isDraining { return }
            guard try stitching(stitcher.encodeAudioAhead(run.part(for: segment))) else { return }
        }
    }
}

/// How the rolling stitcher waits for the next part: on the queue's change wake-ups (`QueueWakeups.changeListen`),
/// at most `poll` at a time, and never reading the job's segments more often than every `minimumGap` (on a busy
/// farm most changes are other jobs'). The listener (on PostgreSQL, a connection of its own) opens at the first wait,
/// so a stitch whose parts are all done opens none. Without one (the database refused it) it polls.
struct PartWaiter {
    static let minimumGap: Duration = .milliseconds(20)
    let poll: Duration
    private let queue: any WorkerQueue
    private var waiter: (any QueueWaiter)?
    private var refused = false
    private var lastRead = ContinuousClock.now

    init(queue: any WorkerQueue, poll: Duration) {
        self.queue = queue
        self.poll = poll
    }

    mutating func wait() {
        if waiter == nil && !refused {
            // Opened after the read that found the prefix short, so the segments are read once more at once: a
            // part done in between sent its notification before anyone listened.
            do {
                waiter = try queue.changeListen()
                lastRead = .now
                return
            } catch { refused = true }
        }
        let deadline = lastRead + poll
        if let listener = waiter {
            do { _ = try listener.wait(timeout: max(.zero, deadline - .now)) } catch { waiter = nil; refused = true }
        }
        let earliest = waiter == nil ? deadline : lastRead + Self.minimumGap
        if earliest > .now { Thread.sleep(forTimeInterval: (earliest - .now).secondsDouble) }
        lastRead = .now
    }
}

/// The stitch lease was lost (another worker owns the step now) or the job was canceled.
struct StitchLeaseLost: Error, CustomStringConvertible {
    var canceled = false
    var description: String {
        canceled ? "job canceled; the stitch stopped, nothing was written"
                 : "stitch lease lost before publishing (another worker owns the job now); nothing was written"
    }
}

/// What one stitch claim joins: the job's segments in order, the parts they name, and the totals the output
/// must hold.
struct StitchRun {
    let claim: StitchClaim
    let segments: [Segment]
    let output: String
    let firstFrame: Int64
    let totalFrames: Int64
    let totalSamples: Int64
    let chapters: [Chapter]
    let store: PartStore

    init(claim: StitchClaim, project: Project, worker: Worker) throws {
        self.claim = claim
        segments = claim.segments.sorted { $0.index < $1.index }
        guard !segments.isEmpty else { throw RenderError.emptyPlan }
        for s in segments { try Self.checkPlanned(index: s.index, frames: s.frames, contentHash: s.contentHash, in: project.plan) }
        output = claim.job.outputLocation
        store = worker.configuration.store
        // The output holds the plan's output frames (the whole timeline, or a `--range`'s) and exactly
        // their samples, S(f1) − S(f0): the totals come from the plan, not from the rows.
        firstFrame = project.plan.outputFrames.lowerBound
        totalFrames = project.plan.outputFrames.count64
        totalSamples = project.plan.outputSamples.count64
        chapters = try worker.chapters(project, firstFrame: firstFrame, frames: totalFrames)
    }

    /// A stitch joins only the parts its own composition plans. The rows come from whoever may submit: a row whose
    /// hash or frames differ from the plan (another job's parts, counted done by reuse at insert; a "hash" that is
    /// a path) is refused before a path is made of it, and the refusal is permanent (`FarmError.contentChanged`).
    static func checkPlanned(index: Int, frames: Range<Int64>, contentHash: String, in plan: Plan) throws {
        guard plan.segments.indices.contains(index), plan.segments[index].contentHash == contentHash,
              plan.segments[index].frames == frames else {
            throw FarmError.contentChanged(segment: index, message: "its part \(contentHash.prefix(80)) is not a part of "
                + "this job's plan (the job's rows were changed after submit); submit the job again")
        }
    }

    /// The segment's part in this worker's store, named from its content hash by the store (`PartFiles`), never
    /// from the row's `partLocation`: a row is the database's word, and another host may mount the store elsewhere.
    func part(for segment: Segment) -> StitchPart {
        StitchPart(segmentIndex: segment.index, startFrame: segment.frames.lowerBound - firstFrame,
                   frames: segment.frames.count64, samples: segment.samples.count64,
                   files: store.files(for: segment.contentHash))
    }
}

extension Worker {
    /// Checks the manifests (frames, samples, file sizes) of the parts about to be appended. Missing or invalid
    /// ones (a full disk, a cleaned store, a lost NFS write) go back to the queue with their segments: a
    /// transient storage fault costs a re-render, not the job. - Returns: true when it requeued (or lost the lease).
    func requeueMissingParts(_ claim: StitchClaim, _ segments: [Segment],
                             keeper: LeaseKeeper) throws(QueueError) -> Bool {
        let store = configuration.store
        let missing = segments.filter {
            store.validManifest(for: $0.contentHash, frames: $0.frames.count64, samples: $0.samples.count64) == nil
        }
        guard !missing.isEmpty else { return false }
        try sendBack(missing, of: claim, keeper: keeper, because: "part missing or invalid at stitch time (worker "
                     + "\(configuration.workerID), store \(store.root)); rendering it again")
        return true
    }

    /// Sends `segments` back to render and releases the stitch lease (`stitchRequeue`), reporting `message`: their
    /// parts cannot be stitched as they are, and the next stitch claim starts over.
    func sendBack(_ segments: [Segment], of claim: StitchClaim, keeper: LeaseKeeper,
                  because message: String) throws(QueueError) {
        keeper.stop()
        let requeued = try queue.stitchRequeue(claim.lease, segmentIDs: segments.map(\.id), message: message)
        let indices = segments.map { String($0.index) }.joined(separator: ", ")
        events(.stitchFailed(jobID: claim.job.id, message: requeued
            ? "segments \(indices): \(message)" : "stitch lease lost before requeueing segments \(indices)"))
    }

    /// The temporary-file tag of one stitch attempt: "j12a3.".
    static func stitchOwner(_ lease: StitchLease, attempt: Int) -> String { "j\(lease.jobID)a\(attempt)." }

    /// Removes the temporary files earlier stitch attempts of this job left beside the output (a stitcher
    /// killed mid-write). Their leases are gone, so they can never publish; a writer still alive behind a
    /// partition only writes to an unlinked file.
    func removeAbandonedStitches(_ claim: StitchClaim, in publication: Publication) {
        let earlier = Set((1..<max(1, claim.lease.attempt)).map { Self.stitchOwner(claim.lease, attempt: $0) })
        let abandoned = publication.folder.names { name in
            AtomicFile.isTemporary(name, of: publication.name, isAbandoned: { tag in earlier.contains { tag.hasPrefix($0) } })
        }
        abandoned.forEach(publication.folder.discard)
    }

    /// The output checked with this worker's own roots and its folder opened for the publication, which may
    /// replace neither the job's inputs nor those of any other active job.
    func prepareOutput(_ run: StitchRun, project: Project) throws(StitchStop) -> Publication {
        let roots = OutputRoots(configuration.outputRoots, store: configuration.store)
        try stitching(roots.check(run.output))
        var inputs = project.inputFiles
        let active = try queued(queue.jobList(JobListParams(states: [.queued, .running, .stitching], limit: 100_000)))
        inputs.merge(ActiveInputs(active, excluding: run.claim.job.id).fileIDs) { mine, _ in mine }
        let overwrite = project.request.overwrite ?? false
        let target = try stitching(OutputTarget.prepare(run.output, roots: roots, overwrite: overwrite, inputs: inputs))
        return target.publication
    }

    /// The fence before publishing: stops the heartbeat thread, then renews the stitch lease once more,
    /// which succeeds only while this attempt's token still holds the job and the job was not canceled.
    /// The renewal leaves a whole lease for the rename and the commit that follow.
    func stillOwns(_ claim: StitchClaim, keeper: LeaseKeeper) throws(QueueError) -> Bool {
        keeper.stop()
        guard !keeper.interrupted else { return false }
        return try queue.stitchHeartbeat(claim.lease, leaseDuration: configuration.leaseDuration) == .ok
    }

    /// The composition's markers as chapters of an output holding timeline frames
    /// `[firstFrame, firstFrame + frames)` (a `--range` render starts past 0).
    func chapters(_ project: Project, firstFrame: Int64, frames: Int64) throws -> [Chapter] {
        let rate = project.composition.output.frameRate
        return try Stitcher.chapters(from: project.composition.markers, outputStart: rate.time(ofFrame: firstFrame),
                                     outputDuration: rate.time(ofFrame: frames))
    }
}
