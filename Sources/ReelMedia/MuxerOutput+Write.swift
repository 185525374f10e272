internal import CFFmpeg
import ReelModel

extension OutputMuxer {
    /// Stream-copies one video packet, shifting its timestamps by whole frames.
    ///
    /// The packet is not changed (a new reference to its payload is written). Part k's packets
    /// normally get `ptsOffset == dtsOffset == startFrame(k)`.
    /// - Throws: `MediaError.invalidData` when a timestamp is missing, does not convert exactly,
    ///   or the shifted dts does not strictly increase (e.g. parts with different B-frame delay).
    public func writeVideo(_ packet: Packet, ptsOffset: Int64, dtsOffset: Int64) throws(MediaError) {
        guard let video else { preconditionFailure("writeVideo before addVideoStream") }
        try ensureHeader()
        let to = muxer.timeBase(ofStream: video.index)
        guard let pts = packet.pts, let dts = packet.dts else {
            throw MediaError.invalidData(path: path, message: "video packet \(videoPacketCount) has no timestamp")
        }
        func shift(_ ts: Int64, _ frames: Int64, _ what: String) throws(MediaError) -> Int64 {
            guard exactTimestamps else {
                // Shift in the part's time base, then round once: each frame lands on its own nearest tick.
                let offset = try PacketTimestamps.rescaleExactly(frames, from: video.frameTimeBase, to: packet.avTimeBase,
                                                                 what: what, path: path)
                return PacketTimestamps.rescaleRounded(ts + offset, from: packet.avTimeBase, to: to)
            }
            let a = try PacketTimestamps.rescaleExactly(ts, from: packet.avTimeBase, to: to, what: what, path: path)
            let b = try PacketTimestamps.rescaleExactly(frames, from: video.frameTimeBase, to: to, what: what, path: path)
            return a + b
        }
        let out = try Packet(timeBase: to)
        try check(av_packet_ref(out.pointer, packet.pointer), "av_packet_ref", path: path)
        out.pts = try shift(pts, ptsOffset, "pts")
        out.dts = try shift(dts, dtsOffset, "dts")
        out.duration = try rescale(packet.duration, from: packet.avTimeBase, to: to, what: "duration")
        if let last = lastVideoDTS, out.dts! <= last {
            throw MediaError.invalidData(path: path, message: "video dts \(out.dts!) after \(last) at packet "
                                         + "\(videoPacketCount): not strictly increasing across a join")
        }
        lastVideoDTS = out.dts
        out.pointer.pointee.stream_index = video.index
        try route(out, stream: video.index)
        videoPacketCount += 1
    }

    /// Encodes planar float samples (any count) with the audio stream's encoder and writes the packets.
    public func writeAudio(_ buffer: AudioBuffer) throws(MediaError) {
        guard let audio else { preconditionFailure("writeAudio before addAudioStream") }
        try writeAudio(audio.encoder.encodeAhead(buffer))
    }

    /// Writes audio encoded ahead by the audio stream's encoder (`AudioEncoder.encodeAhead`).
    public func writeAudio(_ encoded: EncodedAudio) throws(MediaError) {
        guard audio != nil else { preconditionFailure("writeAudio before addAudioStream") }
        try ensureHeader()
        try writeAudioPackets(encoded.packets)
    }

    /// The codec of the audio stream, once added.
    public var audioCodec: AudioCodecSettings.Codec? { audio?.encoder.settings.codec }

    func writeAudioPackets(_ packets: [Packet]) throws(MediaError) {
        guard let audio else { return }
        let to = muxer.timeBase(ofStream: audio.index)
        for packet in packets {
            let from = packet.avTimeBase
            if let pts = packet.pts { packet.pts = try rescale(pts, from: from, to: to, what: "audio pts") }
            if let dts = packet.dts { packet.dts = try rescale(dts, from: from, to: to, what: "audio dts") }
            packet.duration = try rescale(packet.duration, from: from, to: to, what: "audio duration")
            packet.avTimeBase = to
            if let last = lastAudioDTS, let dts = packet.dts, dts <= last {
                throw MediaError.invalidData(path: path, message: "audio dts \(dts) after \(last)")
            }
            lastAudioDTS = packet.dts
            packet.pointer.pointee.stream_index = audio.index
            try route(packet, stream: audio.index)
            audioPacketCount += 1
        }
    }

    /// Matroska and WebM store milliseconds, so their timestamps are rounded; every other container's are exact.
    var exactTimestamps: Bool { container != .mkv && container != .webm }

    /// Exact (`PacketTimestamps.rescaleExactly`) where the container can be, else rounded to its nearest tick.
    func rescale(_ value: Int64, from: AVRational, to: AVRational, what: String) throws(MediaError) -> Int64 {
        guard exactTimestamps else { return PacketTimestamps.rescaleRounded(value, from: from, to: to) }
        return try PacketTimestamps.rescaleExactly(value, from: from, to: to, what: what, path: path)
    }
}
