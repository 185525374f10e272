import Foundation

/// Writes a segment's exact audio as a PCM part: WAV with IEEE float32 samples (see `PCMWaveHeader`).
///
/// Samples are stored bit for bit (`Float.bitPattern`, little-endian), so a part reads back
/// exactly, NaN payloads and values beyond ±1 included. Streams: each `append` writes at once.
/// Writes `path` directly; use `AtomicFile.commit(temp:final:)` for an atomic publish.
/// Not `Sendable`: use it on one thread.
public final class PCMPartWriter {
    /// The file being written.
    public let path: String
    /// Sample rate of the part.
    public let sampleRate: Int32
    /// Channel count of the part.
    public let channels: Int
    /// Sample frames written so far.
    public private(set) var frameCount: Int64 = 0
    private let handle: FileHandle
    private var finished = false

    /// Creates (or truncates) `path` and writes a provisional header.
    /// - Throws: `MediaError.io` when the file cannot be created.
    public init(path: String, sampleRate: Int32, channels: Int) throws(MediaError) {
        guard sampleRate > 0, channels > 0, channels <= Int(UInt16.max) / 4 else {
            throw MediaError.invalidData(path: path, message: "\(channels) channels at \(sampleRate) Hz")
        }
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw MediaError.io(path: path, message: "cannot create PCM part: \(String(cString: strerror(errno)))")
        }
        self.path = path
        self.sampleRate = sampleRate
        self.channels = channels
        self.handle = handle
        try writeHeader()
    }

    deinit { try? handle.close() }

    /// Appends planar samples (any length).
    /// - Throws: `MediaError.invalidData` when the rate or channel count differ, `.io` on write errors.
    public func append(_ buffer: AudioBuffer) throws(MediaError) {
        precondition(!finished, "append after finish")
        guard buffer.sampleRate == sampleRate, buffer.channelCount == channels,
              buffer.samples.allSatisfy({ $0.count == buffer.frameCount }) else {
            throw MediaError.invalidData(path: path, message: "buffer has \(buffer.channelCount) channels at "
                                         + "\(buffer.sampleRate) Hz, part has \(channels) at \(sampleRate) Hz")
        }
        let n = buffer.frameCount
        guard n > 0 else { return }
        var bytes = Data(count: n * channels * 4)
        bytes.withUnsafeMutableBytes { raw in
            let out = raw.bindMemory(to: UInt32.self)
            for (c, plane) in buffer.samples.enumerated() {
                plane.withUnsafeBufferPointer { p in
                    for i in 0..<n { out[i * channels + c] = p[i].bitPattern.littleEndian }
                }
            }
        }
        try io("write") { try handle.write(contentsOf: bytes) }
        frameCount += Int64(n)
    }

    /// Writes the final sizes into the header and closes the file.
    public func finish() throws(MediaError) {
        guard !finished else { return }
        finished = true
        try writeHeader()
        try io("close") { try handle.close() }
    }

    private func writeHeader() throws(MediaError) {
        let header = PCMWaveHeader(sampleRate: sampleRate, channels: channels, frameCount: frameCount)
        guard let bytes = header.encoded() else {
            throw MediaError.invalidData(path: path, message: "PCM part over 4 GiB (\(frameCount) frames)")
        }
        try io("write header") {
            let end = try handle.offset()
            try handle.seek(toOffset: 0)
            try handle.write(contentsOf: bytes)
            if end > 0 { try handle.seek(toOffset: end) }
        }
    }

    private func io(_ what: String, _ body: () throws -> Void) throws(MediaError) {
        do { try body() } catch {
            // Foundation's errors print as a dictionary dump; show the POSIX reason when there is one.
            let ns = error as NSError
            let posix = (ns.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap { $0.domain == NSPOSIXErrorDomain ? $0 : nil }
            let reason = posix.map { String(cString: strerror(Int32($0.code))) } ?? ns.localizedDescription
            throw MediaError.io(path: path, message: "\(what): \(reason)")
        }
    }
}
