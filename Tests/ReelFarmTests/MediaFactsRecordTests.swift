import Foundation
import ReelMedia
import ReelModel
import ReelRecords
import ReelTestSupport
import Testing

/// The probe facts a job stores (`RenderRequest.facts`) come back exactly as probed: every time with its own
/// value and timescale, the frame rate, the streams, the fingerprint. A record whose values no probe gives is
/// left out, so the worker probes that file instead of trusting it (issue 19 §4).
@Suite struct MediaFactsRecordTests {
    /// Every value of `facts` with each time written as `value/timescale` (`==` on times is numeric: 1/2 == 2/4).
    static func exact(_ f: MediaFacts) -> String {
        func t(_ time: RationalTime) -> String { "\(time.value)/\(time.timescale)" }
        let video = f.video.map { v in
            "\(v.codec) \(v.width)x\(v.height) r\(v.rotation) \(v.frameRate.map { "\($0.numerator)/\($0.denominator)" } ?? "-") "
                + "\(t(v.duration)) [\(v.keyframes.map(t).joined(separator: " "))] still \(v.isStill)"
        } ?? "none"
        let audio = f.audio.map { "\($0.codec) \($0.sampleRate) Hz \($0.channels) ch \(t($0.duration))" } ?? "none"
        return "\(f.path) \(t(f.duration)) video \(video) audio \(audio) \(f.fileSize) \(f.modificationTime)"
    }

    /// `facts` stored in a request, encoded, decoded and read back by path.
    static func roundTrip(_ facts: [MediaFacts]) throws -> [String: MediaFacts] {
        var request = RenderRequest(sourcePath: "/m/c.json", baseDirectory: "/m", document: "{}")
        request.facts = facts.map(MediaFactsRecord.init)
        let decoded = try RenderRequest(decoding: try request.encoded())
        #expect(decoded == request)
        return decoded.recordedFacts
    }

    static func odd() throws -> MediaFacts {
        let video = MediaFacts.Video(codec: "prores", width: 1920, height: 1080, rotation: 270,
                                     frameRate: try FrameRate(30000, 1001), duration: try RationalTime(value: 2002, timescale: 60000),
                                     keyframes: [try RationalTime(value: -512, timescale: 15360), .zero,
                                                 try RationalTime(value: Int64.max, timescale: Int32.max)], isStill: false)
        let audio = MediaFacts.Audio(codec: "pcm_s24le", sampleRate: 44100, channels: 6,
                                     duration: try RationalTime(value: 88200, timescale: 44100))
        return MediaFacts(path: "/m/\"quoted\" é/a.mov", duration: try RationalTime(value: 4, timescale: 2), video: video,
                          audio: audio, fileSize: Int64.max, modificationTime: Int64.min)
    }

    @Test("recorded facts round-trip exactly: unreduced times, rates, streams, extreme sizes and times")
    func oddFactsRoundTrip() throws {
        let still = MediaFacts(path: "/m/logo.png", duration: .zero, video: MediaFacts.Video(
            codec: "png", width: 32, height: 16, frameRate: nil, duration: .zero, isStill: true), audio: nil,
                               fileSize: 0, modificationTime: 0)
        let odd = try Self.odd()
        let back = try Self.roundTrip([odd, still])
        #expect(back.keys.sorted() == [odd.path, still.path].sorted())
        #expect(back[odd.path].map(Self.exact) == Self.exact(odd))
        #expect(back[still.path].map(Self.exact) == Self.exact(still))
        #expect(back[odd.path] == odd)
    }

