import Foundation
import ReelMedia
import ReelModel
import ReelRender

/// `bench-stitch loudness [minutes…]`: the stitch tail of one programme with and without `output.audio.loudness`
/// (−23 LUFS, −1 dBTP), in the same run, for every output audio codec (AAC, PCM s24, AC-3, E-AC-3, FLAC, Opus): a `RollingStitcher` is handed every
/// part but the last, then the last part's arrival to the published file is timed. A loudness job measures the
/// parts as they come, so its tail is the last part plus the whole programme's audio read again, corrected and
/// encoded (and trial passes where the limiter acts; the synthetic sines at −14 dBFS need none at −23 LUFS).
/// Measured ahead (what a farm's stitcher does: the programme's own mix measured while the video renders, here the
/// parts' PCM read once before the first append, timed apart as "ahead"), each part's audio is encoded as it is
/// appended and the tail is the last part's.
extension TailBench {
    func loudness(minutes: Int64) throws {
        let timeline = timeline(minutes: minutes)
        let formats: [(String, Container, AudioCodecSettings.Codec, AudioCodecSettings.SampleFormat)] = [
            ("aac, mp4", .mp4, .aac, .f32), ("pcm s24, mov", .mov, .pcm, .s24), ("ac3, mp4", .mp4, .ac3, .f32),
            ("eac3, mp4", .mp4, .eac3, .f32), ("flac, mkv", .mkv, .flac, .f32), ("opus, mkv", .mkv, .opus, .f32),
        ]
        for (name, container, codec, format) in formats {
            var plain = output
            plain.container = container
            plain.audio.codec = codec
            plain.audio.sampleFormat = format
            var loud = plain
            loud.audio.loudness = LoudnessTarget(integrated: try Rational(-23), truePeak: try Rational(-1))
            let path = "\(directory)/tail-loudness.\(container.rawValue)"
            let without = try TailBench(parts: parts, output: plain, directory: directory)
                .rolling(timeline, faststart: true, to: path)
            try? FileManager.default.removeItem(atPath: path)
            let with = try TailBench(parts: parts, output: loud, directory: directory).rolling(timeline, faststart: true, to: path)
            try? FileManager.default.removeItem(atPath: path)
            let measuring = ContinuousClock.now
            let bench = TailBench(parts: parts, output: loud, directory: directory)
            let ahead = try bench.rolling(timeline, faststart: true, ahead: true, to: path)
            let aheadTotal = seconds(since: measuring) - ahead.prefix - ahead.tail
            try? FileManager.default.removeItem(atPath: path)
            print(String(format: "| %lld min, %@ | %.2f s | %.2f s | %.2f s | %.2f s (+%.2f s ahead) | %+.2f s |", minutes, name,
                         without.tail, with.tail, with.tail - without.tail, ahead.tail, aheadTotal, ahead.tail - without.tail))
        }
    }
}
