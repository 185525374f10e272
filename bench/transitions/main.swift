import Foundation
import ReelMedia
import ReelModel
import ReelRender

/// Per-frame cost of the compositor's transitions at 1280x720 (8-bit, then 16-bit 4:4:4), of drawing a
/// cached title, and of mixing one second of audio: `bench-transitions [frames]`. Moved here from the test suite, where timings do not
/// belong (a test asserts behaviour; a benchmark reports time). ReelRender is built -O in every configuration.
let frames = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1])! : 200

func frame(_ width: Int, _ height: Int, _ value: (Int, Int, Int) -> UInt8) -> PlanarFrame {
    var f = PlanarFrame(width: width, height: height)
    for y in 0..<height { for x in 0..<width { f.y[y * width + x] = value(0, x, y) } }
    for y in 0..<f.chromaHeight {
        for x in 0..<f.chromaWidth { f.u[y * f.chromaWidth + x] = value(1, x, y); f.v[y * f.chromaWidth + x] = value(2, x, y) }
    }
    return f
}

func milliseconds(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) / 1e15
}

let a = frame(1280, 720) { (p: Int, x: Int, y: Int) -> UInt8 in UInt8(truncatingIfNeeded: x + y * 3 + p * 50) }
let b = frame(1280, 720) { (p: Int, x: Int, y: Int) -> UInt8 in UInt8(truncatingIfNeeded: x * 5 + y + p * 90) }

/// Times each transition over `frames` frames; `composite` is the compositor's entry point for `P`.
func timeTransitions<P: PlanarPicture>(_ label: String, _ a: P, _ b: P,
                                       composite: ([CompositorLayer<P>], inout P) -> Void) throws {
    var output = a
    let clock = ContinuousClock()
    for kind in [TransitionKind.dissolve, .push, .wipe] {
        var checksum = 0
        let elapsed = try clock.measure {
            for j in 0..<frames {
                let p = try Rational(Int64(j), Int64(frames))
                composite([.transition(kind: kind, outgoing: a, incoming: b, progress: p)], &output)
                checksum &+= Int(output.y[(j * 997) % output.y.count])
            }
        }
        print("\(label)\(kind) 1280x720: \(String(format: "%.3f", milliseconds(elapsed) / Double(frames))) ms/frame (checksum \(checksum))")
    }
}

try timeTransitions("", a, b) { Compositor.composite($0, into: &$1) }
// The same on the high-precision path (16-bit 4:4:4: three full planes of 2-byte samples).
let deepA = DeepFrame(width: 1280, height: 720, y: a.y.indices.map { UInt16(a.y[$0]) << 8 | UInt16($0 & 255) },
                      u: [UInt16](repeating: 30000, count: 1280 * 720), v: [UInt16](repeating: 36000, count: 1280 * 720))
let deepB = DeepFrame(width: 1280, height: 720, y: b.y.map { UInt16($0) << 8 },
                      u: [UInt16](repeating: 20000, count: 1280 * 720), v: [UInt16](repeating: 44000, count: 1280 * 720))
try timeTransitions("deep ", deepA, deepB) { Compositor.composite($0, into: &$1) }

let clock = ContinuousClock()
let renderer = TitleRenderer()
let title = Title(text: "Reel render farm", size: 72, position: Point(x: try Rational(1, 2), y: try Rational(4, 5)),
                  timeRange: try TimeRange(start: .zero, duration: .seconds(10)))
var canvas = PlanarFrame(width: 1280, height: 720)
try renderer.draw(title, at: .seconds(5), onto: &canvas)
let titleTime = try clock.measure { for _ in 0..<frames { try renderer.draw(title, at: .seconds(5), onto: &canvas) } }
print("title 1280x720 (cached raster): \(String(format: "%.3f", milliseconds(titleTime) / Double(frames))) ms/frame")

let samples = [Float](repeating: 0.25, count: 48_000)
let ramp = GainEnvelope(pieces: [GainPiece(start: .zero, end: .seconds(1), from: .zero, to: .one)])
let inputs = try (0..<3).map { _ in MixerInput(samples: AudioBuffer(sampleRate: 48_000, samples: [samples, samples]),
                                               envelope: ramp, gain: try Rational(1, 2)) }
let mixTime = clock.measure { for _ in 0..<20 { _ = AudioMixer(sampleRate: 48_000, channels: 2).mix(inputs, start: 0, count: 48_000) } }
print("mixer, 3 stereo inputs, 1 s at 48 kHz: \(String(format: "%.3f", milliseconds(mixTime) / 20)) ms")
