import Synchronization
@testable import ReelModel

/// A prober that returns fixed facts by path and counts how often each path was probed.
final class FakeProber: MediaProber {
    struct Missing: Error, CustomStringConvertible {
        var description: String { "No such file or directory" }
    }

    let media: [String: MediaFacts]
    /// Facts for paths not in `media`: audio-only for .wav/.m4a, else 60 s of 1080p video with audio.
    let generic: Bool
    private let calls = Mutex<[String: Int]>([:])

    init(_ media: [String: MediaFacts] = Fixtures.media, generic: Bool = false) {
        self.media = media
        self.generic = generic
    }

    func probe(path: String) throws -> MediaFacts {
        calls.withLock { $0[path, default: 0] += 1 }
        if let facts = media[path] { return facts }
        guard generic else { throw Missing() }
        let audioOnly = path.hasSuffix(".wav") || path.hasSuffix(".m4a")
        return Fixtures.makeFacts(path, seconds: 60, video: audioOnly ? nil : (1920, 1080, 0), audio: true)
    }

    var probeCounts: [String: Int] { calls.withLock { $0 } }

    /// Title files named "missing…" fail; the rest are accepted (no files exist behind the fixtures).
    func check(_ file: TitleFile) throws -> String {
        switch file {
        case .image(let path), .font(let path):
            if path.contains("missing") { throw Missing() }
            return path + "|1000|1"
        }
    }
}

enum Fixtures {
    static let base = "/media"

    /// a: 10 s 1080p with audio; b: 6 s 720p with audio; silent: 8 s video only; vo: 8 s audio only;
    /// song: 60 s audio only; portrait: 1920x1080 rotated 90° (shows as 1080x1920).
    static let media: [String: MediaFacts] = [
        "/media/a.mp4": makeFacts("/media/a.mp4", seconds: 10, video: (1920, 1080, 0), audio: true),
        "/media/b.mp4": makeFacts("/media/b.mp4", seconds: 6, video: (1280, 720, 0), audio: true),
        "/media/silent.mp4": makeFacts("/media/silent.mp4", seconds: 8, video: (640, 480, 0), audio: false),
        "/media/vo.wav": makeFacts("/media/vo.wav", seconds: 8, video: nil, audio: true),
        "/media/song.m4a": makeFacts("/media/song.m4a", seconds: 60, video: nil, audio: true),
        "/media/portrait.mov": makeFacts("/media/portrait.mov", seconds: 5, video: (1920, 1080, 90), audio: true),
    ]

    static func makeFacts(_ path: String, seconds: Int64, video: (Int, Int, Int)?, audio: Bool) -> MediaFacts {
        let d = RationalTime.seconds(seconds)
        let v = video.map {
            MediaFacts.Video(codec: "h264", width: $0.0, height: $0.1, rotation: $0.2,
                             frameRate: try! FrameRate(30000, 1001), duration: d)
        }
        let a = audio ? MediaFacts.Audio(codec: "aac", sampleRate: 48000, channels: 2, duration: d) : nil
        return MediaFacts(path: path, duration: d, video: v, audio: a, fileSize: 1000, modificationTime: 1)
    }

    /// A composition with the standard assets and the given body (which must include "videos").
    static func composition(_ body: String) -> String {
        #"{"assets": {"a": "a.mp4", "b": "b.mp4", "silent": "silent.mp4", "vo": "vo.wav", "song": "song.m4a", "#
            + #""portrait": "portrait.mov"}, "# + body + "}"
    }

    /// A video entry on asset `asset` for `[start, start + duration)`, plus extra members.
    static func video(_ asset: String, _ start: String, _ duration: String, _ extra: String = "") -> String {
        #"{"asset": "\#(asset)", "sourceRange": {"start": "\#(start)", "duration": "\#(duration)"}\#(extra.isEmpty ? "" : ", " + extra)}"#
    }

    static func load(_ json: String, prober: FakeProber = FakeProber()) throws(CompositionLoadError) -> LoadedComposition {
        try CompositionLoader.load(data: Array(json.utf8), baseDirectory: base, prober: prober)
    }

    static func diagnostics(_ json: String) -> [String] {
        CompositionLoader.validate(data: Array(json.utf8), baseDirectory: base, prober: FakeProber()).map(\.description)
    }
}

extension Composition {
    /// The clips of the first video track with their timeline start times (transitions take no time).
    func clipStarts() throws -> [(clip: Clip, start: RationalTime)] {
        var cursor = RationalTime.zero
        var result: [(Clip, RationalTime)] = []
        for item in videoTracks[0].items {
            guard case .clip(let c) = item else { continue }
            result.append((c, cursor))
            cursor = try cursor + c.timelineDuration()
        }
        return result
    }
}
