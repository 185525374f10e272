import Foundation
import ReelTestSupport

/// Hostile compositions, titles, sources and media files.
extension HostileCase {
    static let compositions: [HostileCase] = [
        row("speed of 10⁹", 1, "videos[1].speed: must be between 0.01 and 100") { _ in
            composition(videos: #"{"asset": "a", "sourceRange": {"start": 0, "duration": 2}, "speed": 1000000000}"#)
        },
        row("music loop of 1 ms", 1, "music.sourceRange: a looping item repeats its source range") { _ in
            composition(assets: #""t": "tone.wav""#,
                        extra: #""music": {"asset": "t", "sourceRange": {"start": 0, "duration": "0.001"}, "loop": true}"#)
        },
        row("volume of 10⁶", 1, "videos[1].volume: must be at most 100") { _ in
            composition(videos: #"{"asset": "a", "sourceRange": {"start": 0, "duration": 1}, "volume": 1000000}"#)
        },
        row("JSON nested 100,000 deep", 1, "nesting is deeper than") { _ in
            String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        },
        row("binary garbage instead of JSON", 1, "not valid JSON") { _ in
            String(decoding: (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }, as: UTF8.self)
        },
        row("frame rate of one million", 1, "output.frameRate: must be above 0 and at most 240") { _ in
            composition().replacingOccurrences(of: #""height": 90"#, with: #""height": 90, "frameRate": 1000000"#)
        },
        row("width of 100,000 pixels", 1, "output.width") { _ in
            composition().replacingOccurrences(of: #""width": 160"#, with: #""width": 100000"#)
        },
        HostileCase(name: "--segment-seconds of a microsecond", status: 1, message: "use a longer --segment-seconds") { bench in
            var setup = try render(bench, composition())
            setup.arguments += ["--segment-seconds", "1/1000000"]
            return setup
        },
        row("time with timescale 0", 1, "videos[1].sourceRange") { _ in
            composition(videos: #"{"asset": "a", "sourceRange": {"start": {"value": 1, "timescale": 0}, "duration": 1}}"#)
        },
        row("time of 2⁶³ − 1 seconds", 1, "videos[1].sourceRange") { _ in
            composition(videos: #"{"asset": "a", "sourceRange": {"start": 9223372036854775807, "duration": 1}}"#)
        },
    ]

    static let titles: [HostileCase] = [
        row("title at x = 9×10¹⁸", 1, "titles[0].position.x: must be between -10 and 10") { _ in
            title(#""text": "Hi", "position": {"x": "9000000000000000000", "y": "0.5"}"#)
        },
        row("200-character title at scale 5", 1, "titles[0].text: at size 48 and scale 5 the title needs about") { _ in
            title(#""text": "\#(String(repeating: "W", count: 200))", "scale": [{"time": 0, "value": 5}]"#)
        },
        row("title of 100,000 characters", 1, "titles[0].text: is 100000 characters long") { _ in
            title(#""text": "\#(String(repeating: "y", count: 100_000))""#)
        },
        row("10,001 opacity keyframes", 1, "titles[0].opacity: has 10001 keyframes") { _ in
            let keys = (0..<10_001).map { #"{"time": "\#($0)/20000", "value": 1}"# }.joined(separator: ",")
            return title(#""text": "Hi", "opacity": [\#(keys)]"#)
        },
        row("missing title image", 1, #"titles[0].image: cannot use"#) { _ in title(#""image": "gone.png""#) },
        row("title image that is not a PNG", 1, "titles[0].image: cannot use") { bench in
            _ = try bench.write("fake.png", "this is not a picture")
            return title(#""image": "fake.png""#)
        },
        row("PNG claiming 100000 × 100000 pixels", 1, "titles[0].image: cannot use") { bench in
            _ = try bench.write("huge.png", bytes: HostilePNG.claiming(width: 100_000, height: 100_000))
            return title(#""image": "huge.png""#)
        },
        row("still clip of a PNG claiming 100000 × 100000 pixels", 1, #"videos[1].asset: still image "x" has no picture"#) { bench in
            _ = try bench.write("huge-still.png", bytes: HostilePNG.claiming(width: 100_000, height: 100_000))
            return composition(assets: #""x": "huge-still.png""#, videos: #"{"asset": "x", "duration": "1"}"#)
        },
        row("title image is a FIFO", 1, "titles[0].image: cannot use") { bench in
            mkfifo(bench.path("logo-fifo.png"), 0o644)
            return title(#""image": "logo-fifo.png""#)
        },
        row("missing font file", 1, "titles[0].font: cannot use") { _ in title(#""text": "Hi", "font": "fonts/none.ttf""#) },
        row("unknown font family", 1, "titles[0].font: cannot use") { _ in
            title(#""text": "Hi", "font": "No Such Family Sans""#)
        },
        row("font that is a text file", 1, "titles[0].font: cannot use") { bench in
            _ = try bench.write("fake.ttf", "not a font")
            return title(#""text": "Hi", "font": "./fake.ttf""#)
        },
    ]

    static let sources: [HostileCase] = [
        row("HLS playlist naming /etc/passwd", 1, "is an HLS playlist") { bench in
            _ = try bench.write("playlist.mp4", "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n")
            return source("playlist.mp4")
        },
        row("ffconcat list naming /etc/passwd", 1, "is an FFmpeg concat list") { bench in
            _ = try bench.write("list.mp4", "ffconcat version 1.0\nfile '/etc/passwd'\n")
            return source("list.mp4")
        },
        row("FIFO as a source", 1, "is a FIFO, not a regular file") { bench in
            mkfifo(bench.path("fifo.mp4"), 0o644)
            return source("fifo.mp4")
        },
        row("folder as a source", 1, "is a folder, not a regular file") { bench in
            try FileManager.default.createDirectory(atPath: bench.path("clip.mp4"), withIntermediateDirectories: false)
            return source("clip.mp4")
        },
        row("/dev/zero as a source", 1, "is a device, not a regular file") { _ in source("/dev/zero") },
        row("concat: protocol as a source", 1, "assets.x: cannot open") { _ in source("concat:/etc/passwd|a.mp4") },
        row("http URL as a source", 1, "assets.x: cannot open") { _ in source("http://127.0.0.1:9/clip.mp4") },
        row("/etc/passwd as a source", 1, "assets.x: cannot open") { _ in source("/etc/passwd") },
    ]

    static let media: [HostileCase] = [
        row("audio timestamps jumping 12 days", 0, "wrote") { bench in
            try TestProcess.ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=160x90:r=30:d=3", "-f", "lavfi", "-i", "sine=d=3",
                                    "-af", "asetpts='if(gte(N,40),PTS+48000*1000000,PTS)'", "-c:v", "libx264",
                                    "-preset", "ultrafast", "-c:a", "aac", bench.path("jump.mkv")])
            return composition(assets: #""j": "jump.mkv""#,
                               videos: #"{"asset": "j", "sourceRange": {"start": 0, "duration": 2}}"#)
        },
        row("source dated the year 2400 (nanoseconds past 2⁶³)", 0, "wrote") { bench in
            try FileManager.default.copyItem(atPath: bench.path("a.mp4"), toPath: bench.path("future.mp4"))
            let year2400 = Date(timeIntervalSince1970: 13_569_465_600)
            try FileManager.default.setAttributes([.modificationDate: year2400], ofItemAtPath: bench.path("future.mp4"))
            return source("future.mp4")
        },
        row("MP4 cut to 40% of its bytes (index at the end)", 1, "assets.x: cannot open") { bench in
            let data = try Data(contentsOf: URL(fileURLWithPath: bench.path("a.mp4")))
            _ = try bench.write("cut.mp4", bytes: [UInt8](data.prefix(data.count * 2 / 5)))
            return source("cut.mp4")
        },
    ]
}

/// A PNG whose header claims a size but carries no picture data worth the name.
enum HostilePNG {
    static func claiming(width: UInt32, height: UInt32) -> [UInt8] {
        var ihdr = bigEndian(width) + bigEndian(height)
        ihdr += [8, 6, 0, 0, 0]   // 8-bit RGBA, no interlace
        let idat: [UInt8] = [0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01]
        return [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] + chunk("IHDR", ihdr) + chunk("IDAT", idat) + chunk("IEND", [])
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xedb8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
