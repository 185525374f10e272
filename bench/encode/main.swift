import Foundation
import ReelMedia
import ReelModel

/// Encode-speed benchmark for VideoPartWriter: `bench-encode [width] [height] [frames] [threads] [preset] [codec]
/// [raw]`. Run with `swift run -c release bench-encode 1280 720 300 4 veryfast`. `codec` is `output.video.codec`
/// with an optional profile or bit depth (`prores:hq`, `dnxhr:sq`, `hevc:10`, `h264:10`); `raw` writes the 30
/// distinct frames as yuv420p, so the ffmpeg CLI can encode the same frames (bench/encoders/run.sh).
let args = CommandLine.arguments
let width = args.count > 1 ? Int(args[1])! : 1280
let height = args.count > 2 ? Int(args[2])! : 720
let count = args.count > 3 ? Int(args[3])! : 300
let threads = args.count > 4 ? Int(args[4])! : VideoCodecSettings.defaultThreads
let preset = args.count > 5 ? args[5] : "veryfast"
let codecSpec = (args.count > 6 ? args[6] : "h264").split(separator: ":").map(String.init)
let raw = args.count > 7 ? args[7] : nil

/// Moving bands with texture, so the encoder has real work to do.
func makeFrame(_ i: Int) -> PlanarFrame {
    var f = PlanarFrame(width: width, height: height)
    for r in 0..<height {
        for c in 0..<width { f.y[r * width + c] = UInt8(truncatingIfNeeded: (c + 2 * i) ^ (r - i) &+ (c * r) >> 7) }
    }
    for k in 0..<f.u.count { f.u[k] = UInt8(truncatingIfNeeded: 100 + (k + i) % 50); f.v[k] = UInt8(truncatingIfNeeded: 150 - k % 40) }
    return f
}

let frames = (0..<30).map(makeFrame)
if let raw {
    _ = FileManager.default.createFile(atPath: raw, contents: Data(frames.flatMap { $0.y + $0.u + $0.v }))
}
var video = VideoCodecSettings(codec: VideoCodec(rawValue: codecSpec[0])!, rateControl: .crf(23), preset: preset)
if codecSpec.count > 1 {
    if let depth = Int(codecSpec[1]), codecSpec[1].count <= 2 { video.bitDepth = depth } else { video.profile = codecSpec[1] }
}
video.threads = threads
let settings = OutputSettings(width: width, height: height, frameRate: try FrameRate(30000, 1001), video: video)
let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-encode-\(getpid()).mp4").path
defer { try? FileManager.default.removeItem(atPath: path) }
let clock = ContinuousClock()
let start = clock.now
let writer = try VideoPartWriter(path: path, settings: settings)
for i in 0..<count { try writer.append(frames[i % frames.count]) }
try writer.finish()
let elapsed = clock.now - start
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
print("\(codecSpec.joined(separator: ":")) \(width)x\(height) \(preset) threads=\(threads): \(count) frames in \(String(format: "%.2f", seconds)) s"
      + " = \(String(format: "%.1f", Double(count) / seconds)) fps, \(size / 1024) KiB, \(writer.packetCount) packets")
