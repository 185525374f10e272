import Foundation

/// Farm wall-time simulator: `bench-sim [--option value …]`, e.g. `swift run -c release bench-sim
/// --render-per-second 1.9 --segment-overhead 0.6 --stitch-speed 50`. Every table has today's stitch and the
/// rolling stitch side by side, on the same simulated render phase. Options (defaults in brackets):
///   --output-seconds LIST [600,3600]  lengths of the output (one pair of tables each)
///   --segment-seconds S [10]      segment length for the fixed-segment table
///   --render-per-second X [1.0]   render seconds per output second, one worker
///   --segment-overhead S [0.5]    fixed render cost per segment (encoder/decoder start, pre-roll)
///   --jitter CV [0.3]             spread of the render cost
///   --claim-ms, --complete-ms, --heartbeat-ms M [0.16]  queue server time per request (1/6200 s)
///   --heartbeat-interval S [5]    --round-trip-ms M [1]
///   --stitch-speed X [50]         the stitch's AAC encode, × real-time (per thread)
///   --audio-threads T [1]         the stitch's audio in parallel 20.48 s chunks on T threads (--stitch-audio-threads)
///   --copy-per-hour S [1]         the stitch's video packet copy, seconds per hour of output
///   --finish-seconds S [1]        after the last packet: trailer, fsync, rename, commit
///   --worker-start S [1.4]         submit → a worker's first claim (probing the assets)
///   --workers LIST [1,2,4,…,128]  --segments-per-worker K [2] (adaptive table: segment = output/(K·W), ≥ 1 frame)
///   --costs FILE [--costs-filter TEXT] [--fps F (30)]: fit render-per-second, segment-overhead and jitter
///                                 to measured segments (lines ending "frames<TAB>seconds": bench/results/segments.tsv)
var model = FarmModel()
var workerCounts = [1, 2, 4, 8, 16, 32, 64, 128]
var outputs = [600.0, 3600.0]
var perWorker = 2.0
var costs: String? = nil, costsFilter: String? = nil, fps = 30.0
var arguments = Array(CommandLine.arguments.dropFirst())
while arguments.count >= 2 {
    let name = arguments.removeFirst(), value = arguments.removeFirst()
    if name == "--costs" { costs = value; continue }
    if name == "--costs-filter" { costsFilter = value; continue }
    if name == "--workers" { workerCounts = value.split(separator: ",").map { Int($0)! }; continue }
    if name == "--output-seconds" { outputs = value.split(separator: ",").map { Double($0)! }; continue }
    guard let x = Double(value) else { fatalError("\(name): not a number: \(value)") }
    switch name {
    case "--segment-seconds": model.segmentSeconds = x
    case "--render-per-second": model.renderPerSecond = x
    case "--segment-overhead": model.segmentOverhead = x
    case "--jitter": model.jitter = x
    case "--claim-ms": model.claimService = x / 1000
    case "--complete-ms": model.completeService = x / 1000
    case "--heartbeat-ms": model.heartbeatService = x / 1000
    case "--heartbeat-interval": model.heartbeatInterval = x
    case "--round-trip-ms": model.roundTrip = x / 1000
    case "--stitch-speed": model.stitchSpeed = x
    case "--audio-threads": model.audioThreads = max(1, Int(x))
    case "--copy-per-hour": model.copyPerSecond = x / 3600
    case "--finish-seconds": model.finishCost = x
    case "--worker-start": model.workerStart = x
    case "--segments-per-worker": perWorker = x
    case "--fps": fps = x
    default: fatalError("unknown option \(name)")
    }
}

if let costs {
    guard let fit = CostFit(file: costs, filter: costsFilter) else { fatalError("--costs \(costs): no \"frames<TAB>seconds\" lines") }
    model.renderPerSecond = fit.perFrame * fps
    model.segmentOverhead = fit.overhead
    model.jitter = fit.spread
    print(String(format: "fitted %d measured segments: %.3f s + %.4f s/frame (%.2f s per output second), spread %.2f",
                 fit.samples, fit.overhead, fit.perFrame, fit.perFrame * fps, fit.spread))
}
print(String(format: "model: render %.2f s per output second + %.2f s per segment (CV %.2f); queue "
             + "%.3f/%.3f/%.3f ms per claim/complete/heartbeat, heartbeat every %.0f s, round trip %.1f ms; "
             + "stitch: AAC %.0f× real-time + copy %.1f s/hour + finish %.1f s; worker start %.1f s", model.renderPerSecond,
             model.segmentOverhead, model.jitter, model.claimService * 1000, model.completeService * 1000,
             model.heartbeatService * 1000, model.heartbeatInterval, model.roundTrip * 1000, model.stitchSpeed,
             model.copyPerSecond * 3600, model.finishCost, model.workerStart))

for output in outputs {
    var base = model
    base.outputSeconds = output
    Report(title: String(format: "%.0f s output, fixed segments of %.3g s (%d segments)", output, base.segmentSeconds,
                         base.segmentCount), workers: workerCounts) { _ in base }.print()
    Report(title: String(format: "%.0f s output, adaptive segments: output / (%.0f × workers), at least one frame",
                         output, perWorker), workers: workerCounts) { w in
        var m = base
        m.segmentSeconds = max(1.0 / fps, output / (perWorker * Double(w)))
        return m
    }.print()
}
