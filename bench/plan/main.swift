import Foundation
import ReelModel
import ReelPlan

// bench-plan: how long planning takes for long compositions. Run with
//   swift run -c release bench-plan
// Prints min and median wall time per case, segments per second, and a reference operation
// (building as many Strings as the composition has clips) timed in the same run.

func t(_ v: Int64, _ ts: Int32) -> RationalTime { try! RationalTime(value: v, timescale: ts) }

let assets = Dictionary(uniqueKeysWithValues: (0..<20).map { ("s\($0)", Asset(id: "s\($0)", path: "/media/s\($0).mp4")) }
    + [("music", Asset(id: "music", path: "/media/music.wav"))])

/// One track of `clips` clips lasting about `seconds`, with a dissolve (push, wipe) between every pair,
/// or every `gapEvery`-th pair a half-clip gap instead.
func makeTrack(clips: Int, seconds: Int64, transitions: Bool, gapEvery: Int = 0, seed: Int) -> Track {
    // Timeline per clip in 1/30000 s units; lengths vary by ±25 % so anchors are not uniform.
    let mean = seconds * 30000 / Int64(clips)
    var items: [TrackItem] = []
    for i in 0..<clips {
        let jitter = Int64((i * 7919 + seed * 104729) % 1001) - 500
        let length = t(mean + mean * jitter / 2000, 30000)
        items.append(.clip(Clip(asset: "s\((i + seed) % 20)",
                                sourceRange: try! TimeRange(start: t(Int64(10 + i % 50), 1), duration: length),
                                origin: "videos[\(i)]")))
        if gapEvery > 0 && i % gapEvery == gapEvery - 1 && i + 1 < clips {
            items.append(.gap(t(mean / 2, 30000)))
        } else if transitions && i + 1 < clips {
            let kind: TransitionKind = [.dissolve, .push, .wipe][i % 3]
            items.append(.transition(Transition(kind: kind, inOffset: .zero, outOffset: t(15, 30),
                                                origin: "transitions[\(i)]")))
        }
    }
    return Track(kind: .video, items: items)
}

func music(seconds: Int64) -> AudioItem {
    let ramps = (0..<60).map { k in
        VolumeRamp(from: try! Rational(1), to: try! Rational(1, 4),
                   timeRange: try! TimeRange(start: t(Int64(k) * seconds / 60, 1), duration: t(2, 1)))
    }
    return AudioItem(role: .music, asset: "music", sourceRange: try! TimeRange(start: .zero, duration: t(180, 1)),
                     at: .zero, loop: true, volume: try! Rational(1, 2), automation: ramps)
}

let output = OutputSettings(width: 1920, height: 1080, frameRate: try! FrameRate(30000, 1001))
let singleTrack = Composition(assets: assets, videoTracks: [makeTrack(clips: 5000, seconds: 3 * 3600, transitions: true, seed: 0)],
                              audioItems: [music(seconds: 3 * 3600)], output: output)
let fourTracks = Composition(assets: assets, videoTracks: (0..<4).map {
    makeTrack(clips: 500, seconds: 3600, transitions: true, gapEvery: $0 == 0 ? 0 : 5, seed: $0)
}, audioItems: [music(seconds: 3600)], output: output)

func measure(_ runs: Int, _ body: () throws -> Void) rethrows -> (min: Double, median: Double) {
    var times: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    times.sort()
    return (times[0], times[times.count / 2])
}

func reference(count: Int) -> (min: Double, median: Double) {
    measure(7) {
        var strings: [String] = []
        strings.reserveCapacity(count)
        for i in 0..<count { strings.append("clip \(i) of \(count)") }
        precondition(strings.count == count)
    }
}

func report(_ name: String, _ comp: Composition, clips: Int) throws {
    var plan: Plan? = nil
    let time = try measure(7) { plan = try Plan(composition: comp) }
    let p = plan!
    let ref = reference(count: clips)
    let ms = { (x: Double) in String(Int((x * 100).rounded())).paddedMs }
    print("\(name): \(p.clips.count) clips, \(p.transitions.count) transitions, \(p.instructions.count) instructions, "
        + "\(p.segments.count) segments, \(p.totalFrames) frames")
    print("  plan       min \(ms(time.min)) ms   median \(ms(time.median)) ms   "
        + "\(Int(Double(p.segments.count) / (time.median / 1000))) segments/s")
    print("  reference  min \(ms(ref.min)) ms   median \(ms(ref.median)) ms   (\(clips) Strings)   "
        + "ratio plan/reference \(Int((time.median / ref.median).rounded()))x")
}

extension String {
    /// "12345" (hundredths) → "123.45".
    var paddedMs: String {
        let padded = String(repeating: "0", count: max(0, 3 - count)) + self
        return "\(padded.dropLast(2)).\(padded.suffix(2))"
    }
}

do {
    try report("3 h, 1 track, 5000 clips, 4999 transitions", singleTrack, clips: 5000)
    try report("1 h, 4 tracks, 2000 clips with gaps and transitions", fourTracks, clips: 2000)
} catch {
    print("bench-plan failed: \(error)")
}
