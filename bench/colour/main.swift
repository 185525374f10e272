import Foundation
import ReelMedia
import ReelModel
import ReelRender

/// Per-frame cost of the colour engine at 1920x1080 on one core: each `ColorTransform` Reel builds and the
/// 16 → 8-bit dither, `bench-colour [frames]`. Release build only (bench/README.md); never timed in tests.
let frames = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1])! : 30
let width = 1920, height = 1080

/// A camera-like 16-bit picture: a luma ramp with chroma swinging across the frame, different per frame.
func picture(_ n: Int) -> DeepFrame {
    var f = DeepFrame(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            let i = y * width + x
            f.y[i] = UInt16(4096 + (x * 56064) / width)
            f.u[i] = UInt16(32768 + Int(12000 * sin(Double(x + n * 7) / 97 + Double(y) / 53)))
            f.v[i] = UInt16(32768 + Int(12000 * cos(Double(y + n * 3) / 71 - Double(x) / 131)))
        }
    }
    return f
}

func milliseconds(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) / 1e15
}

/// This thread's CPU time in ms: on a shared machine wall time counts other programs' turns too.
func cpuMilliseconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
}

/// Wall and CPU milliseconds per frame of `body` run `frames` times.
func measure(_ body: () -> Void) -> (wall: Double, cpu: Double) {
    let cpu = cpuMilliseconds()
    let wall = clock.measure(body)
    return (milliseconds(wall) / Double(frames), (cpuMilliseconds() - cpu) / Double(frames))
}

let inputs = (0..<4).map(picture)
let clock = ContinuousClock()
let p3 = ColorDescription(matrix: .bt709, primaries: .displayP3, transfer: .bt709)
let sd = ColorDescription(matrix: .bt601, primaries: .bt709, transfer: .bt709)
let cases: [(String, ColorDescription, ColorDescription)] = [
    ("HLG → SDR (tone map)", .hlg, .bt709), ("PQ → SDR (tone map)", .pq, .bt709), ("SDR → HLG", .bt709, .hlg),
    ("SDR → PQ", .bt709, .pq), ("HLG → PQ", .hlg, .pq), ("Display P3 → BT.709", p3, .bt709),
    ("BT.601 → BT.709 (matrix only)", sd, .bt709),
]
print("1920x1080, \(frames) frames per case, one thread")
for (name, source, output) in cases {
    let build = clock.now
    guard let t = ColorTransform.between(source, and: output) else { fatalError("\(name): no transform") }
    let built = milliseconds(clock.now - build)
    var out = DeepFrame(width: width, height: height)
    var checksum = 0
    let elapsed = measure {
        for n in 0..<frames {
            t.apply(inputs[n % inputs.count], into: &out)
            checksum &+= Int(out.y[n * 997 % out.y.count])
        }
    }
    // Every sample of the last frame, so that a faster kernel can be checked for the same bits.
    for plane in [out.y, out.u, out.v] { for s in plane { checksum = checksum &* 31 &+ Int(s) } }
    print(String(format: "%-30@ %7.2f ms/frame wall, %7.2f ms CPU (tables built in %.1f ms) [%d]", name as NSString,
                 elapsed.wall, elapsed.cpu, built, checksum))
}
let q = Quantizer(bits: 8)
var checksum = 0
let elapsed = measure {
    for n in 0..<frames {
        let f = inputs[n % inputs.count]
        for (p, plane) in [f.y, f.u, f.v].enumerated() {
            let out = q.quantize8(plane, width: width, height: height, plane: p, programmeFrame: Int64(n))
            checksum &+= Int(out[n * 997 % out.count])
        }
    }
}
print(String(format: "%-30@ %7.2f ms/frame wall, %7.2f ms CPU (3 planes 4:4:4) [%d]", "dither 16 → 8 bits" as NSString,
             elapsed.wall, elapsed.cpu, checksum))
