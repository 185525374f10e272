import Glibc

/// An append-only run of big-endian numbers in an unnamed temporary file (`tmpfile`: created and unlinked at once, so
/// no name can be swapped or left behind), read back once in order. What `MovieSampleTable` writes here instead of
/// holding it: a sample table that grows with the programme costs disk, not memory.
final class MovieSpill {
    private let file: UnsafeMutablePointer<FILE>
    private var buffer: [UInt8] = []
    /// Bytes appended so far.
    private(set) var byteCount: Int64 = 0
    private let what: String

    /// - Parameter what: the table, for messages.
    init(_ what: String) throws(MediaError) {
        guard let file = tmpfile() else {
            throw MediaError.io(path: "temporary \(what) table", message: "cannot be created: \(String(cString: strerror(errno)))")
        }
        self.file = file
        self.what = what
        buffer.reserveCapacity(Self.chunk)
    }

    deinit { fclose(file) }

    static let chunk = 1 << 16

    func append32(_ v: UInt32) throws(MediaError) {
        buffer.append(UInt8(truncatingIfNeeded: v >> 24)); buffer.append(UInt8(truncatingIfNeeded: v >> 16))
        buffer.append(UInt8(truncatingIfNeeded: v >> 8)); buffer.append(UInt8(truncatingIfNeeded: v))
        byteCount += 4
        if buffer.count >= Self.chunk { try flush() }
    }

    func append64(_ v: UInt64) throws(MediaError) {
        try append32(UInt32(truncatingIfNeeded: v >> 32))
        try append32(UInt32(truncatingIfNeeded: v))
    }

    func append8(_ v: UInt8) throws(MediaError) {
        buffer.append(v)
        byteCount += 1
        if buffer.count >= Self.chunk { try flush() }
    }

    private func flush() throws(MediaError) {
        guard !buffer.isEmpty else { return }
        let written = buffer.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        guard written == buffer.count else {
            throw MediaError.io(path: "temporary \(what) table", message: "write failed: \(String(cString: strerror(errno)))")
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Hands every byte, in order and in chunks, to `body`; call once, after the last append.
    func replay(_ body: (UnsafeRawBufferPointer) throws(MediaError) -> Void) throws(MediaError) {
        try flush()
        rewind(file)
        var chunk = [UInt8](repeating: 0, count: Self.chunk)
        var left = byteCount
        while left > 0 {
            let want = Int(min(Int64(Self.chunk), left))
            let got = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, want, file) }
            guard got == want else {
                throw MediaError.io(path: "temporary \(what) table", message: "read back \(got) of \(want) bytes")
            }
            var failure: MediaError?
            chunk.withUnsafeBytes { all in
                do throws(MediaError) { try body(UnsafeRawBufferPointer(rebasing: all[0..<got])) } catch { failure = error }
            }
            if let failure { throw failure }
            left -= Int64(got)
        }
    }
}
