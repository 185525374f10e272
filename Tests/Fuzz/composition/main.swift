// libFuzzer target: composition JSON → JSONParser (strict and lenient) → CompositionLoader.validate.
// Built and run by scripts/fuzz.sh (see docs/fuzzing.md); not part of any SwiftPM target.
import ReelModel

/// Fixed probe results for the assets the seeds name (ReelModelTests' table, the README, docs and
/// demo examples), resolved against `/media`; any other path is "No such file or directory".
let prober: StaticMediaProber = {
    func facts(_ path: String, seconds: Int64, video: (Int, Int, Int)?, audio: Bool) -> MediaFacts {
        let d = RationalTime.seconds(seconds)
        let v = video.map {
            MediaFacts.Video(codec: "h264", width: $0.0, height: $0.1, rotation: $0.2,
                             frameRate: try! FrameRate(30000, 1001), duration: d)
        }
        let a = audio ? MediaFacts.Audio(codec: "aac", sampleRate: 48000, channels: 2, duration: d) : nil
        return MediaFacts(path: path, duration: d, video: v, audio: a, fileSize: 1000, modificationTime: 1)
    }
    let hd = (1920, 1080, 0), sd = (1280, 720, 0), turned = (1920, 1080, 90)
    var table: [(String, Int64, (Int, Int, Int)?, Bool)] = [
        ("a.mp4", 10, hd, true), ("b.mp4", 6, sd, true), ("silent.mp4", 8, (640, 480, 0), false),
        ("vo.wav", 8, nil, true), ("song.m4a", 60, nil, true), ("portrait.mov", 5, turned, true),
        ("media/a.mp4", 10, hd, true), ("media/b.mov", 12, turned, true), ("media/vo.wav", 8, nil, true),
        ("media/song.wav", 60, nil, true), ("media/beach.mov", 20, (1440, 1080, 0), true),
        ("media/city.mp4", 20, hd, true), ("media/intro.mp4", 10, sd, false),
        ("media/narration.wav", 30, nil, true), ("media/song.m4a", 90, nil, true),
        ("media/music.wav", 60, nil, true), ("media/voiceover.wav", 8, nil, true),
    ]
    table += (1...6).map { ("media/clip\($0).mp4", 10, $0 == 6 ? (640, 480, 0) : sd, true) }
    var byPath: [String: MediaFacts] = [:]
    for (name, seconds, video, audio) in table {
        byPath["/media/" + name] = facts("/media/" + name, seconds: seconds, video: video, audio: audio)
    }
    return StaticMediaProber(byPath)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? JSONParser.parse(bytes)
    _ = try? JSONParser.parse(bytes, lenient: true)
    _ = CompositionLoader.validate(data: bytes, baseDirectory: "/media", prober: prober)
    return 0
}
