import ReelModel

/// Which picture path renders the plan: the one place that decides it (docs/colour.md, "Which path runs").
extension Plan {
    /// Whether frames are composed on the deep path (16-bit 4:4:4 `DeepFrame`s in the output's colour, then
    /// dithered to the encoder's depth) rather than today's 8-bit BT.709 path.
    ///
    /// Deep when the output is HDR (`output.colour` ≠ sdr), stores more than 8 bits or other chroma than 4:2:0,
    /// or when any video source (clip or still) does not fit the 8-bit path (`fitsEightBitPath`). A source without
    /// probe facts counts as 8-bit BT.709. The 8-bit path stays bit for bit what it was, and its segments' hashes
    /// too: only a deep plan hashes the path (`SegmentHasher`), so parts of the two paths never mix.
    public static func usesDeepPath(output: OutputSettings, clips: [PlacedClip],
                                    media: [AssetID: MediaFacts]) -> Bool {
        if output.color != .sdr || output.video.storedBitDepth > 8 || output.video.storedChroma != .yuv420 {
            return true
        }
        return clips.contains { placed in
            guard placed.track.kind == .video, let video = media[placed.clip.asset]?.video else { return false }
            return !fitsEightBitPath(video)
        }
    }

    /// Whether the 8-bit path shows `video` as Reel always has: 8 bits, an SDR transfer of the BT.709 family
    /// (BT.709, BT.601, sRGB), BT.709 or BT.601 primaries and matrix, either range. That is BT.709 SDR and what
    /// the untagged rule calls the SD pictures (BT.601), which the 8-bit path takes by a matrix conversion alone, as
    /// it always did (demo media among them); a wide gamut (BT.2020, Display P3), HDR or more bits go deep.
    public static func fitsEightBitPath(_ video: MediaFacts.Video) -> Bool {
        let c = video.color
        return video.bitDepth <= 8 && [.bt709, .srgb].contains(c.transfer)
            && [.bt709, .bt601_625, .bt601_525].contains(c.primaries) && [.bt709, .bt601].contains(c.matrix)
    }
}