    @Test("a real probe round-trips exactly, all but the opened file's device and inode")
    func probedFactsRoundTrip() throws {
        let dir = try TempDir("facts-record")
        defer { dir.remove() }
        let path = dir("a.mp4").path
        _ = try TestProcess.ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=160x90:r=30000/1001:d=2", "-f", "lavfi", "-i", "sine=d=2",
                                   "-c:v", "libx264", "-preset", "ultrafast", "-g", "12", "-pix_fmt", "yuv420p", "-c:a", "aac",
                                   "-ac", "2", "-shortest", path])
        var probed = try MediaProbe.probe(path: path)
        #expect(probed.fileID != nil && probed.video?.keyframes.count ?? 0 > 1)
        let back = try #require(try Self.roundTrip([probed])[path])
        #expect(back.fileID == nil)
        probed.fileID = nil
        #expect(Self.exact(back) == Self.exact(probed))
        #expect(back == probed)
    }

    @Test("colour facts round-trip exactly: tags, the description used, bit depth, HDR metadata and Dolby Vision")
    func colorFactsRoundTrip() throws {
        let display = HDRMetadata.MasteringDisplay(primaries: [0.68, 0.32, 0.265, 0.69, 0.15, 0.06, 0.3127, 0.329],
                                                   minLuminance: 0.0001, maxLuminance: 1000)
        let video = MediaFacts.Video(codec: "hevc", width: 3840, height: 2160, frameRate: try FrameRate(30), duration: .seconds(1),
                                     pixelFormat: "yuv420p10le", bitDepth: 10, colorTags: ColorTags(range: "tv", transfer: "log100"),
                                     color: .hlg, hdr: HDRMetadata(masteringDisplay: display, maxCLL: 1000, maxFALL: 400),
                                     dolbyVision: DolbyVision(profile: 8, level: 9, compatibilityID: 4))
        let facts = MediaFacts(path: "/m/hdr.mov", duration: .seconds(1), video: video, audio: nil, fileSize: 9,
                               modificationTime: 3)
        #expect(try Self.roundTrip([facts])["/m/hdr.mov"] == facts)
    }

    @Test("a record with a value no probe gives is left out, and the file is probed instead", arguments: [
        ("a timescale of 0", #""duration":[1,0]"#),
        ("a timescale past 32 bits", #""duration":[1,4294967296]"#),
        ("a time that is not a pair", #""duration":[1]"#),
        ("a negative size", #""fileSize":-1"#),
    ])
    func implausibleRecordsAreLeftOut(_ name: String, _ field: String) throws {
        let good = #"{"duration":[1,1],"fileSize":10,"modificationTime":5,"path":"\/m\/a.mp4"}"#
        let bad = good.replacingOccurrences(of: field.hasPrefix(#""duration""#) ? #""duration":[1,1]"# : #""fileSize":10"#,
                                            with: field)
        let stored = #"{"baseDirectory":"\/m","document":"{}","facts":[\#(bad)],"lossless":false,"#
            + #""rendererVersion":"reel-render-2","sourcePath":"c.json"}"#
        let request = try RenderRequest(decoding: stored)
        #expect(request.facts?.count == 1, "\(name)")
        #expect(request.recordedFacts.isEmpty, "\(name): \(request.recordedFacts)")
        let fine = try RenderRequest(decoding: stored.replacingOccurrences(of: bad, with: good))
        #expect(fine.recordedFacts["/m/a.mp4"]?.fileSize == 10)
    }

    @Test("a stream record is kept only with values a probe gives", arguments: [
        (#""video":{"codec":"h264","color":{"bitDepth":8,"color":["bt709","limited","bt709","bt709"],"pixelFormat":"yuv420p","tags":[null,null,null,null]},"duration":[1,1],"frameRate":[25,1],"height":9,"isStill":false,"keyframes":[[0,1]],"rotation":90,"width":16}"#, true),
        // A bit rate no probe gives (the probe records none rather than 0): probed again.
        (#""video":{"bitRate":2000000,"codec":"h264","color":{"bitDepth":8,"color":["bt709","limited","bt709","bt709"],"pixelFormat":"yuv420p","tags":[null,null,null,null]},"duration":[1,1],"frameRate":[25,1],"height":9,"isStill":false,"keyframes":[[0,1]],"rotation":90,"width":16}"#, true),
        (#""video":{"bitRate":0,"codec":"h264","color":{"bitDepth":8,"color":["bt709","limited","bt709","bt709"],"pixelFormat":"yuv420p","tags":[null,null,null,null]},"duration":[1,1],"frameRate":[25,1],"height":9,"isStill":false,"keyframes":[[0,1]],"rotation":90,"width":16}"#, false),
        // Written before Reel read colour: probed again, not taken as BT.709.
        (#""video":{"codec":"h264","duration":[1,1],"frameRate":[25,1],"height":9,"isStill":false,"keyframes":[[0,1]],"rotation":90,"width":16}"#, false),
        (#""video":{"codec":"h264","color":{"bitDepth":8,"color":["bt709","limited","rec709","bt709"],"tags":[null,null,null,null]},"duration":[1,1],"height":9,"isStill":false,"keyframes":[],"rotation":0,"width":16}"#, false),
        (#""video":{"codec":"h264","duration":[1,1],"frameRate":[0,1],"height":9,"isStill":false,"keyframes":[],"rotation":0,"width":16}"#, false),
        (#""video":{"codec":"h264","duration":[1,1],"height":9,"isStill":false,"keyframes":[[0,0]],"rotation":0,"width":16}"#, false),
        (#""video":{"codec":"h264","duration":[1,1],"height":9,"isStill":false,"keyframes":[],"rotation":45,"width":16}"#, false),
        (#""video":{"codec":"h264","duration":[1,1],"height":-9,"isStill":false,"keyframes":[],"rotation":0,"width":16}"#, false),
        (#""audio":{"channels":2,"codec":"aac","duration":[1,1],"sampleRate":48000}"#, true),
        (#""audio":{"channels":-2,"codec":"aac","duration":[1,1],"sampleRate":48000}"#, false),
    ])
    func streamRecords(_ stream: String, kept: Bool) throws {
        let stored = #"{"baseDirectory":"\/m","document":"{}","facts":[{"duration":[1,1],"fileSize":10,"#
            + #""modificationTime":5,"path":"\/m\/a.mp4",\#(stream)}],"lossless":false,"rendererVersion":"reel-render-2","#
            + #""sourcePath":"c.json"}"#
        #expect(try RenderRequest(decoding: stored).recordedFacts.isEmpty == !kept, "\(stream)")
    }
}
