import Foundation
import ReelMedia
import ReelModel
import ReelRender

/// Per-frame cost of layer transforms, masks and a dissolve at 1080p against passthrough:
/// `bench-layers [frames] [preset] [case]`. Each case composites `frames` frames (cycling through 8 textured
/// sources) and encodes them with VideoPartWriter (crf 23), so "with encode" is a segment's video cost
/// minus decoding. (A real overlay also decodes a second source; that cost is the decoder's, not
/// measured here.) ReelRender is built -O in every configuration, so a debug build measures the kernels.
///
/// CPU as well as wall (issue 23 §2): the compositing thread's own CPU time (CLOCK_THREAD_CPUTIME_ID around each
/// composite) and the encoder's (the process's CPU over the case, less the compositing), per frame, and their
/// ratio, the share. Run it on one core (`taskset -c 0 bench-layers 90`) so that x264's threads and the compositor
/// cannot hide behind each other: the wall figures then add up as a one-core farm worker pays them.
let args = CommandLine.arguments
let count = args.count > 1 ? Int(args[1])! : 120
let preset = args.count > 2 ? args[2] : "veryfast"
/// A third argument keeps only the cases whose name contains it (and passthrough, the reference).
let only = args.count > 3 ? args[3] : nil
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

func transition(_ kind: TransitionKind, _ i: Int) -> CompositorLayer<PlanarFrame> {
    .transition(kind: kind, outgoing: sources[i % 8], incoming: sources[(i + 5) % 8],
                progress: try! Rational(Int64(i % 30) + 1, 32))
}

let titles = TitleRenderer()
let title = Title(text: "Reel render farm", size: 96, position: Point(x: try Rational(1, 2), y: try Rational(4, 5)),
                  timeRange: try TimeRange(start: .zero, duration: .seconds(100)))

/// Each case draws frame `i` into the frame it is given.
let cases: [(String, (Int, inout PlanarFrame) -> Void)] = [
    ("passthrough", { Compositor.composite([.frame(sources[$0 % 8])], into: &$1) }),
    ("dissolve", { Compositor.composite([transition(.dissolve, $0)], into: &$1) }),
    ("push", { Compositor.composite([transition(.push, $0)], into: &$1) }),
    ("wipe", { Compositor.composite([transition(.wipe, $0)], into: &$1) }),
    ("a 96 px title over the picture", { i, frame in
        Compositor.composite([.frame(sources[i % 8])], into: &frame)
        try! titles.draw(title, at: .seconds(Int64(1 + i % 50)), onto: &frame)
    }),
    ("one transformed overlay (PiP 0.3, turned)", { Compositor.composite([.frame(sources[$0 % 8]), pip($0)], into: &$1) }),
    ("one circle-masked overlay", { Compositor.composite([.frame(sources[$0 % 8]), pip($0, mask: circle)], into: &$1) }),
    ("full-frame transform (scale 1.1, 2°)", { Compositor.composite([kenBurns($0)], into: &$1) }),
]

func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }

/// CPU seconds of this thread, and of the whole process.
func cpu(_ clock: clockid_t) -> Double {
    var t = timespec()
    clock_gettime(clock, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

let settings = OutputSettings(width: width, height: height, frameRate: try FrameRate(30, 1),
                              video: VideoCodecSettings(rateControl: .crf(23), preset: preset))
/// The cores this process may run on (its affinity, as `taskset` set it), from /proc/self/status.
let cores: Int = {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") }) else { return 0 }
    return line.dropFirst("Cpus_allowed_list:".count).split(separator: ",").reduce(0) { n, range in
        let ends = range.trimmingCharacters(in: .whitespaces).split(separator: "-").compactMap { Int($0) }
        return n + (ends.count == 2 ? ends[1] - ends[0] + 1 : 1)
    }
}()
print("bench-layers: \(count) frames of 1920x1080, x264 \(preset) crf 23; on \(cores) core(s)\(cores == 1 ? "" : " (taskset -c 0 for the one-core figures)")")
print("| case | composite ms/frame (wall) | composite CPU ms/frame | encoder CPU ms/frame | share (composite / encoder CPU) | with encode ms/frame (wall) | vs passthrough |")
print("|---|---|---|---|---|---|---|")
var base: Double? = nil
for (name, layers) in cases where only.map({ name == "passthrough" || name.contains($0) }) ?? true {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-layers-\(getpid()).mp4").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    var frame = PlanarFrame(width: width, height: height)
    let clock = ContinuousClock()
    var composite = Duration.zero
    var compositeCPU = 0.0
    let start = clock.now, processStart = cpu(CLOCK_PROCESS_CPUTIME_ID)
    let writer = try VideoPartWriter(path: path, settings: settings)
    for i in 0..<count {
        let t0 = clock.now, c0 = cpu(CLOCK_THREAD_CPUTIME_ID)
        layers(i, &frame)
        compositeCPU += cpu(CLOCK_THREAD_CPUTIME_ID) - c0
        composite += clock.now - t0
        try writer.append(frame)
    }
    try writer.finish()
    let processCPU = cpu(CLOCK_PROCESS_CPUTIME_ID) - processStart
    let n = Double(count)
    let total = seconds(clock.now - start) / n * 1000, comp = seconds(composite) / n * 1000
    let compCPU = compositeCPU / n * 1000, encCPU = (processCPU - compositeCPU) / n * 1000
    if base == nil { base = total }
    print(String(format: "| %@ | %.2f | %.2f | %.2f | %.3f | %.2f | %.2f× |", name, comp, compCPU, encCPU,
                 compCPU / encCPU, total, total / base!))
}
