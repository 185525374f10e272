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
        let before = SegmentBalance(plan: project.plan).makespan(workers: 2)
        let after = SegmentBalance(plan: balanced.plan).makespan(workers: 2)
        #expect(after < before)
        #expect(balanced.plan.totalFrames == project.plan.totalFrames)
        // A worker reloading the job after a failure plans the same segments from the stored request.
        let text = try #require(balanced.request.segmentSeconds)
        let reloaded = try Project(RenderRequest.decoded(try balanced.request.encoded()))
        #expect(reloaded.request.segmentSeconds == text)
        #expect(reloaded.plan.segments == balanced.plan.segments)
    }

    @Test("a range is balanced as its whole timeline is: its inner segments are the whole balanced job's")
    func aRangeKeepsTheWholeJobsCuts() throws {
        let dir = try TempDir("balance-range")
        defer { dir.remove() }
        let comp = try Rendering.write(Self.composition(try SharedClips.shared()), in: dir)
        let whole = try Rendering.project(comp).balanced(workers: 2)
        let ranged = try Rendering.project(comp, range: "3.5..17.25").balanced(workers: 2)
        #expect(ranged.request.segmentSeconds == whole.request.segmentSeconds && whole.request.segmentSeconds != nil)
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
