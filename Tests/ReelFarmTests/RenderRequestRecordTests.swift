import Foundation
import ReelFarm
import ReelModel
import ReelPlan
import ReelRecords
import Testing

/// A job's stored request is a record in the queue: jobs written by any earlier build must still decode, and
/// re-encode to the same bytes (sorted keys, the property names as keys).
@Suite struct RenderRequestRecordTests {
    /// Every key a request can carry, as `encoded()` writes them.
    static let stored = #"{"baseDirectory":"\/media","container":"mov","document":"{}","inputs":["\/media\/a.mov"],"#
        + #""lossless":true,"marks":{"frameRate":[25,1],"transitions":[{"end":30,"kind":"dissolve","start":20}]},"#
        + #""mediaMap":["\/old=\/new"],"offline":"slate","overwrite":true,"preset":"veryfast","#
        + #""rendererVersion":"reel-render-2","segmentSeconds":"7\/30","sourcePath":"\/media\/c.json"}"#

    @Test func aStoredRequestDecodesAndEncodesToTheSameBytes() throws {
        let request = try RenderRequest.decoded(Self.stored)
        #expect(try request.encoded() == Self.stored)
        #expect(try RenderRequest(decoding: Self.stored) == request)
        #expect(request.marks?.seconds(ofFrames: 50) == 2)
    }

    @Test func aRequestFromBeforeMarksOverwriteAndInputsDecodes() throws {
        let old = #"{"baseDirectory":"\/m","document":"{}","lossless":false,"rendererVersion":"reel-render-1","#
            + #""sourcePath":"c.json"}"#
        let request = try RenderRequest.decoded(old)
        #expect(request.marks == nil && request.overwrite == nil && request.inputs == nil)
        #expect(try request.encoded() == old)
    }

    @Test func textThatIsNotARequestIsAFarmErrorNamingTheStoredRequest() throws {
        let error = try #require(throws: FarmError.self) { try RenderRequest.decoded(#"{"document":"{}"}"#) }
        guard case .unreadableRequest = error else { Issue.record("\(error)"); return }
        #expect("\(error)".hasPrefix("the job's stored request cannot be read: "), "\(error)")
    }

    @Test func theRendererVersionIsOneConstant() {
        let request = RenderRequest(sourcePath: "c.json", baseDirectory: "/m", document: "{}")
        #expect(request.rendererVersion == Reel.rendererVersion)
        #expect(PlanOptions().rendererVersion == Reel.rendererVersion)
    }
}
