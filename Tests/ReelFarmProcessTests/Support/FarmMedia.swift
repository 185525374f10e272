import Foundation
import ReelTestSupport

/// What a rendered file decodes to: one MD5 per video frame (ffmpeg's framemd5) and one MD5 of all its
/// audio as 32-bit PCM. Two files with equal fingerprints have the same frames and the same samples.
struct FarmFingerprint: Equatable, Sendable, CustomStringConvertible {
    var videoFrames: [String]
    var audio: String

    var description: String { "\(videoFrames.count) frames, audio \(audio)" }

    /// Decodes `file` with the ffmpeg CLI.
    static func of(_ file: String, logs: URL) async throws -> FarmFingerprint {
        let video = try await TestProcess.check("/usr/bin/ffmpeg", ["-nostdin", "-v", "error", "-i", file, "-map", "0:v:0",
                                                                    "-f", "framemd5", "-"], logs: logs)
        let audio = try await TestProcess.check("/usr/bin/ffmpeg", ["-nostdin", "-v", "error", "-i", file, "-map", "0:a:0",
                                                                    "-c:a", "pcm_s32le", "-f", "md5", "-"], logs: logs)
        let frames = video.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        return FarmFingerprint(videoFrames: frames, audio: audio.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// The farm tests' project: two tiny clips (160x90, 30 fps, AAC stereo) joined by a dissolve, cut into
/// 1-second segments, and the fingerprint of `reel render --lossless` of it, made once per test run.
enum FarmMedia {
    /// The composition, relative to its folder: 3 s of testsrc2, a ½ s dissolve, 2 s of SMPTE bars.
    static let composition = """
        {
          "assets": { "a": "media/a.mp4", "b": "media/b.mp4" },
          "videos": [
            { "asset": "a", "sourceRange": { "start": "0", "duration": "2.8" } },
            { "asset": "b", "sourceRange": { "start": "0", "duration": "1.8" } }
          ],
          "transitions": [ { "type": "dissolve", "duration": "1/2" } ],
          "output": {
            "width": 160, "height": 90, "frameRate": "30",
            "video": { "codec": "h264", "crf": 23, "preset": "ultrafast" },
            "audio": { "codec": "aac", "sampleRate": 48000, "channels": 2, "bitrate": 96 },
            "container": "mp4"
          }
        }
        """

    /// Frames of the composition at 30 fps: 2.8 s + 1.8 s − ½ s.
    static let frames = 123

    /// Makes the two clips in `folder` with the ffmpeg CLI.
    static func makeClips(in folder: URL, logs: URL) async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, pattern, tone, seconds) in [("a", "testsrc2", 440, 3), ("b", "smptebars", 660, 2)] {
            try await TestProcess.check("/usr/bin/ffmpeg", [
                "-nostdin", "-v", "error", "-y",
                "-f", "lavfi", "-i", "\(pattern)=s=160x90:r=30:d=\(seconds)",
                "-f", "lavfi", "-i", "sine=frequency=\(tone):sample_rate=48000:duration=\(seconds)",
                "-map", "0:v", "-map", "1:a", "-c:v", "libx264", "-preset", "ultrafast", "-g", "15",
                "-pix_fmt", "yuv420p", "-c:a", "aac", "-ac", "2", "-b:a", "64k",
                folder.appendingPathComponent("\(name).mp4").path,
            ], logs: logs)
        }
    }

    /// Writes the composition and its clips into `folder`; returns the composition's path.
    static func makeProject(in folder: URL, logs: URL) async throws -> String {
        let shared = try await FarmReference.shared.value(logs: logs)
        let media = folder.appendingPathComponent("media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        for clip in ["a.mp4", "b.mp4"] {
            try FileManager.default.copyItem(at: shared.media.appendingPathComponent(clip),
                                             to: media.appendingPathComponent(clip))
        }
        let path = folder.appendingPathComponent("comp.json").path
        try composition.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// Where the shared clips and reference render live; removed when the test process exits.
let farmReferenceRoot = FileManager.default.temporaryDirectory.appendingPathComponent("reel-farm-ref-\(getpid())").path

/// The clips and the reference render, made once and shared by every farm test.
actor FarmReference {
    static let shared = FarmReference()

    struct Value: Sendable {
        /// The folder holding a.mp4 and b.mp4.
        var media: URL
        /// `reel render --lossless --segment-seconds 1` of the composition.
        var fingerprint: FarmFingerprint
    }

    private var value: Value?
    private let root = URL(fileURLWithPath: farmReferenceRoot)

    func value(logs: URL) async throws -> Value {
        if let value { return value }
        atexit { try? FileManager.default.removeItem(atPath: farmReferenceRoot) }
        let media = root.appendingPathComponent("media")
        try await FarmMedia.makeClips(in: media, logs: logs)
        let comp = root.appendingPathComponent("comp.json").path
        try FarmMedia.composition.write(toFile: comp, atomically: true, encoding: .utf8)
        let output = root.appendingPathComponent("reference.mov").path
        try await TestProcess.check(try TestBinary.reel(), ["render", comp, "-o", output, "--lossless", "--segment-seconds", "1",
                                                            "--workers", "2", "--storage", root.appendingPathComponent("store").path],
                                    logs: logs)
        let made = Value(media: media, fingerprint: try await FarmFingerprint.of(output, logs: logs))
        value = made
        return made
    }
}
