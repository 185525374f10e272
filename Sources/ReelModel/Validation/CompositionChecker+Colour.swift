extension CompositionChecker {
    /// A source whose colour Reel cannot read is refused here, before anything is rendered or queued, naming the
    /// file and the tag: a Dolby Vision stream without a base layer a player can show (profile 5), and a matrix,
    /// range, primaries or transfer tag that is none of Reel's (`ColorTags.unsupported`: `bt2020c`, `smpte428`,
    /// `film` …). Taking the untagged rule instead would render such a picture in shifted colours without a word.
    func checkColour(_ v: CompositionDocument.VideoEntry, _ f: MediaFacts, _ video: MediaFacts.Video) {
        let path = JSONPath.member(v.origin, "asset")
        if let dv = video.dolbyVision, dv.baseLayer == nil {
            log.add(path, "\(f.path): \(dv.reading); convert it to HDR10 (PQ) or HLG first")
        }
        for tag in video.colorTags.unsupported {
            log.add(path, "\(f.path): colour \(tag) is not one Reel reads (it converts BT.601, BT.709, BT.2020 NCL, "
                    + "Display P3, sRGB, PQ and HLG); convert or retag the file first")
        }
    }
}
