extension OutputMuxer {
    /// Reserves room for the index (`moov`) at the front of an MP4, MOV or M4V for a programme of `frames` video
    /// frames and `samples` audio samples, so that `finish` writes it there and the file needs no second pass.
    /// `+faststart` instead copies the whole file once the last packet is in: about 1.5 s per GB here, minutes for a
    /// feature film's 100–200 GB ProRes master. The room is an upper bound (`indexBound`); what the index leaves of it
    /// is a `free` box (players skip it). The file still plays progressively: `moov` before `mdat`.
    /// Call before the first packet; does nothing for other containers or without faststart.
    public func reserveIndex(frames: Int64, samples: Int64) {
        precondition(!headerWritten, "reserve the index before writing")
        reservation = (max(0, frames), max(0, samples))
    }

    /// Bytes of `moov` a programme can need at most, from its sample counts: FFmpeg's movenc writes per sample at
    /// most `stsz` 4, `stts` 8, `ctts` 8, `stss` 4 and `sdtp` 1 bytes, and per chunk (never more chunks than
    /// samples) `stsc` 12 and `co64` 8 (45; 48 taken). Audio is counted in the encoder's packets: its samples plus two
    /// frames of priming and padding. A chapter costs its sample in the chapter track and its title in `chpl` (at
    /// most 255 bytes). The rest (boxes of fixed size, edit lists, codec configuration, HDR side data, metadata) is
    /// 64 KiB plus the streams' extradata. nil when nothing was reserved for.
    func indexBound() -> Int64? {
        guard let reservation, Self.isISOMedia(container) else { return nil }
        let perSample: Int64 = 48, fixed: Int64 = 65_536, perChapter: Int64 = 512
        var samples = reservation.frames
        if let audio {
            let frame = Int64(max(1, audio.encoder.frameSize))
            samples += (reservation.samples + 2 * frame + frame - 1) / frame + 16
        }
        return fixed + Int64(extradataBytes) + samples * perSample + Int64(chapterCount) * perChapter
    }
}
