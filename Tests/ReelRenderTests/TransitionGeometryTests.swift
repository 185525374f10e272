import Foundation
import ReelMedia
import ReelModel
import ReelTestOracles
import ReelTestSupport
import Testing
@testable import ReelRender

/// Every frame of a dissolve, a push and a wipe between two ffmpeg-made sources equals the transition's
/// geometry at exact progress `j/n` (`TransitionOracle`), sample for sample, including the last frame
/// (`j = n`, pure B).
@Test(arguments: TransitionCase.all)
func transitionFramesMatchTheGeometryAtExactProgress(_ c: TransitionCase) throws {
    let temp = try TempDir("render")
    defer { temp.remove() }
    let dir = temp.url
    let (a, b) = try c.makeSources(in: dir)
    try #require(a.count > c.frames && b.count > c.frames)
    for (kind, _) in TransitionCase.kinds {
        for j in 0...c.frames {
            let want = TransitionOracle.frame(kind, a[j], b[j], j: j, n: c.frames)
            let difference = TransitionOracle.firstDifference(try c.reel(kind, a[j], b[j], j: j), want)
            #expect(difference == nil, "\(kind) frame \(j)/\(c.frames) of \(c): \(difference ?? "")")
        }
        #expect(TransitionOracle.frame(kind, a[c.frames], b[c.frames], j: c.frames, n: c.frames) == b[c.frames])
    }
}

/// Frame 0 (progress 0) of every transition that takes time is the outgoing picture, exactly: no column,
/// row or level of the incoming one shows yet. Odd sizes too (chroma planes then have a half-covered edge).
@Test(arguments: TransitionCase.all + [TransitionCase(width: 95, height: 63, rate: 10, frames: 10,
                                                      sourceA: "testsrc", sourceB: "smptebars")])
func everyTransitionStartsOnTheOutgoingPicture(_ c: TransitionCase) throws {
    let temp = try TempDir("render")
    defer { temp.remove() }
    let dir = temp.url
    let (a, b) = try c.makeSources(in: dir)
    try #require(a.count > 3 && b.count > 3)
    for (kind, _) in TransitionCase.kinds {
        for k in 0..<3 {
            let difference = TransitionOracle.firstDifference(try c.reel(kind, a[k], b[k], j: 0), a[k])
            #expect(difference == nil, "\(kind) at progress 0 over frame \(k) of \(c): \(difference ?? "")")
        }
    }
}
