internal import CFFmpeg
import ReelModel

extension MediaProbe {
    static func videoFacts(_ demuxer: Demuxer, _ index: Int32,
                           scanKeyframes: Bool) throws(MediaError) -> MediaFacts.Video {
        let st = demuxer.stream(index)
        let par = st.pointee.codecpar!
        let rate = st.pointee.avg_frame_rate
        let frameRate = rate.num > 0 && rate.den > 0 ? try? FrameRate(rate.num, rate.den) : nil
        let keyframes = scanKeyframes ? try scannedKeyframes(demuxer, index) : try indexedKeyframes(demuxer, index)
        let width = Int(par.pointee.width), height = Int(par.pointee.height)
        let probed = try probedColor(demuxer, index)
        var video = MediaFacts.Video(codec: try codecName(par, path: demuxer.path), width: width, height: height,
                                rotation: rotation(of: st), frameRate: frameRate,
                                duration: try duration(demuxer, index), keyframes: keyframes,
                                isStill: InputPolicy.isStillImage(demuxer.context),
                                pixelFormat: probed.pixelFormat, bitDepth: probed.bitDepth, colorTags: probed.tags,
                                color: probed.color(width: width, height: height), hdr: probed.hdr,
                                dolbyVision: probed.dolbyVision)
        video.bitRate = par.pointee.bit_rate > 0 ? par.pointee.bit_rate : nil
        return video
    }

    /// Clockwise rotation from the display matrix, snapped to 0, 90, 180 or 270.
    /// `av_display_rotation_get` returns the counterclockwise angle, so the sign is flipped.
    /// A mirroring matrix gives the rotation that goes with its flip (`ScalerMirror`).
    static func rotation(of stream: UnsafeMutablePointer<AVStream>) -> Int {
        ScalerMirror.orientation(of: stream).rotation
    }

    /// Keyframe times from the demuxer's index, shifted from decode to presentation time by the
    /// first packet's `pts − dts`. Only a complete index (one entry per frame, as an MP4 sample
    /// table gives) is trusted; a partial one (MPEG-TS, built while reading) yields no keyframes.
    static func indexedKeyframes(_ demuxer: Demuxer, _ index: Int32) throws(MediaError) -> [RationalTime] {
        let st = demuxer.stream(index)
        let count = avformat_index_get_entries_count(st)
        guard count > 0, DecoderStream.isIndexComplete(st) else { return [] }
        let shift = try firstPacketShift(demuxer, index)
        let clock = try DecoderClock(demuxer: demuxer, stream: st)
        var times: [RationalTime] = []
        for i in 0..<count {
            var ts: Int64 = 0, flags: Int32 = 0
            guard reel_index_entry(st, i, &ts, &flags) != 0, flags & AVINDEX_KEYFRAME != 0,
                  flags & AVINDEX_DISCARD_FRAME == 0 else { continue }
            let (shifted, overflow) = ts.addingReportingOverflow(shift)
            guard !overflow else { continue }
            times.append(try clock.mediaTime(ofTicks: shifted))
        }
        return times.sorted()
    }

    /// `pts − dts` of the first packet of the stream (0 when either is unknown).
    static func firstPacketShift(_ demuxer: Demuxer, _ index: Int32) throws(MediaError) -> Int64 {
        let packet = DemuxerPacket()
        defer { _ = try? demuxer.seek(streamIndex: index, to: Int64.min) }
        guard try demuxer.read(streamIndex: index, into: packet) else { return 0 }
        let p = packet.pointer.pointee
        guard p.pts != avNoPTS, p.dts != avNoPTS else { return 0 }
        let (shift, overflow) = p.pts.subtractingReportingOverflow(p.dts)
        return overflow ? 0 : shift
    }

    /// Keyframe times from every video packet's presentation timestamp.
    static func scannedKeyframes(_ demuxer: Demuxer, _ index: Int32) throws(MediaError) -> [RationalTime] {
        let st = demuxer.stream(index)
        let clock = try DecoderClock(demuxer: demuxer, stream: st)
        let packet = DemuxerPacket()
        var times: [RationalTime] = []
        while try demuxer.read(streamIndex: index, into: packet) {
            let p = packet.pointer.pointee
            guard p.flags & AV_PKT_FLAG_KEY != 0, p.flags & AV_PKT_FLAG_DISCARD == 0, p.pts != avNoPTS else { continue }
            times.append(try clock.mediaTime(ofTicks: p.pts))
        }
        return times.sorted()
    }
}
