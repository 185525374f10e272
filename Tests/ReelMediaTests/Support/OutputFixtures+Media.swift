import Foundation
import ReelMedia
import ReelModel

extension OutputFixtures {
    static let ntsc = try! FrameRate(30000, 1001)

    /// Output settings for the tests: tiny, 29.97 fps, a fast preset.
    static func makeSettings(width: Int = 160, height: Int = 96, rate: FrameRate = ntsc,
                             video: VideoCodecSettings.RateControl = .crf(23), preset: String = "veryfast",
                             audio: AudioCodecSettings.Codec = .aac, container: Container = .mp4) -> OutputSettings {
        OutputSettings(width: width, height: height, frameRate: rate,
                       video: VideoCodecSettings(rateControl: video, preset: preset),
                       audio: AudioCodecSettings(codec: audio, sampleRate: 48000, channels: 2),
                       container: container)
    }

    /// A frame whose content depends on `index` (moving diagonal bands, shifting chroma) and `seed`.
    static func makeFrame(_ index: Int, width: Int = 160, height: Int = 96, seed: Int = 0) -> PlanarFrame {
        var frame = PlanarFrame(width: width, height: height)
        for row in 0..<height {
            for col in 0..<width {
                let band = (col + row + index * 3 + seed * 17) & 63
                frame.y[row * width + col] = UInt8(32 + band * 3 + (row * 7 + seed) % 5)
            }
        }
        let cw = frame.chromaWidth
        for row in 0..<frame.chromaHeight {
            for col in 0..<cw {
                frame.u[row * cw + col] = UInt8(96 + (col + index + seed) % 64)
                frame.v[row * cw + col] = UInt8(96 + (row * 2 + index * 5) % 64)
            }
        }
        return frame
    }

    /// The tightly packed yuv420p bytes of `frames`, as `ffmpeg -f rawvideo -pix_fmt yuv420p` prints them.
    static func rawBytes(_ frames: [PlanarFrame]) -> Data {
        var data = Data()
        for f in frames { data.append(contentsOf: f.y); data.append(contentsOf: f.u); data.append(contentsOf: f.v) }
        return data
    }

    /// Encodes `frames` into an H.264 part at `path`.
    @discardableResult
    static func writePart(_ path: String, frames: [PlanarFrame], settings: OutputSettings) throws -> VideoPartWriter {
        let writer = try VideoPartWriter(path: path, settings: settings)
        for f in frames { try writer.append(f) }
        try writer.finish()
        return writer
    }

    /// Deterministic planar stereo audio: two sines at different pitches plus a sample-index ramp
    /// so every sample differs, starting at absolute sample `start`.
    static func makeAudio(start: Int, count: Int, rate: Int32 = 48000) -> AudioBuffer {
        var left = [Float](repeating: 0, count: count), right = left
        for i in 0..<count {
            let n = Float(start + i)
            left[i] = 0.5 * sinf(n * 2 * .pi * 440 / Float(rate)) + Float((start + i) % 97) * 1e-5
            right[i] = 0.25 * sinf(n * 2 * .pi * 660 / Float(rate)) - Float((start + i) % 89) * 1e-5
        }
        return AudioBuffer(sampleRate: rate, samples: [left, right])
    }
}
