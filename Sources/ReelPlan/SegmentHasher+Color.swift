import ReelModel

extension SegmentHasher {
    /// `output.colour` and a PQ output's HDR metadata, only when the colour is not SDR (so that existing
    /// compositions keep their hashes). The metadata is hashed in the integer steps the stream stores.
    mutating func encodeColor(_ o: OutputSettings) {
        // The picture path, only when deep: an 8-bit plan's hashes are what they were.
        if plan.isDeep { e.tag(0xE2) }
        guard o.color != .sdr else { return }
        e.tag(0xE1)
        e.string(o.color.rawValue)
        let hdr = o.hdrMetadata ?? HDRMetadata()
        e.bool(hdr.masteringDisplay != nil)
        if let d = hdr.masteringDisplay { for v in d.steps { e.int(v) } }
        e.int(Int64(hdr.maxCLL ?? -1)); e.int(Int64(hdr.maxFALL ?? -1))
    }
}
