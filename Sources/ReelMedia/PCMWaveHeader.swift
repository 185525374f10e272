/// The header of a PCM part: a RIFF/WAVE file with IEEE float samples.
///
/// Layout (58 bytes, little-endian): `RIFF` size `WAVE`, a `fmt ` chunk of 18 bytes
/// (format tag 3 = IEEE float, channels, rate, byte rate, block align, 32 bits, cbSize 0),
/// a `fact` chunk (sample frames), then `data` with interleaved float32 samples. Plain format
/// tag 3 is used for every channel count (FFmpeg, sox and Python's readers accept it).
/// Limited to RIFF's 4 GiB, ample for a segment (2 h of stereo 48 kHz is 2.8 GB).
struct PCMWaveHeader: Equatable {
    static let size = 58
    static let formatIEEEFloat: UInt16 = 3

    var sampleRate: Int32
    var channels: Int
    var frameCount: Int64

    var bytesPerFrame: Int { channels * 4 }
    var dataSize: Int64 { frameCount * Int64(bytesPerFrame) }

    /// The 58 header bytes; `nil` when the data would exceed RIFF's 32-bit sizes.
    func encoded() -> [UInt8]? {
        guard dataSize + Int64(Self.size) - 8 <= Int64(UInt32.max) else { return nil }
        var b: [UInt8] = []
        b.reserveCapacity(Self.size)
        b += Array("RIFF".utf8); b.appendLE(UInt32(dataSize + Int64(Self.size) - 8)); b += Array("WAVE".utf8)
        b += Array("fmt ".utf8); b.appendLE(UInt32(18)); b.appendLE(Self.formatIEEEFloat)
        b.appendLE(UInt16(channels)); b.appendLE(UInt32(sampleRate))
        b.appendLE(UInt32(Int(sampleRate) * bytesPerFrame)); b.appendLE(UInt16(bytesPerFrame))
        b.appendLE(UInt16(32)); b.appendLE(UInt16(0))
        b += Array("fact".utf8); b.appendLE(UInt32(4)); b.appendLE(UInt32(frameCount))
        b += Array("data".utf8); b.appendLE(UInt32(dataSize))
        return b
    }

    /// Parses a `fmt ` chunk body; returns `(sampleRate, channels)` or a reason it is not ours.
    static func parseFormat(_ body: [UInt8]) -> Result<(Int32, Int), FormatProblem> {
        guard body.count >= 16 else { return .failure(.init(message: "fmt chunk of \(body.count) bytes")) }
        let tag = body.readLE(UInt16.self, at: 0)
        let channels = Int(body.readLE(UInt16.self, at: 2))
        let rate = body.readLE(UInt32.self, at: 4)
        let bits = body.readLE(UInt16.self, at: 14)
        guard tag == formatIEEEFloat, bits == 32 else {
            return .failure(.init(message: "format tag \(tag) with \(bits) bits, expected IEEE float 32"))
        }
        guard channels > 0, rate > 0, rate <= UInt32(Int32.max) else {
            return .failure(.init(message: "\(channels) channels at \(rate) Hz"))
        }
        return .success((Int32(rate), channels))
    }

    struct FormatProblem: Error { let message: String }
}

extension Array where Element == UInt8 {
    mutating func appendLE<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }

    func readLE<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
        var v: T = 0
        for k in (0..<MemoryLayout<T>.size).reversed() { v = v << 8 | T(self[offset + k]) }
        return v
    }
}
