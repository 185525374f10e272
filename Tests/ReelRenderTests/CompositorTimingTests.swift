import Foundation
import ReelMedia
import ReelModel
import Testing
@testable import ReelRender

/// Prints how long 1280x720 transitions take per frame. Informational: never asserts on time, only
/// that the work was done (the output changes with progress).
@Test func printTransitionTimings() throws {
    let a = TestMedia.makeFrame(width: 1280, height: 720) { p, x, y in UInt8((x + y * 3 + p * 50) & 255) }
    let b = TestMedia.makeFrame(width: 1280, height: 720) { p, x, y in UInt8((x * 5 + y + p * 90) & 255) }
    var output = PlanarFrame(width: 1280, height: 720)
    for kind in [TransitionKind.dissolve, .push, .wipe] {
        let frames = 200
        var checksum = 0
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            for j in 0..<frames {
                let p = try Rational(Int64(j), Int64(frames))
                Compositor.composite([.transition(kind: kind, outgoing: a, incoming: b, progress: p)], into: &output)
                checksum &+= Int(output.y[(j * 997) % output.y.count])
            }
        }
        let milliseconds = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
        let perFrame = milliseconds / Double(frames)
        print("timing \(kind) 1280x720: \(String(format: "%.3f", perFrame)) ms/frame (checksum \(checksum))")
        #expect(checksum > 0)
    }
}
