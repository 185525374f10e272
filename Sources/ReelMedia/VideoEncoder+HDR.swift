import ReelModel

/// The colour and HDR options x265 takes in its own parameters.
extension VideoEncoder {
    /// x265's colour parameters for an output other than BT.709 SDR (FFmpeg's wrapper writes the same VUI from
    /// the context; naming them here too keeps the x265 line complete beside `master-display`), and for `hdr`:
    /// `master-display` (SMPTE ST 2086, units of 0.00002 in xy and 0.0001 cd/m²) and `max-cll`, written as SEI
    /// on every keyframe, so each part carries them. For PQ, `hdr10=1` signals HDR10 (`hdr10-opt`, a
    /// rate-distortion tuning, is left out: it is a quality choice, not signalling). BT.709 SDR without `hdr`
    /// adds nothing, so today's outputs keep their bytes.
    static func x265ColorParams(_ color: ColorDescription, hdr: HDRMetadata?) -> [String] {
        guard color != .bt709 || hdr != nil else { return [] }
        var params = color.x265Params
        if let display = hdr?.masteringDisplay {
            let xy = display.codedPrimaries, lum = display.codedLuminance
            // x265's order is green, blue, red, white point.
            params.append("master-display=G(\(xy[2]),\(xy[3]))B(\(xy[4]),\(xy[5]))R(\(xy[0]),\(xy[1]))"
                          + "WP(\(xy[6]),\(xy[7]))L(\(lum.max),\(lum.min))")
        }
        if let hdr, hdr.maxCLL != nil || hdr.maxFALL != nil {
            params.append("max-cll=\(hdr.maxCLL ?? 0),\(hdr.maxFALL ?? 0)")
        }
        if color.transfer == .pq && hdr != nil { params.append("hdr10=1") }
        return params
    }
}
