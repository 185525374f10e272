import Foundation
@testable import ReelFarm
import ReelPlan
import ReelRecords
import ReelTestSupport
import Testing

/// `reel render` balances a short job over its workers (`Project.balanced(workers:)`, issue 13 §4).
/// That the chosen cuts render the same frames and samples as any others is SegmentationInvarianceTests' job.
@Suite struct ShortJobBalanceTests {
    /// The bench's short job in miniature: five 5-second clips of one source with four 1-second transitions (21 s).
    static func composition(_ media: SharedClips, clips: Int = 5) -> String {
        let videos = (0..<clips).map { i in Rendering.clip("l", start: "\(i % 2 == 0 ? "0.5" : "1.5")", duration: "5") }
        let kinds = ["dissolve", "push", "wipe", "dissolve"]
        let transitions = (0..<(clips - 1)).map { Rendering.transition(kinds[$0 % kinds.count], "1") }
        return """
        { \(Rendering.assets([("l", media.long)])), "videos": [\(videos.joined(separator: ", "))],
          "transitions": [\(transitions.joined(separator: ", "))], \(Rendering.output(width: 160, height: 90)) }
        """
    }

    @Test func indexOrderClaimsEndWithTheBusiestWorker() {
        // 135 | 195, then 285 after 135 and 135 after 195: 420 where 375 would do.
        #expect(SegmentBalance(costs: [135, 195, 285, 135]).makespan(workers: 2) == 420)
        #expect(SegmentBalance(costs: [180, 240, 195, 135]).makespan(workers: 2) == 375)
        #expect(SegmentBalance(costs: [180, 240, 195, 135]).makespan(workers: 1) == 750)
    }

    @Test func aShortJobOnTwoWorkersIsReplannedEvenly() throws {
        let dir = try TempDir("balance")
        defer { dir.remove() }
        let project = try Rendering.project(try Rendering.write(Self.composition(try SharedClips.shared()), in: dir))
        let balanced = try project.balanced(workers: 2)
        let costs = FrameCosts(plan: project.plan)
        let before = SegmentBalance(plan: project.plan, costs: costs).makespan(workers: 2)
        let after = SegmentBalance(plan: balanced.plan, costs: costs).makespan(workers: 2)
        #expect(after < before)
        #expect(balanced.plan.totalFrames == project.plan.totalFrames)
        // One source throughout: two segments of about the same frames, cut where no transition is.
        #expect(balanced.request.segmentStarts == [315] && balanced.request.segmentSeconds == nil)
        #expect(balanced.plan.segments.map(\.frames) == [0..<315, 315..<630])
        // A worker reloading the job after a failure plans the same segments from the stored request.
        let reloaded = try Project(RenderRequest.decoded(try balanced.request.encoded()))
        #expect(reloaded.request.segmentStarts == [315])
        #expect(reloaded.plan.segments == balanced.plan.segments)
    }

    /// Nine seconds of `testsrc2` (detail and motion), then nine of video black, cut hard: 540 frames.
    static func detailThenBlack(_ media: SharedClips) -> String {
        let videos = [Rendering.clip("l", start: "0", duration: "9")]
            + (0..<3).map { _ in Rendering.clip("k", start: "0", duration: "3") }
        return """
        { \(Rendering.assets([("l", media.long), ("k", media.black)])), "videos": [\(videos.joined(separator: ", "))],
          \(Rendering.output(width: 160, height: 90)) }
        """
    }

