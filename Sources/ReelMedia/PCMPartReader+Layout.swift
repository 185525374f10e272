import Foundation

extension PCMPartReader {
    struct Layout {
        var sampleRate: Int32
        var channels: Int
        var frameCount: Int64
        var dataOffset: UInt64
    }

    /// Walks the RIFF chunks up to `data`, skipping unknown ones (`LIST`, …).
    static func parseLayout(_ handle: FileHandle, path: String) throws(MediaError) -> Layout {
        func bad(_ message: String) -> MediaError { .invalidData(path: path, message: "PCM part: \(message)") }
        func read(_ n: Int) throws(MediaError) -> [UInt8] {
            var d = Data()
            try io(path, "read header") { d = try handle.read(upToCount: n) ?? Data() }
            return [UInt8](d)
        }
        var fileSize: UInt64 = 0
        try io(path, "size") { fileSize = try handle.seekToEnd(); try handle.seek(toOffset: 0) }
        let riff = try read(12)
        guard riff.count == 12, riff[0..<4].elementsEqual("RIFF".utf8), riff[8..<12].elementsEqual("WAVE".utf8) else {
            throw bad("not a RIFF/WAVE file")
        }
        var offset: UInt64 = 12
        var format: (Int32, Int)?
        while offset + 8 <= fileSize {
            let head = try read(8)
            guard head.count == 8 else { break }
            let size = UInt64(head.readLE(UInt32.self, at: 4))
            let id = String(decoding: head[0..<4], as: UTF8.self)
            offset += 8
            if id == "fmt " {
                switch PCMWaveHeader.parseFormat(try read(Int(size))) {
                case .success(let f): format = f
                case .failure(let p): throw bad(p.message)
                }
            } else if id == "data" {
                guard let (rate, channels) = format else { throw bad("data chunk before fmt chunk") }
                let available = min(size, fileSize - offset)
                return Layout(sampleRate: rate, channels: channels,
                              frameCount: Int64(available) / Int64(channels * 4), dataOffset: offset)
            }
            offset += size + (size & 1)
            try io(path, "seek") { try handle.seek(toOffset: offset) }
        }
        throw bad("no data chunk")
    }
}
