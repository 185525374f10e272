import Foundation

/// The sources every test shares, generated once per test process with the ffmpeg CLI (never committed):
///
/// - `clipA` … `clipD`: 160x90, 30 fps, 3 s, H.264 (GOP 15) with PCM s16 stereo 48 kHz audio in MOV.
///   Pictures are slowly moving `gradients` (smooth, so 4:4:4-vs-4:2:0 chroma differences stay small);
///   audio is a sine of 330/440/550/660 Hz at −18 dBFS.
/// - `voiceOver`: 2 s, 880 Hz pulses at 0.25, WAV 48 kHz stereo.
/// - `music`: 8 s C-major chord (3 × 0.08), WAV 48 kHz stereo.
/// - `black`: 320x180, 30 fps, 3 s of video black, no audio (title measurements).
/// - `long`: 320x180, 30 fps, 10 s `testsrc2` with AAC audio (interrupt tests).
///
/// The video is tagged BT.709: these sizes are SD, which the untagged rule reads as BT.601 (and converts), and the
/// tests that share them check frames, seams and mixing against the source's own pictures, not colour.
final class SharedClips: Sendable {
    let root: URL

    var clips: [URL] { ["A", "B", "C", "D"].map { root.appendingPathComponent("clip\($0).mov") } }
    var voiceOver: URL { root.appendingPathComponent("vo.wav") }
    var music: URL { root.appendingPathComponent("music.wav") }
    var black: URL { root.appendingPathComponent("black.mov") }
    var long: URL { root.appendingPathComponent("long.mp4") }

    /// The shared set; throws the generation error in every test that needs it.
    static func shared() throws -> SharedClips { try made.get() }

    private static let made: Result<SharedClips, any Error> = Result {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("reel-e2e-media-\(getpid())")
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        sharedRootPath.withLock { $0 = root.path }
        atexit { sharedRootPath.withLock { path in if !path.isEmpty { try? FileManager.default.removeItem(atPath: path) } } }
        let media = SharedClips(root: root)
        try media.generate()
        return media
    }

    private init(root: URL) { self.root = root }

    /// x264's colour tags for every shared video: BT.709 (see above).
    static let bt709 = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"]

    private func generate() throws {
        let colours = [("0x3050a0", "0xe0c040"), ("0xa03050", "0x40e0c0"), ("0x20a040", "0xc040e0"), ("0x806020", "0x2060f0")]
        for (i, clip) in clips.enumerated() {
            try TestProcess.ffmpeg([
                "-f", "lavfi", "-i", "gradients=s=160x90:r=30:d=3:seed=\(i + 1):speed=0.03:c0=\(colours[i].0):c1=\(colours[i].1):n=2,format=yuv420p",
                "-f", "lavfi", "-i", "sine=frequency=\(330 + 110 * i):sample_rate=48000:duration=3",
                "-map", "0:v", "-map", "1:a", "-c:v", "libx264", "-preset", "ultrafast", "-qp", "10", "-g", "15",
                "-pix_fmt", "yuv420p", "-c:a", "pcm_s16le", "-ac", "2", "-t", "3"] + Self.bt709 + [clip.path])
        }
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", "aevalsrc=exprs='0.25*sin(2*PI*880*t)*lt(mod(t\\,0.5)\\,0.3)':s=48000:d=2:c=stereo",
                                "-c:a", "pcm_s16le", voiceOver.path])
        try TestProcess.ffmpeg(["-f", "lavfi", "-i",
                                "aevalsrc=exprs='0.08*sin(2*PI*261.63*t)+0.08*sin(2*PI*329.63*t)+0.08*sin(2*PI*392*t)':s=48000:d=8:c=stereo",
                                "-c:a", "pcm_s16le", music.path])
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", "color=c=black:s=320x180:r=30:d=3,format=yuv420p",
                                "-c:v", "libx264", "-preset", "ultrafast", "-g", "15", "-pix_fmt", "yuv420p"] + Self.bt709 + [black.path])
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=320x180:r=30:d=10,format=yuv420p",
                                "-f", "lavfi", "-i", "sine=frequency=500:sample_rate=48000:duration=10",
                                "-map", "0:v", "-map", "1:a", "-c:v", "libx264", "-preset", "ultrafast", "-g", "30",
                                "-pix_fmt", "yuv420p", "-c:a", "aac", "-ac", "2", "-t", "10"] + Self.bt709 + [long.path])
    }
}

import ReelTestSupport
import Synchronization

/// Where the shared media lives, for the exit-time cleanup (a C callback cannot capture).
let sharedRootPath = Mutex<String>("")
