import Testing
@testable import ReelPlan

@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func knownVectors(input: String, digest: String) {
        #expect(SHA256.hex(Array(input.utf8)) == digest)
    }

    @Test func oneMillionA() {
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 1_000_000))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func incrementalUpdatesMatchOneShot() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var h = SHA256()
        for chunk in stride(from: 0, to: bytes.count, by: 37) { h.update(Array(bytes[chunk..<min(chunk + 37, bytes.count)])) }
        var g = SHA256()
        g.update(bytes.lazy.map { $0 })
        let one = SHA256.hex(bytes)
        #expect(SHA256.hexString(h.finalize()) == one)
        #expect(SHA256.hexString(g.finalize()) == one)
    }

    /// Raw memory fed in uneven chunks (crossing the 64-byte blocks) gives the digest of the bytes in one piece.
    @Test func rawBufferUpdatesMatchOneShot() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ 7) }
        var h = SHA256()
        bytes.withUnsafeBytes { raw in
            var at = 0, step = 1
            while at < raw.count {
                let end = min(at + step, raw.count)
                h.update(UnsafeRawBufferPointer(rebasing: raw[at..<end]))
                at = end
                step = step * 3 % 97 + 1
            }
        }
        #expect(SHA256.hexString(h.finalize()) == SHA256.hex(bytes))
        var million = SHA256()
        [UInt8](repeating: 0x61, count: 1_000_000).withUnsafeBytes { million.update($0) }
        #expect(SHA256.hexString(million.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
