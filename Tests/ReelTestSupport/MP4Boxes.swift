import Foundation

/// Just enough ISO BMFF to put a `dvcC`/`dvvC` box (ETSI GS CCM 001, Dolby's "Dolby Vision streams within the ISO
/// base media file format") into the first video sample entry of a file whose `moov` follows its `mdat` (as
/// ffmpeg writes without `+faststart`), so no chunk offset moves.
public enum MP4Boxes {
    static let path = ["moov", "trak", "mdia", "minf", "stbl", "stsd"]

    /// Inserts a Dolby Vision configuration record of `profile`, `level` and base-layer `compatibilityID` (rpu and
    /// base layer present, no enhancement layer) into the first video sample entry of the MP4 in `bytes`.
    /// - Throws: `TestFailure` naming the box that is missing.
    public static func insertDolbyVisionRecord(into bytes: inout [UInt8], profile: Int, level: Int,
                                        compatibilityID: Int) throws {
        var parents: [Int] = []          // offsets of moov … stsd
        var start = 0, end = bytes.count
        for name in path {
            guard let box = find(name, in: bytes, from: start, to: end) else {
                throw TestFailure("no \(name) box on the path \(path)")
            }
            parents.append(box)
            start = box + 8
            end = box + size(bytes, box)
        }
        let entry = start + 8            // stsd: version/flags, entry count, then the first sample entry
        parents.append(entry)
        let bits = profile << 9 | level << 3 | 1 << 2 | 1    // rpu present, no enhancement layer, base layer present
        var record: [UInt8] = [0, 0, 0, 32] + Array((profile > 7 ? "dvvC" : "dvcC").utf8)
        record += [1, 0, UInt8(bits >> 8), UInt8(bits & 0xFF), UInt8(compatibilityID << 4)]
        record += [UInt8](repeating: 0, count: 32 - record.count)
        let at = entry + size(bytes, entry)
        bytes.insert(contentsOf: record, at: at)
        for box in parents { setSize(&bytes, box, size(bytes, box) + record.count) }
    }

    static func size(_ b: [UInt8], _ at: Int) -> Int {
        Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3])
    }

    static func setSize(_ b: inout [UInt8], _ at: Int, _ value: Int) {
        for i in 0..<4 { b[at + i] = UInt8((value >> (24 - 8 * i)) & 0xFF) }
    }

    /// The offset of the first box called `name` among the boxes in `[from, to)`.
    static func find(_ name: String, in b: [UInt8], from: Int, to: Int) -> Int? {
        var at = from
        while at + 8 <= to {
            let n = size(b, at)
            guard n >= 8 else { return nil }
            if String(decoding: b[(at + 4)..<(at + 8)], as: UTF8.self) == name { return at }
            at += n
        }
        return nil
    }
}
