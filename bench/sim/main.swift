import Foundation

/// Farm wall-time simulator: `bench-sim [--option value …]`, e.g. `swift run -c release bench-sim
/// --render-per-second 1.9 --segment-overhead 0.6 --stitch-speed 150`. Options (defaults in brackets):
///   --output-seconds S [600]      length of the output
///   --segment-seconds S [10]      segment length for the fixed-segment table
///   --render-per-second X [1.0]   render seconds per output second, one worker
///   --segment-overhead S [0.5]    fixed render cost per segment (encoder/decoder start, pre-roll)
///   --jitter CV [0.1]             spread of the render cost
///   --claim-ms, --complete-ms, --heartbeat-ms M [0.16]  queue server time per request (1/6200 s)
///   --heartbeat-interval S [5]    --round-trip-ms M [1]
///   --stitch-speed X [100]        stitch throughput, × real-time
///   --workers LIST [1,2,4,…,1000] --segments-per-worker K [2] (adaptive table: segment = output/(K·W), ≥ 1 frame)
///   --costs FILE [--costs-filter TEXT] [--fps F (30)]: fit render-per-second, segment-overhead and jitter
///                                 to measured segments (lines ending "frames<TAB>seconds": bench/results/segments.tsv)
var model = FarmModel()
var workerCounts = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1000]
var perWorker = 2.0
var costs: String? = nil, costsFilter: String? = nil, fps = 30.0
var arguments = Array(CommandLine.arguments.dropFirst())
while arguments.count >= 2 {
    let name = arguments.removeFirst(), value = arguments.removeFirst()
    if name == "--costs" { costs = value; continue }
    if name == "--costs-filter" { costsFilter = value; continue }
    guard let x = Double(value) ?? (name == "--workers" ? 0 : nil) else { fatalError("\(name): not a number: \(value)") }
    switch name {
    case "--output-seconds": model.outputSeconds = x
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
    case "--segments-per-worker": perWorker = x
    case "--fps": fps = x
    case "--workers": workerCounts = value.split(separator: ",").map { Int($0)! }
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
print(String(format: "model: %.0f s output; render %.2f s per output second + %.2f s per segment (CV %.2f); queue "
             + "%.3f/%.3f/%.3f ms per claim/complete/heartbeat, heartbeat every %.0f s, round trip %.1f ms; "
             + "stitch %.0f× real-time (%.1f s)", model.outputSeconds, model.renderPerSecond, model.segmentOverhead,
             model.jitter, model.claimService * 1000, model.completeService * 1000, model.heartbeatService * 1000,
             model.heartbeatInterval, model.roundTrip * 1000, model.stitchSpeed, model.outputSeconds / model.stitchSpeed))

let fixed = Report(title: String(format: "Fixed segments of %.3g s (%d segments)", model.segmentSeconds,
                                 model.segmentCount), model: model, workers: workerCounts) { _ in model }
fixed.print()
let adaptive = Report(title: String(format: "Adaptive segments: output / (%.0f × workers), at least one frame",
                                    perWorker), model: model, workers: workerCounts) { w in
    var m = model
    m.segmentSeconds = max(1.0 / 30, model.outputSeconds / (perWorker * Double(w)))
    return m
}
adaptive.print()
