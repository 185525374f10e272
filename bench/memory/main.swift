import Foundation
import ReelMedia
import ReelModel

/// Leak check for the per-segment objects: `bench-memory CLIP.mp4 [iterations] [width] [height]`.
/// Opens, uses and drops each object `iterations` times and prints the resident set after every
/// tenth of them. A flat line means nothing survives its segment; a slope is a leak per open.
///   video   VideoFrameSource: open, 30 frames from 0.5 s, close
///   encode  VideoPartWriter: open, 8 frames, finish (the render size)
///   audio   AudioSampleSource: open, 1 s from 0.5 s, close
/// Run with `swift run -c release bench-memory /tmp/bench_media/short/clip01.mp4 200 1920 1080`.
let args = CommandLine.arguments
guard args.count > 1 else { print("usage: bench-memory CLIP.mp4 [iterations] [width] [height]"); exit(2) }
let clip = args[1]
let iterations = args.count > 2 ? Int(args[2])! : 200
let width = args.count > 3 ? Int(args[3])! : 1920
let height = args.count > 4 ? Int(args[4])! : 1080

func residentMB() -> Double {
    let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? "0 0"
    let pages = Double(statm.split(separator: " ")[1]) ?? 0
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

func measure(_ name: String, _ body: (Int) throws -> Void) rethrows {
    var line = "\(name):"
    for i in 0..<iterations {
        try body(i)
        if (i + 1) % max(1, iterations / 10) == 0 { line += String(format: " %.0f", residentMB()) }
    }
    print(line + " MB")
}

let half = try RationalTime(value: 1, timescale: 2)
let settings = OutputSettings(width: width, height: height, frameRate: try FrameRate(30),
                              video: VideoCodecSettings(rateControl: .crf(23), preset: "veryfast"))
let part = FileManager.default.temporaryDirectory.appendingPathComponent("bench-memory-\(getpid()).mp4").path
defer { try? FileManager.default.removeItem(atPath: part) }
print(String(format: "start: %.0f MB; %d iterations each, %dx%d", residentMB(), iterations, width, height))
try measure("video") { _ in
    let source = try VideoFrameSource(path: clip, width: width, height: height)
    for f in 0..<30 { _ = try source.frame(at: half + (try RationalTime(value: Int64(f), timescale: 30))) }
}
try measure("encode") { i in
    let writer = try VideoPartWriter(path: part, settings: settings)
    let frame = PlanarFrame(width: width, height: height, y: UInt8(truncatingIfNeeded: 16 + i))
    for _ in 0..<8 { try writer.append(frame) }
    try writer.finish()
}
try measure("audio") { _ in
    let source = try AudioSampleSource(path: clip, sampleRate: 48000, channels: 2)
    _ = try source.samples(from: half, count: 48000)
}
