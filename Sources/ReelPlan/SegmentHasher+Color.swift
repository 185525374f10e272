import ReelModel

extension SegmentHasher {
    /// `output.colour` and a PQ output's HDR metadata, only when the colour is not SDR (so that existing
    /// compositions keep their hashes). The metadata is hashed in the integer steps the stream stores.
    mutating func encodeColor(_ o: OutputSettings) {
        // The picture path and its version, only when deep: an 8-bit plan's hashes are what they were.
        if plan.isDeep {
            e.tag(0xE2)
            e.string(Reel.deepPathVersion)
        }
        guard o.color != .sdr else { return }
        e.tag(0xE1)
        e.string(o.color.rawValue)
        let hdr = o.hdrMetadata ?? HDRMetadata()
        e.bool(hdr.masteringDisplay != nil)
        if let d = hdr.masteringDisplay { for v in d.steps { e.int(v) } }
        e.int(Int64(hdr.maxCLL ?? -1)); e.int(Int64(hdr.maxFALL ?? -1))
    }

    /// The matrix a clip's source is read with, only where it is BT.601 and Reel once read it as BT.709: an
    /// untagged SD Y′CbCr picture on either path, and any BT.601 one the deep path takes as the 8-bit path does
    /// (`Plan.fitsEightBitPath`). Those segments' pictures changed when both paths began to follow the untagged rule,
    /// so they hash apart from the old parts; every other source adds nothing, and its segments keep their hashes.
    mutating func encodeSourceMatrix(_ asset: AssetID) {
        guard let video = plan.options.media[asset]?.video, Plan.fitsEightBitPath(video), video.color.matrix == .bt601,
              ColorDescription.storesYCbCr(video.pixelFormat),
              plan.isDeep || video.colorTags.knownMatrix == nil else { return }
        e.tag(0xE3)
        e.string(video.color.matrix.rawValue)
    }
}
