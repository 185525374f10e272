/// Big-endian bytes of ISO base media boxes, built in memory (headers and the small boxes of a `moov`).
struct MovieBytes {
    var bytes: [UInt8] = []

    mutating func u8(_ v: UInt8) { bytes.append(v) }
    mutating func u16(_ v: UInt16) { bytes.append(UInt8(v >> 8)); bytes.append(UInt8(v & 0xff)) }
    mutating func u32(_ v: UInt32) {
        bytes.append(UInt8(v >> 24)); bytes.append(UInt8(v >> 16 & 0xff)); bytes.append(UInt8(v >> 8 & 0xff)); bytes.append(UInt8(v & 0xff))
    }
    mutating func u64(_ v: UInt64) { u32(UInt32(v >> 32)); u32(UInt32(v & 0xffff_ffff)) }
    mutating func fourcc(_ s: String) { bytes.append(contentsOf: Array(s.utf8.prefix(4))) }
    /// A box header with a 32-bit size.
    mutating func box(size: Int64, _ type: String) { u32(UInt32(truncatingIfNeeded: size)); fourcc(type) }
}

/// Where the bytes of a file being written go: `OutputMuxer`'s `AVIOContext`, or memory.
protocol MovieBoxSink {
    func write(_ bytes: [UInt8]) throws(MediaError)
    func writeRaw(_ raw: UnsafeRawBufferPointer) throws(MediaError)
}

/// One box read from a file's bytes: its type and where its header and payload lie.
struct MovieBox {
    let type: String
    let start: Int
    let payload: Int
    let end: Int
    var children: [MovieBox] = []

    /// Boxes that hold only boxes, which `parse` opens.
    static let containers: Set<String> = ["moov", "trak", "edts", "mdia", "minf", "stbl", "dinf"]

    /// The boxes in `data[from..<to]`, containers opened.
    /// - Throws: `MediaError.invalidData` naming `what` when a size runs outside its parent.
    static func parse(_ data: [UInt8], from: Int, to: Int, what: String) throws(MediaError) -> [MovieBox] {
        var boxes: [MovieBox] = []
        var at = from
        while at + 8 <= to {
            var size = Int(read32(data, at))
            var header = 8
            if size == 1, at + 16 <= to { size = Int(read64(data, at + 8)); header = 16 }
            if size == 0 { size = to - at }
            guard size >= header, at + size <= to else {
                throw MediaError.invalidData(path: what, message: "box at byte \(at) runs outside its parent")
            }
            let type = String(decoding: data[(at + 4)..<(at + 8)], as: UTF8.self)
            var box = MovieBox(type: type, start: at, payload: at + header, end: at + size)
            if containers.contains(type) { box.children = try parse(data, from: at + header, to: at + size, what: what) }
            boxes.append(box)
            at += size
        }
        return boxes
    }

    func child(_ type: String) -> MovieBox? { children.first { $0.type == type } }

    static func read32(_ d: [UInt8], _ at: Int) -> UInt32 {
        UInt32(d[at]) << 24 | UInt32(d[at + 1]) << 16 | UInt32(d[at + 2]) << 8 | UInt32(d[at + 3])
    }

    static func read64(_ d: [UInt8], _ at: Int) -> UInt64 { UInt64(read32(d, at)) << 32 | UInt64(read32(d, at + 4)) }
}

/// A `moov` being assembled: bytes copied or rewritten, and sample tables streamed from their spills.
indirect enum MoviePiece {
    case bytes([UInt8])
    case table(MovieSampleTable, type: String, size: Int64)
    case box(String, [MoviePiece])

    var size: Int64 {
        switch self {
        case .bytes(let b): return Int64(b.count)
        case .table(_, _, let size): return size
        case .box(_, let children): return 8 + children.reduce(0) { $0 + $1.size }
        }
    }

    func write(to out: MovieBoxSink) throws(MediaError) {
        switch self {
        case .bytes(let b): try out.write(b)
        case .table(let table, let type, let size): try table.write(type, size: size, to: out)
        case .box(let type, let children):
            var head = MovieBytes()
            head.box(size: size, type)
            try out.write(head.bytes)
            for child in children { try child.write(to: out) }
        }
    }
}
