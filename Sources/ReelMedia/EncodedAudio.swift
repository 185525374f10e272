/// Audio packets from `OutputMuxer.encodeAudio`, not yet written (`OutputMuxer.writeAudio(_ encoded:)`).
/// Not `Sendable`: use it on the muxer's thread.
public struct EncodedAudio {
    let packets: [Packet]

    /// The packets' payload bytes (what holding them costs, near enough).
    public var bytes: Int { packets.reduce(0) { $0 + Int($1.pointer.pointee.size) } }
}