    @Test("a detailed source weighs more than black: the segment that shows it gets fewer frames")
    func detailWeighsMore() throws {
        let dir = try TempDir("balance-detail")
        defer { dir.remove() }
        let media = try SharedClips.shared()
        let project = try Rendering.project(try Rendering.write(Self.detailThenBlack(media), in: dir))
        let detailed = try #require(project.plan.options.media["l"]?.video)
        let black = try #require(project.plan.options.media["k"]?.video)
        let (l, k) = (try #require(detailed.bitRate), try #require(black.bitRate))
        #expect(l > 10 * k, "testsrc2 at \(l) b/s against black at \(k) b/s")
        let costs = FrameCosts(plan: project.plan)
        #expect(costs.cost(of: 0..<270) > 2 * costs.cost(of: 270..<540))
        let balanced = try project.balanced(workers: 2)
        let frames = balanced.plan.segments.map(\.frames.count)
        // Counting frames alone would have cut it in the middle.
        #expect(frames.count == 2 && frames[0] < 200 && frames[0] + frames[1] == 540, "\(frames)")
        let reloaded = try Project(RenderRequest.decoded(try balanced.request.encoded()))
        #expect(reloaded.plan.segments == balanced.plan.segments)
    }

    @Test("segment starts that are not increasing, fall outside the timeline or inside a transition are refused by index")
    func startsAreChecked() throws {
        let dir = try TempDir("balance-starts")
        defer { dir.remove() }
        let project = try Rendering.project(try Rendering.write(Self.composition(try SharedClips.shared()), in: dir))
        // The first transition holds frames 120..<150.
        #expect(try project.replanned(segmentStarts: [120, 400]).plan.segments.map(\.frames) == [0..<120, 120..<400, 400..<630])
        for (starts, message): ([Int64], String) in [([130], "segmentStarts[0]: frame 130 is inside a transition"),
                                  ([300, 200], "segmentStarts[1]: frame 200 is not after 300"),
                                  ([0], "segmentStarts[0]: frame 0 is not after 0"),
                                  ([630], "segmentStarts[0]: frame 630 is not after 0 and before the timeline's end")] {
            do {
                _ = try project.replanned(segmentStarts: starts)
                Issue.record("\(starts) was taken")
            } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
    }

    @Test("a range is balanced as its whole timeline is: its inner segments are the whole balanced job's")
    func aRangeKeepsTheWholeJobsCuts() throws {
        let dir = try TempDir("balance-range")
        defer { dir.remove() }
        let comp = try Rendering.write(Self.composition(try SharedClips.shared()), in: dir)
        // Four workers: four segments, so that the range has whole ones inside it.
        let whole = try Rendering.project(comp).balanced(workers: 4)
        let ranged = try Rendering.project(comp, range: "3.5..17.25").balanced(workers: 4)
        #expect(ranged.request.segmentStarts == whole.request.segmentStarts && whole.request.segmentStarts?.count == 3)
        #expect(ranged.request.range == "3.5..17.25" && ranged.plan.outputFrames == 105..<518)
        let inner = ranged.plan.segments.dropFirst().dropLast()
        let wholeSegments = Set(whole.plan.segments.map(\.contentHash))
        #expect(!inner.isEmpty && inner.allSatisfy { wholeSegments.contains($0.contentHash) })
        let reloaded = try Project(RenderRequest.decoded(try ranged.request.encoded()))
        #expect(reloaded.plan.segments == ranged.plan.segments, "a worker plans the same range segments")
    }

    @Test func oneWorkerAGivenLengthOrALongJobKeepTheirPlan() throws {
        let dir = try TempDir("balance-kept")
        defer { dir.remove() }
        let media = try SharedClips.shared()
        let short = try Rendering.write(Self.composition(media), in: dir)
        let project = try Rendering.project(short)
        #expect(try project.balanced(workers: 1).plan.segments == project.plan.segments)
        let given = try Rendering.project(short, segmentSeconds: "10")
        #expect(try given.balanced(workers: 2).plan.segments == given.plan.segments)
        #expect(try given.balanced(workers: 2).request.segmentSeconds == "10")
        // 41 clips: 165 s, 16 or more default segments, at least 4 per worker on 2 workers.
        let long = try Rendering.project(try Rendering.write(Self.composition(media, clips: 41), "long.json", in: dir))
        #expect(long.plan.segments.count >= 8)
        let kept = try long.balanced(workers: 2)
        #expect(kept.plan.segments == long.plan.segments && kept.request.segmentSeconds == nil)
    }
}
