// libFuzzer target: mutated media bytes → probe, open, seek and decode a few video frames and audio
// samples through ReelMedia's public API. Built and run by scripts/fuzz.sh (see docs/fuzzing.md).
//
// Each input is written to one fixed file per process (FFmpeg opens paths, not buffers), then
// opened. The work per input is capped: at most 6 picture requests and 4 sample requests of at most
// 4800 samples, at times inside the first second, so no well-behaved input can take long; libFuzzer's
// -timeout and -rss_limit_mb catch the rest, and those count as findings.
import Foundation
import ReelMedia
import ReelModel

let path = NSTemporaryDirectory() + "reel-fuzz-media-\(getpid()).bin"

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>) -> CInt {
    MediaLogging.configure(defaultLevel: "quiet")
    atexit { unlink(path) }
    return 0
}

/// Writes the input to the fixed path; false when the file cannot be written.
func store(_ data: UnsafePointer<UInt8>, _ size: Int) -> Bool {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var done = 0
    while done < size {
        let n = write(fd, data + done, size - done)
        guard n > 0 else { return false }
        done += n
    }
    return true
}

/// Times in 1/1000 s: forward, a repeat, a jump ahead, then backwards (forcing a seek).
let pictureTimes: [Int64] = [0, 40, 40, 400, 120, 0]
let sampleReads: [(Int64, Int)] = [(0, 4800), (250, 1024), (900, 4800), (0, 512)]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard store(data, size) else { fatalError("cannot write \(path)") }
    _ = try? FFmpegProber(scanKeyframes: true).probe(path: path)
    if let video = try? VideoFrameSource(path: path, width: 64, height: 48) {
        for ms in pictureTimes {
            guard (try? video.frame(at: try! RationalTime(value: ms, timescale: 1000))) != nil else { break }
        }
    }
    if let audio = try? AudioSampleSource(path: path, sampleRate: 48000, channels: 2) {
        for (ms, count) in sampleReads {
            guard (try? audio.samples(from: try! RationalTime(value: ms, timescale: 1000), count: count)) != nil else { break }
        }
    }
    return 0
}
