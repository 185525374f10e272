extension PacketReader {
    /// The NAL length-field size from `avcC` (`lengthSizeMinusOne + 1`), or `nil` for Annex B streams.
    public var nalLengthSize: Int? {
        let avcC = extradata
        guard avcC.count >= 7, avcC[0] == 1 else { return nil }
        return Int(avcC[4] & 0x3) + 1
    }

    /// The `nal_unit_type` of every NAL unit in `packet` (5 = IDR slice, 1 = non-IDR slice,
    /// 6 = SEI, 7/8 = SPS/PPS). Handles both `avcC` length prefixes and Annex B start codes.
    public func nalUnitTypes(in packet: Packet) -> [UInt8] {
        let data = packet.bytes
        if let size = nalLengthSize { return Self.lengthPrefixedTypes(data, lengthSize: size) }
        return Self.annexBTypes(data)
    }

    /// Whether `packet` holds an IDR slice: a clean decoder entry point.
    public func isIDR(_ packet: Packet) -> Bool { nalUnitTypes(in: packet).contains(5) }

    static func lengthPrefixedTypes(_ data: [UInt8], lengthSize: Int) -> [UInt8] {
        var types: [UInt8] = []
        var i = 0
        while i + lengthSize < data.count {
            var length = 0
            for k in 0..<lengthSize { length = length << 8 | Int(data[i + k]) }
            i += lengthSize
            guard length > 0, i + length <= data.count else { break }
            types.append(data[i] & 0x1F)
            i += length
        }
        return types
    }

    static func annexBTypes(_ data: [UInt8]) -> [UInt8] {
        var types: [UInt8] = []
        var i = 0
        while i + 3 < data.count {
            if data[i] == 0, data[i + 1] == 0, data[i + 2] == 1 {
                types.append(data[i + 3] & 0x1F)
                i += 3
            } else {
                i += 1
            }
        }
        return types
    }
}
