// libFuzzer target: .otio bytes → OTIOImporter.load (lenient JSON, decoding, flattening, building).
// Built and run by scripts/fuzz.sh (see docs/fuzzing.md); not part of any SwiftPM target.
import ReelModel
import ReelOTIO

/// Answers for any path, so mutated timelines reach the builder: `.wav`/`.m4a`/`.aif` are 8 s of
/// audio, anything else 8 s of 24 fps 1920x1080 video with audio. Paths containing "missing" fail.
struct AnyPathProber: MediaProber {
    struct Missing: Error, CustomStringConvertible { var description: String { "No such file or directory" } }

    /// Title files: "missing" ones fail, like media.
    func check(_ file: TitleFile) throws -> String {
        switch file {
        case .image(let path), .font(let path):
            if path.contains("missing") { throw Missing() }
            return path
        }
    }

    func probe(path: String) throws -> MediaFacts {
        if path.contains("missing") { throw Missing() }
        let d = RationalTime.seconds(8)
        let lower = path.lowercased()
        let audioOnly = lower.hasSuffix(".wav") || lower.hasSuffix(".m4a") || lower.hasSuffix(".aif")
        let v = audioOnly ? nil : MediaFacts.Video(codec: "h264", width: 1920, height: 1080,
                                                   frameRate: try! FrameRate(24, 1), duration: d)
        let a = MediaFacts.Audio(codec: "aac", sampleRate: 48000, channels: 2, duration: d)
        return MediaFacts(path: path, duration: d, video: v, audio: a, fileSize: 1000, modificationTime: 1)
    }
}

let strict = OTIOImportOptions(mediaRoots: ["/m"], fileExists: { !$0.contains("offline") })
let slates = OTIOImportOptions(mediaRoots: ["/m"], offlineSlates: true, fileExists: { !$0.contains("offline") })

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    for options in [strict, slates] {
        _ = try? OTIOImporter.load(data: bytes, baseDirectory: "/project", options: options, prober: AnyPathProber())
    }
    return 0
}
