import Foundation
import ReelMedia
import ReelModel
import ReelRender

/// Per-frame cost of layer transforms and masks at 1080p against passthrough:
/// `bench-layers [frames] [preset]`. Each case composites `frames` frames (cycling through 8 textured
/// sources) and encodes them with VideoPartWriter (crf 23), so "with encode" is a segment's video cost
/// minus decoding. (A real overlay also decodes a second source; that cost is the decoder's, not
/// measured here.) ReelRender is built -O in every configuration, so a debug build measures the kernels.
let args = CommandLine.arguments
let count = args.count > 1 ? Int(args[1])! : 120
let preset = args.count > 2 ? args[2] : "veryfast"
let (width, height) = (1920, 1080)

func makeFrame(_ i: Int) -> PlanarFrame {
    var f = PlanarFrame(width: width, height: height)
    for r in 0..<height {
        for c in 0..<width { f.y[r * width + c] = UInt8(truncatingIfNeeded: (c + 2 * i) ^ (r - i) &+ (c * r) >> 7) }
    }
    for k in 0..<f.u.count { f.u[k] = UInt8(truncatingIfNeeded: 100 + (k + i) % 50); f.v[k] = UInt8(truncatingIfNeeded: 150 - k % 40) }
    return f
}

let sources = (0..<8).map(makeFrame)
let circle = MaskPlanes(Mask(shape: .circle, feather: try Rational(4, 1)), width: width, height: height)

func pip(_ i: Int, mask: MaskPlanes? = nil) -> CompositorLayer<PlanarFrame> {
    var s = LayerState()
    s.scale = 0.3
    s.rotation = 5 + Double(i % 30) / 10
    s.position = (0.75 - Double(i % 60) / 600, 0.25)
    return .layer(LayerPicture(frame: sources[(i + 3) % 8], state: s, mask: mask))
}

func kenBurns(_ i: Int) -> CompositorLayer<PlanarFrame> {
    var s = LayerState()
    s.scale = 1.1 + Double(i) / 2000
    s.rotation = 2
    return .layer(LayerPicture(frame: sources[i % 8], state: s))
}

let cases: [(String, (Int) -> [CompositorLayer<PlanarFrame>])] = [
    ("passthrough", { [.frame(sources[$0 % 8])] }),
    ("one transformed overlay (PiP 0.3, turned)", { [.frame(sources[$0 % 8]), pip($0)] }),
    ("one circle-masked overlay", { [.frame(sources[$0 % 8]), pip($0, mask: circle)] }),
    ("full-frame transform (scale 1.1, 2°)", { [kenBurns($0)] }),
]

func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }

let settings = OutputSettings(width: width, height: height, frameRate: try FrameRate(30, 1),
                              video: VideoCodecSettings(rateControl: .crf(23), preset: preset))
var base: (Double, Double)? = nil
for (name, layers) in cases {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-layers-\(getpid()).mp4").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    var frame = PlanarFrame(width: width, height: height)
    let clock = ContinuousClock()
    var composite = Duration.zero
    let start = clock.now
    let writer = try VideoPartWriter(path: path, settings: settings)
    for i in 0..<count {
        let t0 = clock.now
        Compositor.composite(layers(i), into: &frame)
        composite += clock.now - t0
        try writer.append(frame)
    }
    try writer.finish()
    let total = seconds(clock.now - start) / Double(count) * 1000, comp = seconds(composite) / Double(count) * 1000
    if base == nil { base = (comp, total) }
    print(String(format: "%-44@ composite %6.2f ms/frame, with encode %6.2f ms/frame (%.2f× passthrough)",
                 name as NSString, comp, total, total / base!.1))
}
