import ReelRender
import Testing
@testable import ReelFarm

/// The errors that once were one string-only `.other` case: each says what happened, prints the words it always
/// printed (tests and people read them), and none is permanent, so the worker retries it as before.
@Suite struct WorkerErrorCaseTests {
    static let cases: [(any Error & Sendable, String)] = [
        (RenderError.emptyPlan, "nothing to stitch: the plan has no segments"),
        (RenderError.nothingWritten, "nothing to stitch: no file was written"),
        (RenderError.unknownAsset("a1"), "asset \"a1\" is not in the composition"),
        (RenderError.layerKeys(origin: "clip c1", message: "overflow"), "the layer keys of clip c1 cannot be evaluated: overflow"),
        (RenderError.picture(frame: 12, message: "no such file"), "frame 12: no such file"),
        (FarmError.invalidConfiguration("worker id is empty"), "worker id is empty"),
        (FarmError.unreadableRequest("bad JSON"), "the job's stored request cannot be read: bad JSON"),
        (FarmError.invalidMediaMap("/a"), "--media-map /a: expected /old/prefix=/new/prefix"),
        (FarmError.invalidOfflineMode("black"), "--offline black: the only mode is \"slate\""),
        (FarmError.segmentsChanged, "the job's segments changed while it was being stitched"),
    ]

    @Test("each case prints its old text and is retried", arguments: cases.indices)
    func textAndRetry(index: Int) {
        let (error, text) = Self.cases[index]
        #expect("\(error)" == text)
        #expect(!Worker.isPermanent(error), "\(error) became permanent")
    }
}
