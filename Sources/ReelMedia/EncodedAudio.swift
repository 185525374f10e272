/// Audio packets from `AudioEncoder.encodeAhead`, not yet written
/// (`OutputMuxer.writeAudio(_ encoded:)`). Not `Sendable`: use it on the muxer's thread.
public struct EncodedAudio {
    let packets: [Packet]

    /// The packets' payload bytes (what holding them costs, near enough).
    public var bytes: Int { packets.reduce(0) { $0 + Int($1.pointer.pointee.size) } }
}

extension AudioEncoder {
    /// Encodes planar float samples and keeps the packets, before (or without) the muxer the encoder will feed:
    /// give this encoder to `OutputMuxer.addAudioStream` and write the results with `OutputMuxer.writeAudio(_ encoded:)`,
    /// in the order they were encoded and before any later `writeAudio(buffer)`.
    public func encodeAhead(_ buffer: AudioBuffer) throws(MediaError) -> EncodedAudio {
        EncodedAudio(packets: try encode(buffer))
    }
}
