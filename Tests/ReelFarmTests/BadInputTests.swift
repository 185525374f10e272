import Foundation
import ReelTestSupport
import Testing

/// "Bad input": `reel render` on each kind of broken source fails with a message that names the asset
/// (or the segment), exits non-zero, and leaves nothing at `-o`: no file and no temporary file.
@Suite struct BadInputTests {
    enum Case: String, CaseIterable, CustomStringConvertible {
        case missing, truncated, garbage, audioOnly, noDecoder
        var description: String { rawValue }
    }

    @Test(arguments: Case.allCases)
    func brokenSourceFailsCleanly(_ kind: Case) throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("bad-\(kind)")
        defer { dir.remove() }
        let source = try makeSource(kind, media: media, dir: dir)
        let json = """
        {
          \(Rendering.assets([("good", media.clips[0]), ("broken", source)])),
          "videos": [ \(Rendering.clip("good", duration: "1")), \(Rendering.clip("broken", duration: "2")) ],
          \(Rendering.output(width: 160, height: 90))
        }
        """
        let comp = try Rendering.write(json, in: dir)
        try FileManager.default.createDirectory(at: dir("out"), withIntermediateDirectories: true)
        let result = try TestProcess.run(try TestBinary.reel(), ["render", comp.path, "-o", dir("out/final.mp4").path,
                                                                 "--storage", dir("store").path, "--workers", "2"])
        // The final error (FFmpeg's own log lines may come before it).
        let error = result.stderr.components(separatedBy: "reel render: ").dropFirst().joined()
        #expect(result.status == 1)
        // Named by its file and by its asset id (in a composition problem) or the segment (in a render).
        #expect(error.contains(source.lastPathComponent), "no file named: \(result.stderr)")
        #expect(kind == .truncated ? error.contains("segment 0") : error.contains("assets.broken")
                || error.contains("asset \"broken\""), "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"))
        let left = try dir.contents("out")
        #expect(left.isEmpty, "left in the output folder: \(left)")
        if kind == .noDecoder { #expect(result.stderr.contains("avs2"), "\(result.stderr)") }
        if kind == .audioOnly { #expect(result.stderr.contains("video"), "\(result.stderr)") }
    }

    /// The broken source file for each case.
    func makeSource(_ kind: Case, media: SharedClips, dir: TempDir) throws -> URL {
        switch kind {
        case .missing:
            return dir("does-not-exist.mp4")
        case .truncated:
            // moov first (faststart), so the file opens and probes as 3 s, but the media data stops at 40%.
            let whole = dir("whole.mp4"), cut = dir("truncated.mp4")
            try TestProcess.ffmpeg(["-i", media.clips[1].path, "-an", "-c:v", "copy", "-movflags", "+faststart", whole.path])
            let data = try Data(contentsOf: whole)
            try data.prefix(data.count * 2 / 5).write(to: cut)
            return cut
        case .garbage:
            let url = dir("garbage.mp4")
            var generator = SystemRandomNumberGenerator()
            try Data((0..<20_000).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: url)
            return url
        case .audioOnly:
            return media.voiceOver
        case .noDecoder:
            return try makeAVS2(from: media.clips[1], dir: dir)
        }
    }

    /// An MPEG-TS whose video is declared AVS2 (stream type 0xd2): FFmpeg 5.1 knows the codec, but
    /// Debian builds it without libdavs2, so there is no decoder (`ffmpeg -decoders` lists none).
    /// Made by remuxing H.264 to TS and rewriting the PMT's stream type (and its CRC).
    func makeAVS2(from source: URL, dir: TempDir) throws -> URL {
        let ts = dir("h264.ts"), out = dir("avs2.ts")
        try TestProcess.ffmpeg(["-i", source.path, "-an", "-c:v", "copy", "-f", "mpegts", ts.path])
        var bytes = [UInt8](try Data(contentsOf: ts))
        var patched = 0
        for packet in stride(from: 0, to: bytes.count - 187, by: 188) {
            let pid = (Int(bytes[packet + 1] & 0x1f) << 8) | Int(bytes[packet + 2])
            guard pid == 0x1000, bytes[packet + 1] & 0x40 != 0 else { continue }   // PMT, section start
            let section = packet + 5 + Int(bytes[packet + 4])
            let length = (Int(bytes[section + 1] & 0x0f) << 8) | Int(bytes[section + 2])
            let programInfo = (Int(bytes[section + 10] & 0x0f) << 8) | Int(bytes[section + 11])
            let stream = section + 12 + programInfo
            guard bytes[stream] == 0x1b else { continue }
            bytes[stream] = 0xd2
            let end = section + 3 + length - 4
            let crc = mpegCRC32(bytes[section..<end])
            for k in 0..<4 { bytes[end + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * k)) }
            patched += 1
        }
        guard patched > 0 else { throw TestFailure("no PMT found in \(ts.path)") }
        try Data(bytes).write(to: out)
        return out
    }

    /// CRC-32/MPEG-2 (polynomial 0x04C11DB7, not reflected, initial 0xFFFFFFFF).
    func mpegCRC32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for byte in bytes {
            crc ^= UInt32(byte) << 24
            for _ in 0..<8 { crc = crc & 0x8000_0000 != 0 ? (crc << 1) ^ 0x04c1_1db7 : crc << 1 }
        }
        return crc
    }

    /// A full disk: the output (or the part store) lies on a 200 KiB tmpfs; the lossless render is
    /// megabytes. Where mounting is not permitted (not root), the same render runs under `ulimit -f 200`
    /// with SIGXFSZ ignored, so writes fail with EFBIG ("File too large") instead of ENOSPC.
    @Test(arguments: ["output", "storage"])
    func fullDiskFailsCleanly(_ full: String) throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("disk-full-\(full)")
        defer { dir.remove() }
        let tiny = dir("tiny")
        try FileManager.default.createDirectory(at: tiny, withIntermediateDirectories: true)
        let mounted = try TestProcess.run("/bin/mount", ["-t", "tmpfs", "-o", "size=200k", "tmpfs", tiny.path]).status == 0
        defer { if mounted { _ = try? TestProcess.run("/bin/umount", [tiny.path]) } }
        let ids = ["a", "b", "c"]
        let json = """
        {
          \(Rendering.assets(Array(zip(ids, media.clips)))),
          "videos": [ \(ids.map { Rendering.clip($0, duration: "3") }.joined(separator: ", ")) ],
          \(Rendering.output(width: 160, height: 90))
        }
        """
        let comp = try Rendering.write(json, in: dir)
        let output = full == "output" ? tiny.appendingPathComponent("out.mov") : dir("out/out.mov")
        let storage = full == "storage" ? tiny.appendingPathComponent("store") : dir("store")
        let reel = [try TestBinary.reel(), "render", comp.path, "-o", output.path, "--lossless", "--storage", storage.path,
                    "--workers", "2"]
        let result = mounted ? try TestProcess.run(reel[0], Array(reel.dropFirst()))
            : try TestProcess.run("/bin/sh", ["-c", "trap '' XFSZ; ulimit -f 200; exec \"$@\"", "sh"] + reel)
        let error = result.stderr.components(separatedBy: "reel render: ").dropFirst().joined()
        #expect(result.status == 1)
        #expect(error.contains(mounted ? "No space left on device" : "File too large"), "\(result.stderr)")
        // The message names the file that could not be written (the output's temporary name, or a part
        // of the segment named at the start).
        // (Under ulimit every file is limited, so the parts fail first whatever `full` says.)
        let named = !mounted ? error.contains("segment ") || error.contains("/.out.")
            : error.contains(full == "output" ? "tiny/.out." : "segment ")
        #expect(named, "\(error)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let left = FileManager.default.enumerator(atPath: full == "output" ? tiny.path : storage.path)?
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".tmp") || $0.contains(".tmp.") } ?? []
        #expect(left.isEmpty, "temporary files left: \(left)")
        #expect(try dir.contents(full == "output" ? "tiny" : "out").isEmpty)
    }
}
