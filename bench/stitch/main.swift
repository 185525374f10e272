import Foundation
import ReelMedia
import ReelModel
import ReelRender

/// Stitch throughput: `bench-stitch [minutes] [segment-seconds] [runs] [parts-dir]`.
/// Defaults: a 10-minute 1280x720 30 fps output from 10-second parts, 3 runs, parts in
/// $BENCH_STITCH_DIR or /tmp/reel-bench-stitch (generated once: VideoPartWriter ultrafast from synthetic frames, float PCM;
/// $PART_PRESET and $BENCH_STITCH_CRF, default 23, set the parts' encoding).
/// Each run stitches all parts (stream copy + seam checks + one AAC 128k encode) into a fresh file and
/// reports wall time and × real-time, and times the AAC encode and the video packet reads alone.
/// Run with `swift run -c release bench-stitch`. `bench-stitch tail [minutes…]`: see `TailBench`;
/// `bench-stitch loudness [minutes…]`: see `TailBench.loudness`.
var args = CommandLine.arguments
let loudnessMode = args.count > 1 && args[1] == "loudness"
let tailMode = args.count > 1 && (args[1] == "tail" || loudnessMode)
var tailMinutes: [Int64] = [10, 60]
if tailMode {
    let mins = args.dropFirst(2).compactMap { Int64($0) }
    if !mins.isEmpty { tailMinutes = mins }
    args = [args[0]]
}
// The tail modes cycle through the part set: BENCH_STITCH_SET_MINUTES makes a shorter one (default 10).
let minutes = args.count > 1 ? Int64(args[1])! : ProcessInfo.processInfo.environment["BENCH_STITCH_SET_MINUTES"].flatMap { Int64($0) } ?? 10
let segmentSeconds = args.count > 2 ? Int64(args[2])! : 10
let runs = args.count > 3 ? Int(args[3])! : 3
let directory = args.count > 4 ? args[4] : ProcessInfo.processInfo.environment["BENCH_STITCH_DIR"] ?? "/tmp/reel-bench-stitch"
let preset = ProcessInfo.processInfo.environment["PART_PRESET"] ?? "ultrafast"

let rate = try FrameRate(30)
// BENCH_STITCH_CRF=1 makes near-lossless parts, many times the bytes: outputs of gigabytes for the tail's index.
let crf = ProcessInfo.processInfo.environment["BENCH_STITCH_CRF"].flatMap { Int($0) } ?? 23
let output = OutputSettings(width: 1280, height: 720, frameRate: rate,
                            video: VideoCodecSettings(rateControl: .crf(crf), preset: preset))
let totalFrames = minutes * 60 * 30
let parts = SyntheticParts(directory: directory, output: output, segmentFrames: segmentSeconds * 30,
                           totalFrames: totalFrames)
let generation = try parts.prepare()
let stitchParts = try parts.stitchParts()
let totalSamples = try rate.sampleIndex(ofFrame: totalFrames, sampleRate: output.audio.sampleRate)
let duration = Double(totalFrames) / 30
if generation > 0 {
    print(String(format: "generated %d parts (%@) in %.1f s = %.0f fps", parts.count, preset, generation,
                 Double(totalFrames) / generation))
}
let inputBytes = stitchParts.reduce(Int64(0)) { sum, p in
    sum + ((try? FileManager.default.attributesOfItem(atPath: p.videoPath)[.size] as? Int).map(Int64.init) ?? 0)
}

/// Encodes every PCM part through one AAC encoder, without muxing: the audio share of a stitch.
func aacOnly() throws -> Double {
    let started = ContinuousClock.now
    let encoder = try AudioEncoder(settings: output.audio)
    for part in stitchParts {
        let reader = try PCMPartReader(path: part.audioPath)
        while let buffer = try reader.read(maxFrames: 1 << 16) { _ = try encoder.encode(buffer) }
    }
    _ = try encoder.finish()
    return seconds(since: started)
}

/// Reads every video packet of every part (the demux side of the copy), without muxing.
func videoReadOnly() throws -> Double {
    let started = ContinuousClock.now
    for part in stitchParts {
        let reader = try PacketReader(path: part.videoPath)
        while try reader.next() != nil {}
    }
    return seconds(since: started)
}

if loudnessMode {
    print("tails in seconds from the last part's arrival to the published file, without and with a loudness target")
    print("| output | tail | with loudness, measured behind | added | measured ahead | ahead − without |")
    print("|---|---|---|---|---|---|")
    let bench = TailBench(parts: stitchParts, output: output, directory: directory)
    for m in tailMinutes { try bench.loudness(minutes: m) }
    exit(0)
}
if tailMode {
    print("tails in seconds from the last part's arrival to the published file")
    print("| output | one-pass tail | rolling tail (index in reserved room) | rolling / one-pass | last part alone "
          + "| rolling, faststart rewrite | rolling, no index at front | reserved room's cost | rolling stitcher's speed | bytes |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    let bench = TailBench(parts: stitchParts, output: output, directory: directory)
    for m in tailMinutes { try bench.run(minutes: m) }
    exit(0)
}

let target = "\(directory)/stitched.mp4"
var walls: [Double] = [], aacs: [Double] = [], reads: [Double] = []
for run in 1...runs {
    try? FileManager.default.removeItem(atPath: target)
    let started = ContinuousClock.now
    let report = try Stitcher.stitch(parts: stitchParts, output: output, totalFrames: totalFrames,
                                     totalSamples: totalSamples, to: target)
    let wall = seconds(since: started)
    let aac = try aacOnly()
    let read = try videoReadOnly()
    walls.append(wall)
    aacs.append(aac)
    reads.append(read)
    print(String(format: "run %d: stitched %lld frames, %lld samples, %d parts, %.1f MB in %.2f s = %.0f× real-time "
                 + "(alone: AAC encode %.2f s, reading the video packets %.2f s)", run, report.frames, report.samples,
                 report.parts, Double(report.bytes) / 1e6, wall, duration / wall, aac, read))
}
func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
let wall = median(walls), aac = median(aacs), read = median(reads)
var usage = rusage()
getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
print(String(format: "median: %.2f s for %.0f s of 1280x720 output = %.0f× real-time; %.3f s per part; "
             + "alone: AAC encode %.2f s (%.0f× real-time), reading %.1f MB of video packets %.2f s; max RSS %ld MB",
             wall, duration, duration / wall, wall / Double(parts.count), aac, duration / aac,
             Double(inputBytes) / 1e6, read, usage.ru_maxrss / 1024))
