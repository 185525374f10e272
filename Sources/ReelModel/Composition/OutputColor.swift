/// `output.colour`: the colour the final file is written in. SDR is BT.709, today's output and the default; the
/// HDR ones are BT.2100 (BT.2020 primaries and matrix) with the HLG or PQ transfer.
///
/// An HDR output needs 10 bits: HEVC Main10, H.264 High 10 (or High 4:2:2 at 10 bits), ProRes (any profile),
/// DNxHR HQX or 444, or AV1 10-bit. When `output.video` leaves out `bitDepth`, HEVC and AV1 take 10 for an HDR
/// output; H.264 stays 8-bit unless told (a 10-bit H.264 file plays on few devices, so it is asked for, not
/// implied), and is refused at 8 bits.
public enum OutputColor: String, CaseIterable, Sendable, Hashable {
    case sdr, hlg, pq

    /// The colour written: BT.709, BT.2100 HLG or BT.2100 PQ (limited range).
    public var colorDescription: ColorDescription {
        switch self {
        case .sdr: return .bt709
        case .hlg: return .hlg
        case .pq: return .pq
        }
    }

    public var isHDR: Bool { self != .sdr }

    /// The codecs whose `bitDepth` is 10 when an HDR output leaves it out.
    public static let impliedTenBit: Set<VideoCodec> = [.hevc, .av1]

    /// Why `video` cannot carry this colour, nil when it can (or when the colour is SDR).
    public func problem(video: VideoCodecSettings) -> String? {
        guard isHDR, video.storedBitDepth < 10 else { return nil }
        let hdr = "an HDR output (\"\(rawValue)\") needs 10-bit video"
        switch video.codec {
        case .h264:
            return "\(hdr); H.264 here is 8-bit: give \"bitDepth\": 10 (High 10), or use hevc or av1, where 10 is implied"
        case .hevc, .av1:
            return "\(hdr); \(video.codec.rawValue) is set to bitDepth \(video.bitDepth): give 10, or leave it out"
        case .dnxhr:
            return "\(hdr); DNxHR \(video.profile ?? "hq") is 8-bit: use profile hqx or 444"
        case .prores:
            return nil
        }
    }
}
