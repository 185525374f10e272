import Foundation
import ReelTestSupport
import Testing

/// The stitcher writes an MP4 or MOV's index (`moov`) into room reserved at the front for the programme's known
/// length (issue 23 §3), instead of copying the whole file after the last part (`+faststart`). The file reads
/// `ftyp`, `moov`, `free` (what the index left of its room), then movenc's own 8-byte `free` (MP4) or `wide` (MOV)
/// and `mdat`: the index before the media, so it still plays progressively.
@Suite struct IndexReservationTests {
    static let cases: [(video: String, container: String, extra: String)] = [
        (#""codec": "h264""#, "mp4", ""),
        (#""codec": "prores""#, "mov", #", "audio": { "codec": "pcm", "sampleFormat": "s24" }"#),
        (#""codec": "hevc""#, "mp4", ""),
    ]

    @Test("ftyp, moov, free, …, mdat: the index in its reserved room before the media, no rewrite; ffprobe reads every frame",
          arguments: 0..<cases.count)
    func reservedIndex(_ k: Int) throws {
        let c = Self.cases[k]
        let r = try CodecRender.make("moov-\(k)-\(c.container)", video: c.video, container: c.container, extra: c.extra)
        defer { r.remove() }
        var rooms: [Int64] = []
        for file in [r.many, r.one] {
            let boxes = try Self.topLevelBoxes(file)
            #expect(boxes.map(\.type) == ["ftyp", "moov", "free", c.container == "mov" ? "wide" : "free", "mdat"],
                    "\(file.lastPathComponent): \(boxes)")
            if let moov = boxes.first(where: { $0.type == "moov" }), let free = boxes.first(where: { $0.type == "free" }) {
                rooms.append(moov.size + free.size)
                print("index \(c.video) in \(c.container): moov \(moov.size) bytes in \(moov.size + free.size) reserved "
                      + "(\(String(format: "%.1f", Double(moov.size) / Double(moov.size + free.size) * 100)) %)")
            }
        }
        #expect(try CodecRender.probe(r.many)["nb_read_frames"] == "75")
        #expect(try CodecRender.cleanDecodeErrors(r.many) == "")
        // The room depends only on the programme's length and settings, not on how it was cut.
        #expect(rooms.count == 2 && rooms[0] == rooms[1], "\(rooms)")
    }

    /// The file's top-level boxes: type and size (a 64-bit `largesize` read where the size is 1).
    static func topLevelBoxes(_ file: URL) throws -> [(type: String, size: Int64)] {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        let end = try handle.seekToEnd()
        var at: UInt64 = 0, boxes: [(type: String, size: Int64)] = []
        while at + 8 <= end {
            try handle.seek(toOffset: at)
            let head = [UInt8](try handle.read(upToCount: 16) ?? Data())
            guard head.count >= 8 else { break }
            var size = head[0..<4].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let type = String(decoding: head[4..<8], as: UTF8.self)
            if size == 1, head.count == 16 { size = head[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
            if size == 0 { size = end - at }
            guard size >= 8 else { throw TestFailure("\(file.lastPathComponent): box \(type) at \(at) has size \(size)") }
            boxes.append((type, Int64(size)))
            at += size
        }
        return boxes
    }
}
