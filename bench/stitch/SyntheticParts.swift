import Foundation
import ReelMedia
import ReelModel
import ReelRender

/// Pre-rendered parts for the stitch benchmark: `count` segments of `frames` frames each, H.264 encoded
/// from synthetic moving pictures with `VideoPartWriter`, plus exact float PCM parts (a sine per part).
/// Parts are written once into `directory` and reused while `parts.txt` there matches the parameters.
struct SyntheticParts {
    let directory: String
    let output: OutputSettings
    let segmentFrames: Int64
    let totalFrames: Int64

    var count: Int { Int((totalFrames + segmentFrames - 1) / segmentFrames) }
    var signature: String {
        "\(output.width)x\(output.height) \(output.frameRate) \(output.video.preset) \(output.video.rateControl) "
            + "\(segmentFrames)/\(totalFrames)\n"
    }

    /// The stitcher's view of the parts, in timeline order.
    func stitchParts() throws -> [StitchPart] {
        try (0..<count).map { i in
            let f0 = Int64(i) * segmentFrames, f1 = min(totalFrames, f0 + segmentFrames)
            return StitchPart(segmentIndex: i, startFrame: f0, frames: f1 - f0, samples: try samples(f0, f1),
                              videoPath: "\(directory)/part\(i).mp4", audioPath: "\(directory)/part\(i).wav")
        }
    }

    func samples(_ f0: Int64, _ f1: Int64) throws -> Int64 {
        try output.frameRate.sampleIndex(ofFrame: f1, sampleRate: output.audio.sampleRate)
            - output.frameRate.sampleIndex(ofFrame: f0, sampleRate: output.audio.sampleRate)
    }

    /// Writes the parts unless `parts.txt` says they exist. - Returns: seconds spent encoding (0 if reused).
    func prepare() throws -> Double {
        let stamp = "\(directory)/parts.txt"
        if (try? String(contentsOfFile: stamp, encoding: .utf8)) == signature { return 0 }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let started = ContinuousClock.now
        for part in try stitchParts() {
            try writeVideo(part)
            try writeAudio(part)
        }
        try signature.write(toFile: stamp, atomically: true, encoding: .utf8)
        return seconds(since: started)
    }

    func writeVideo(_ part: StitchPart) throws {
        let writer = try VideoPartWriter(path: part.videoPath, settings: output)
        var frame = PlanarFrame(width: output.width, height: output.height)
        for f in part.startFrame..<(part.startFrame + part.frames) {
            paint(&frame, frame: f)
            try writer.append(frame)
        }
        try writer.finish()
    }

    /// A diagonal ramp that scrolls 4 px a frame, with a band whose colour changes per part.
    func paint(_ picture: inout PlanarFrame, frame f: Int64) {
        let w = picture.width, h = picture.height, shift = Int(f * 4)
        picture.y.withUnsafeMutableBufferPointer { y in
            for r in 0..<h {
                let row = r * w
                for c in 0..<w { y[row + c] = UInt8(truncatingIfNeeded: 16 + ((c + r + shift) & 0xFF) * 219 / 255) }
            }
        }
        let tint = UInt8(truncatingIfNeeded: 64 + (f / segmentFrames) * 37 % 128)
        let cw = picture.chromaWidth
        for k in 0..<picture.u.count {
            let band = (k % cw) * 4 / cw
            picture.u[k] = band == 1 ? tint : 128
            picture.v[k] = band == 2 ? tint : 128
        }
    }

    func writeAudio(_ part: StitchPart) throws {
        let rate = output.audio.sampleRate, channels = output.audio.channels
        let writer = try PCMPartWriter(path: part.audioPath, sampleRate: rate, channels: channels)
        let first = try output.frameRate.sampleIndex(ofFrame: part.startFrame, sampleRate: rate)
        let hz = Double(220 + 20 * (part.segmentIndex % 10))
        var s: Int64 = 0
        while s < part.samples {
            let n = Int(min(Int64(rate), part.samples - s))
            let tone = (0..<n).map { i in Float(0.2 * sin(2 * Double.pi * hz * Double(first + s + Int64(i)) / Double(rate))) }
            try writer.append(AudioBuffer(sampleRate: rate, samples: Array(repeating: tone, count: channels)))
            s += Int64(n)
        }
        try writer.finish()
    }
}

func seconds(since start: ContinuousClock.Instant) -> Double {
    let d = start.duration(to: .now)
    return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
}
