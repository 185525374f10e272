internal import CFFmpeg

extension PacketReader {
    /// The NAL length-field size from `avcC` (`lengthSizeMinusOne + 1`, byte 4) or `hvcC` (byte 21), or `nil` for
    /// Annex B streams.
    public var nalLengthSize: Int? {
        let config = extradata
        guard config.first == 1 else { return nil }
        if isHEVC { return config.count >= 23 ? Int(config[21] & 0x3) + 1 : nil }
        return config.count >= 7 ? Int(config[4] & 0x3) + 1 : nil
    }

    private var isHEVC: Bool { codecParameters.pointee.codec_id == AV_CODEC_ID_HEVC }

    /// The `nal_unit_type` of every NAL unit in `packet`. H.264: 5 = IDR slice, 1 = non-IDR slice, 6 = SEI,
    /// 7/8 = SPS/PPS; HEVC: 19/20 = IDR, 21 = CRA, 32–34 = VPS/SPS/PPS. Handles length prefixes and Annex B.
    public func nalUnitTypes(in packet: Packet) -> [UInt8] {
        let data = packet.bytes
        let headers = nalLengthSize.map { Self.lengthPrefixedTypes(data, lengthSize: $0) } ?? Self.annexBTypes(data)
        return headers.map { isHEVC ? ($0 >> 1) & 0x3F : $0 & 0x1F }
    }

    /// Whether `packet` holds an IDR slice (H.264 type 5, HEVC 19 or 20): a clean decoder entry point.
    public func isIDR(_ packet: Packet) -> Bool {
        nalUnitTypes(in: packet).contains { isHEVC ? $0 == 19 || $0 == 20 : $0 == 5 }
    }

    /// Whether a decoder can start on `packet` with nothing before it, as every part's first packet must:
    /// an IDR for H.264 and HEVC (a CRA may lead pictures that reference the part before), a keyframe for AV1,
    /// and any packet of ProRes or DNxHR, whose every frame is intra and a keyframe.
    public func isSelfContainedKeyframe(_ packet: Packet) -> Bool {
        guard packet.isKeyframe else { return false }
        switch codecParameters.pointee.codec_id {
        case AV_CODEC_ID_H264, AV_CODEC_ID_HEVC: return isIDR(packet)
        default: return true
        }
    }

    static func lengthPrefixedTypes(_ data: [UInt8], lengthSize: Int) -> [UInt8] {
        var types: [UInt8] = []
        var i = 0
        while i + lengthSize < data.count {
            var length = 0
            for k in 0..<lengthSize { length = length << 8 | Int(data[i + k]) }
            i += lengthSize
            guard length > 0, i + length <= data.count else { break }
            types.append(data[i])
            i += length
        }
        return types
    }

    static func annexBTypes(_ data: [UInt8]) -> [UInt8] {
        var types: [UInt8] = []
        var i = 0
        while i + 3 < data.count {
            if data[i] == 0, data[i + 1] == 0, data[i + 2] == 1 {
                types.append(data[i + 3])
                i += 3
            } else {
                i += 1
            }
        }
        return types
    }
}
