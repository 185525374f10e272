import Foundation
import ReelMedia
import ReelModel
import ReelRender

/// `bench-stitch tail [minutes…]`: the stitch tail, rolling against one pass, in one invocation.
///
/// The 10-minute synthetic parts are reused cyclically for longer outputs (at 30 fps and 48 kHz every 10-second
/// part holds exactly 480,000 samples wherever it sits).
///
/// * **rolling**: a `RollingStitcher` is handed every part but the last (what a rolling stitcher has appended
///   by the time the last segment finishes, as long as it keeps up); the tail is the time from the last part's
///   arrival to the published file (its remux and audio, the trailer, faststart, fsync, rename). The time the
///   prefix took gives the stitcher's speed: it keeps up with a farm delivering output slower than that.
/// * **one pass**: `Stitcher.stitch` of all parts (today's stitch step after the last segment): all of it is tail.
/// * **index**: the rolling stitcher writes the index into room reserved at the front for the programme's known
///   length (`RollingStitcher(totals:)`, what the farm does); the same tail with the index moved there by the
///   `+faststart` rewrite (no totals given), and with no index at the front at all, price the rewrite.
///
/// Each case writes a fresh file; the rolling and one-pass outputs must be byte-identical.
struct TailBench {
    let parts: [StitchPart]
    let output: OutputSettings
    let directory: String

    /// The parts of a `minutes`-long output, cycling through the ten-minute set.
    func timeline(minutes: Int64) -> [StitchPart] {
        let count = Int(minutes * 6)
        return (0..<count).map { i in
            var part = parts[i % parts.count]
            part.segmentIndex = i
            part.startFrame = Int64(i) * part.frames
            return part
        }
    }

    /// Appends the prefix, then times the last part and the finish.
    /// - Parameter ahead: a loudness job's programme measured before the first part (`measureLoudnessAhead`), from
    ///   the parts' own PCM standing in for the stitch host's mix; the measurement is outside the prefix and the tail.
    func rolling(_ timeline: [StitchPart], faststart: Bool, reserve: Bool = true, ahead: Bool = false,
                 to path: String) throws -> (tail: Double, prefix: Double, bytes: Int64) {
        let stitcher = try RollingStitcher(output: output, to: path,
                                           totals: reserve ? (frames(timeline), samples(timeline)) : nil, faststart: faststart)
        if ahead {
            try stitcher.measureLoudnessAhead(segments: timeline.map(\.segmentIndex)) { index, body in
                let reader = try PCMPartReader(path: timeline[index].audioPath)
                while let buffer = try reader.read(maxFrames: 1 << 16) { try body(buffer) }
            }
        }
        let start = ContinuousClock.now
        for part in timeline.dropLast() { try stitcher.append(part) }
        let prefix = seconds(since: start)
        let arrival = ContinuousClock.now
        try stitcher.append(timeline.last!)
        let report = try stitcher.finish(totalFrames: frames(timeline), totalSamples: samples(timeline))
        return (seconds(since: arrival), prefix, report.bytes)
    }

    /// Today's stitch step: everything after the last part arrived.
    func onePass(_ timeline: [StitchPart], to path: String) throws -> (tail: Double, bytes: Int64) {
        let start = ContinuousClock.now
        let report = try Stitcher.stitch(parts: timeline, output: output, totalFrames: frames(timeline),
                                         totalSamples: samples(timeline), to: path)
        return (seconds(since: start), report.bytes)
    }

    func run(minutes: Int64) throws {
        let timeline = timeline(minutes: minutes)
        let paths = ["rolling", "onepass", "rewrite", "nofaststart"].map { "\(directory)/tail-\(minutes)m-\($0).mp4" }
        paths.forEach { try? FileManager.default.removeItem(atPath: $0) }
        let onePass = try self.onePass(timeline, to: paths[1])
        let rolling = try self.rolling(timeline, faststart: true, to: paths[0])
        let same = FileManager.default.contentsEqual(atPath: paths[0], andPath: paths[1])
        try? FileManager.default.removeItem(atPath: paths[1])
        let lastAlone = try appendAlone(timeline.last!)
        let rewrite = try self.rolling(timeline, faststart: true, reserve: false, to: paths[2])
        try? FileManager.default.removeItem(atPath: paths[2])
        let plain = try self.rolling(timeline, faststart: false, to: paths[3])
        let prefixDuration = Double(frames(Array(timeline.dropLast()))) / 30
        print(String(format: "| %lld min, %d parts, %.0f MB | %.2f s | **%.2f s** | %.3f | %.2f s | %.2f s | %.2f s | %.2f s | %.0f× | %@ |",
                     minutes, timeline.count, Double(rolling.bytes) / 1e6, onePass.tail, rolling.tail,
                     rolling.tail / onePass.tail, lastAlone, rewrite.tail, plain.tail, rolling.tail - plain.tail,
                     prefixDuration / rolling.prefix, same ? "identical" : "DIFFERENT"))
        paths.forEach { try? FileManager.default.removeItem(atPath: $0) }
        if !same { throw TailMismatch() }
    }

    /// What the last part alone costs: its packets and PCM through a stitcher of its own (no faststart).
    func appendAlone(_ part: StitchPart) throws -> Double {
        var alone = part
        alone.startFrame = 0
        alone.segmentIndex = 0
        let path = "\(directory)/tail-alone.mp4"
        let start = ContinuousClock.now
        let stitcher = try RollingStitcher(output: output, to: path, faststart: false)
        try stitcher.append(alone)
        _ = try stitcher.finish(totalFrames: alone.frames, totalSamples: alone.samples)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return seconds(since: start)
    }

    func frames(_ t: [StitchPart]) -> Int64 { t.reduce(0) { $0 + $1.frames } }
    func samples(_ t: [StitchPart]) -> Int64 { t.reduce(0) { $0 + $1.samples } }
}

/// The rolling stitch wrote other bytes than the one-pass stitch of the same parts.
struct TailMismatch: Error, CustomStringConvertible {
    var description: String { "the rolling stitch differs from the one-pass stitch" }
}
