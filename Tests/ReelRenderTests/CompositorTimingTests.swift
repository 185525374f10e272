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

/// Prints the per-frame cost of a cached 720p title and the cost of mixing one second of audio.
@Test func printTitleAndMixerTimings() throws {
    let renderer = TitleRenderer()
    let title = Title(text: "Reel render farm", size: 72, position: Point(x: try Rational(1, 2), y: try Rational(4, 5)),
                      timeRange: try TimeRange(start: .zero, duration: .seconds(10)))
    var frame = PlanarFrame(width: 1280, height: 720)
    try renderer.draw(title, at: .seconds(5), onto: &frame)
    let clock = ContinuousClock()
    let titleTime = try clock.measure { for _ in 0..<200 { try renderer.draw(title, at: .seconds(5), onto: &frame) } }
    let samples = [Float](repeating: 0.25, count: 48_000)
    let ramp = GainEnvelope(pieces: [GainPiece(start: .zero, end: .seconds(1), from: .zero, to: .one)])
    let inputs = (0..<3).map { _ in MixerInput(samples: AudioBuffer(sampleRate: 48_000, samples: [samples, samples]),
                                               envelope: ramp, gain: try! Rational(1, 2)) }
    var peak: Float = 0
    let mixTime = clock.measure {
        for _ in 0..<20 { peak = AudioMixer(sampleRate: 48_000, channels: 2).mix(inputs, start: 0, count: 48_000).samples[0].max()! }
    }
    print("timing title 1280x720 (cached raster): \(milliseconds(titleTime) / 200) ms/frame")
    print("timing mixer 3 stereo inputs, 1 s at 48 kHz: \(milliseconds(mixTime) / 20) ms")
    #expect(renderer.rasterisations == 1 && peak > 0.3)
}

private func milliseconds(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) / 1e15
}
