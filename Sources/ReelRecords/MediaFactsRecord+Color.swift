import ReelModel

extension MediaFactsRecord {
    /// A video stream's colour facts (`MediaFacts.Video.pixelFormat` … `dolbyVision`), every value exact: the
    /// description by its case names, the mastering display in the integer steps the stream stores.
    public struct ColorFacts: Codable, Sendable, Hashable {
        public var pixelFormat: String?
        public var bitDepth: Int
        /// The tags as read: matrix, range, primaries, transfer (FFmpeg's names; nil when untagged).
        public var tags: [String?]
        /// The description used: matrix, range, primaries, transfer (`ColorDescription`'s case names).
        public var color: [String]
        /// rx, ry, gx, gy, bx, by, wx, wy in 1/50000, then min and max luminance in 1/10000 cd/m².
        public var masteringDisplay: [Int64]?
        public var maxCLL: Int?
        public var maxFALL: Int?
        /// profile, level, rpu, el, bl (0 or 1), compatibility id.
        public var dolbyVision: [Int]?

        init(_ v: MediaFacts.Video) {
            pixelFormat = v.pixelFormat
            bitDepth = v.bitDepth
            tags = [v.colorTags.matrix, v.colorTags.range, v.colorTags.primaries, v.colorTags.transfer]
            color = [v.color.matrix.rawValue, v.color.range.rawValue, v.color.primaries.rawValue, v.color.transfer.rawValue]
            masteringDisplay = v.hdr?.masteringDisplay?.steps
            maxCLL = v.hdr?.maxCLL
            maxFALL = v.hdr?.maxFALL
            dolbyVision = v.dolbyVision.map { d in
                [d.profile, d.level, d.rpuPresent ? 1 : 0, d.enhancementLayerPresent ? 1 : 0, d.baseLayerPresent ? 1 : 0,
                 d.compatibilityID]
            }
        }

        /// `video` with these facts; nil for values no probe gives (an unknown case name, a wrong count).
        func apply(to video: MediaFacts.Video) -> MediaFacts.Video? {
            guard (1...16).contains(bitDepth), tags.count == 4, color.count == 4,
                  let matrix = ColorDescription.Matrix(rawValue: color[0]), let range = ColorDescription.Range(rawValue: color[1]),
                  let primaries = ColorDescription.Primaries(rawValue: color[2]),
                  let transfer = ColorDescription.Transfer(rawValue: color[3]) else { return nil }
            var v = video
            v.pixelFormat = pixelFormat
            v.bitDepth = bitDepth
            v.colorTags = ColorTags(matrix: tags[0], range: tags[1], primaries: tags[2], transfer: tags[3])
            v.color = ColorDescription(matrix: matrix, range: range, primaries: primaries, transfer: transfer)
            if let m = masteringDisplay {
                guard let display = HDRMetadata.MasteringDisplay(steps: m) else { return nil }
                v.hdr = HDRMetadata(masteringDisplay: display, maxCLL: maxCLL, maxFALL: maxFALL)
            } else if maxCLL != nil || maxFALL != nil {
                v.hdr = HDRMetadata(maxCLL: maxCLL, maxFALL: maxFALL)
            }
            if let d = dolbyVision {
                guard d.count == 6 else { return nil }
                v.dolbyVision = DolbyVision(profile: d[0], level: d[1], rpuPresent: d[2] != 0, enhancementLayerPresent: d[3] != 0,
                                            baseLayerPresent: d[4] != 0, compatibilityID: d[5])
            }
            return v
        }
    }
}
