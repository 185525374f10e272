import Foundation
import ReelModel

/// Reads a PCM part written by `PCMPartWriter` (or any WAV with IEEE float32 samples), in chunks,
/// so a long part never has to be in memory at once. Samples come back bit-exact.
/// Not `Sendable`: use it on one thread.
public final class PCMPartReader {
    /// The file being read.
    public let path: String
    /// Sample rate of the part.
    public let sampleRate: Int32
    /// Channel count of the part.
    public let channels: Int
    /// Total sample frames in the part.
    public let frameCount: Int64
    /// Sample frames returned so far.
    public private(set) var position: Int64 = 0
    /// The opened file's device, inode, size and mtime (fstat on the descriptor, not the name).
    public let fileID: FileID
    private let handle: FileHandle
    /// Where the samples start in the file.
    private let dataOffset: UInt64

    /// Opens `path` and parses its header.
    /// - Throws: `MediaError.fileNotFound`, or `.invalidData` when it is not float32 WAV.
    public init(path: String) throws(MediaError) {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw MediaError.fileNotFound(path: path) }
        self.path = path
        self.handle = handle
        var info = stat()
        guard fstat(handle.fileDescriptor, &info) == 0 else {
            try? handle.close()
            throw MediaError.invalidData(path: path, message: "cannot fstat the opened part")
        }
        fileID = FileDescriptor.fileID(info)
        let layout = try PCMPartReader.parseLayout(handle, path: path)
        sampleRate = layout.sampleRate
        channels = layout.channels
        frameCount = layout.frameCount
        dataOffset = layout.dataOffset
        try PCMPartReader.io(path, "seek") { try handle.seek(toOffset: layout.dataOffset) }
    }

    /// Back to the first sample frame, of the file this reader opened (whatever its name leads to now).
    public func rewind() throws(MediaError) {
        let offset = dataOffset
        try PCMPartReader.io(path, "seek") { try handle.seek(toOffset: offset) }
        position = 0
    }

    deinit { try? handle.close() }

    /// The next `maxFrames` sample frames at most, or `nil` at the end of the part.
    public func read(maxFrames: Int) throws(MediaError) -> AudioBuffer? {
        precondition(maxFrames > 0)
        let n = Int(min(Int64(maxFrames), frameCount - position))
        guard n > 0 else { return nil }
        let want = n * channels * 4
        var data = Data()
        try PCMPartReader.io(path, "read") { data = try handle.read(upToCount: want) ?? Data() }
        guard data.count == want else {
            throw MediaError.invalidData(path: path, message: "PCM part ends early at frame \(position)")
        }
        var planes = [[Float]](repeating: [Float](repeating: 0, count: n), count: channels)
        data.withUnsafeBytes { raw in
            for c in 0..<channels {
                planes[c].withUnsafeMutableBufferPointer { out in
                    for i in 0..<n {
                        let bits = raw.loadUnaligned(fromByteOffset: (i * channels + c) * 4, as: UInt32.self)
                        out[i] = Float(bitPattern: UInt32(littleEndian: bits))
                    }
                }
            }
        }
        position += Int64(n)
        return AudioBuffer(sampleRate: sampleRate, samples: planes)
    }

    /// Everything from the current position to the end, in one buffer.
    public func readAll() throws(MediaError) -> AudioBuffer {
        let rest = Int(frameCount - position)
        return try read(maxFrames: max(rest, 1)) ?? AudioBuffer(sampleRate: sampleRate, channels: channels, frames: 0)
    }

    static func io(_ path: String, _ what: String, _ body: () throws -> Void) throws(MediaError) {
        do { try body() } catch { throw MediaError.io(path: path, message: "\(what): \(error)") }
    }
}
