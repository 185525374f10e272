import ReelModel

/// Which picture path renders the plan: the one place that decides it (docs/colour.md, "Which path runs").
extension Plan {
    /// Whether frames are composed on the deep path (16-bit 4:4:4 `DeepFrame`s in the output's colour, then
    /// dithered to the encoder's depth) rather than today's 8-bit BT.709 path.
    ///
    /// Deep when the output is HDR (`output.colour` ≠ sdr), stores more than 8 bits or other chroma than 4:2:0,
    /// or when any video source (clip or still) is deeper than 8 bits or not BT.709 SDR by its probed colour
    /// (`MediaFacts.Video.color`, the untagged rule applied; a full-range picture still counts as BT.709, the
    /// 8-bit path scales its range). A source without probe facts counts as 8-bit BT.709.
    /// The 8-bit path stays bit for bit what it was, and its segments' hashes too: only a deep plan hashes
    /// the path (`SegmentHasher`), so parts of the two paths never mix.
    public static func usesDeepPath(output: OutputSettings, clips: [PlacedClip],
                                    media: [AssetID: MediaFacts]) -> Bool {
        if output.color != .sdr || output.video.storedBitDepth > 8 || output.video.storedChroma != .yuv420 {
            return true
        }
        return clips.contains { placed in
            guard placed.track.kind == .video, let video = media[placed.clip.asset]?.video else { return false }
            var colour = video.color
            colour.range = .limited
            return video.bitDepth > 8 || colour != .bt709
        }
    }
}
