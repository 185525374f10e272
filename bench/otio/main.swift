import Foundation
import ReelModel
import ReelOTIO
import ReelPlan

// bench-otio: how long an OTIO timeline with 2,000 clips over 4 video tracks takes from bytes
// to a plan (parse, flatten, resolve, plan). Run with
//   swift run -c release bench-otio
// Media is answered by a StaticMediaProber (probing real files is not what is measured here).

/// One OTIO RationalTime.1 at 24 fps.
func time(_ frames: Int) -> String {
    "{\"OTIO_SCHEMA\": \"RationalTime.1\", \"rate\": 24.0, \"value\": \(frames).0}"
}

func range(_ start: Int, _ duration: Int) -> String {
    "{\"OTIO_SCHEMA\": \"TimeRange.1\", \"duration\": \(time(duration)), \"start_time\": \(time(start))}"
}

/// A track of `clips` clips of 40–80 frames on 25 files, a dissolve after every 4th clip, a gap after every 7th.
func track(_ index: Int, clips: Int) -> String {
    var children: [String] = []
    for i in 0..<clips {
        let length = 40 + (i * 37 + index * 11) % 41
        let file = (i + index * 5) % 25
        children.append("""
            {"OTIO_SCHEMA": "Clip.2", "name": "c\(index)_\(i)", "source_range": \(range(100 + i % 200, length)),
             "effects": [], "markers": [], "enabled": true, "metadata": {},
             "media_references": {"DEFAULT_MEDIA": {"OTIO_SCHEMA": "ExternalReference.1", "name": "",
               "available_range": \(range(0, 2000)), "target_url": "file:///shoot/day1/file\(file).mov"}},
             "active_media_reference_key": "DEFAULT_MEDIA"}
            """)
        if i % 7 == 6 {
            children.append("{\"OTIO_SCHEMA\": \"Gap.1\", \"name\": \"\", \"source_range\": \(range(0, 12))}")
        } else if i % 4 == 3 && i + 1 < clips {
            children.append("""
                {"OTIO_SCHEMA": "Transition.1", "name": "", "in_offset": \(time(6)), "out_offset": \(time(6)),
                 "transition_type": "SMPTE_Dissolve"}
                """)
        }
    }
    return "{\"OTIO_SCHEMA\": \"Track.1\", \"name\": \"V\(index + 1)\", \"kind\": \"Video\", \"children\": [\(children.joined(separator: ",\n"))]}"
}

let text = """
    {"OTIO_SCHEMA": "Timeline.1", "name": "bench", "global_start_time": \(time(0)),
     "tracks": {"OTIO_SCHEMA": "Stack.1", "name": "tracks", "children": [\((0..<4).map { track($0, clips: 500) }.joined(separator: ","))]}}
    """
let bytes = Array(text.utf8)
let rate = try! Rational(24)
var facts: [String: MediaFacts] = [:]
for f in 0..<25 {
    let path = "/media/file\(f).mov"
    let d = try! RationalTime(value: 2000, timescale: 24)
    facts[path] = MediaFacts(path: path, duration: d, video: .init(codec: "h264", width: 1920, height: 1080,
                                                                   frameRate: try! FrameRate(24), duration: d),
                             audio: nil, fileSize: 1, modificationTime: 1)
}
let prober = StaticMediaProber(facts)
let options = OTIOImportOptions(mediaMap: [.init(from: "/shoot/day1", to: "/media")],
                                fileExists: { prober.facts[$0] != nil })

func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18 }

var importTimes: [Double] = [], planTimes: [Double] = [], totals: [Double] = []
var summary = ""
for _ in 0..<7 {
    let clock = ContinuousClock()
    let t0 = clock.now
    let imported = try OTIOImporter.load(data: bytes, baseDirectory: "/bench", options: options, prober: prober)
    let t1 = clock.now
    let plan = try Plan(composition: imported.composition)
    let t2 = clock.now
    importTimes.append(seconds(t1 - t0)); planTimes.append(seconds(t2 - t1)); totals.append(seconds(t2 - t0))
    let clips = imported.composition.videoTracks.reduce(0) { $0 + $1.items.filter { if case .clip = $0 { true } else { false } }.count }
    summary = "\(clips) clips on \(imported.composition.videoTracks.count) video tracks, \(plan.transitions.count) transitions, "
        + "\(plan.totalFrames) frames (\(plan.duration.secondsText)), \(plan.segments.count) segments, \(bytes.count / 1024) KiB of OTIO"
}
func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
print("bench-otio: \(summary)")
print(String(format: "  parse+import: median %.1f ms, min %.1f ms", median(importTimes) * 1000, importTimes.min()! * 1000))
print(String(format: "  plan:         median %.1f ms, min %.1f ms", median(planTimes) * 1000, planTimes.min()! * 1000))
print(String(format: "  total:        median %.1f ms, min %.1f ms (target: under 1000 ms)", median(totals) * 1000, totals.min()! * 1000))
