internal import CFFmpeg
import ReelModel

/// A video stream's colour as the probe reads it: the tags, the bit depth, the HDR side data (the stream's, else
/// its first frame's) and a Dolby Vision configuration record.
struct ProbedColor {
    var pixelFormat: String?
    var bitDepth = 8
    var tags = ColorTags()
    var hdr: HDRMetadata?
    var dolbyVision: DolbyVision?

    /// The colour the picture is read in: a Dolby Vision stream's base layer where its own tags say nothing,
    /// else the tags completed by the untagged rule (`ColorDescription.assumed`).
    func color(width: Int, height: Int) -> ColorDescription {
        let read = ColorDescription.assumed(width: width, height: height, pixelFormat: pixelFormat, tags: tags)
        guard let base = dolbyVision?.baseLayer, tags.knownTransfer == nil else { return read }
        return ColorDescription(matrix: tags.knownMatrix ?? base.matrix, range: tags.knownRange ?? base.range,
                                primaries: tags.knownPrimaries ?? base.primaries, transfer: base.transfer)
    }
}

extension MediaProbe {
    /// Reads the colour of stream `index`; decodes its first frame only when an HDR stream carries no
    /// mastering-display or light-level side data of its own (HEVC keeps them in SEI messages).
    static func probedColor(_ demuxer: Demuxer, _ index: Int32) throws(MediaError) -> ProbedColor {
        let st = demuxer.stream(index)
        let par = st.pointee.codecpar.pointee
        var probed = ProbedColor()
        let format = AVPixelFormat(rawValue: par.format)
        if par.format >= 0, let name = av_get_pix_fmt_name(format) { probed.pixelFormat = String(cString: name) }
        if let desc = av_pix_fmt_desc_get(format) { probed.bitDepth = Int(desc.pointee.comp.0.depth) }
        probed.tags = ColorTags(space: par.color_space, range: par.color_range, primaries: par.color_primaries,
                                transfer: par.color_trc)
        probed.dolbyVision = dolbyVision(st)
        probed.hdr = streamHDR(st)
        if probed.hdr == nil, probed.tags.knownTransfer?.isHDR == true {
            probed.hdr = try firstFrameHDR(demuxer, index)
        }
        return probed
    }

    /// The `AV_PKT_DATA_DOVI_CONF` side data (from an MP4 `dvcC`/`dvvC` box or Matroska's block addition mapping).
    static func dolbyVision(_ st: UnsafeMutablePointer<AVStream>) -> DolbyVision? {
        var size = 0
        guard let data = av_stream_get_side_data(st, AV_PKT_DATA_DOVI_CONF, &size),
              size >= MemoryLayout<AVDOVIDecoderConfigurationRecord>.size else { return nil }
        let r = UnsafeRawPointer(data).loadUnaligned(as: AVDOVIDecoderConfigurationRecord.self)
        return DolbyVision(profile: Int(r.dv_profile), level: Int(r.dv_level), rpuPresent: r.rpu_present_flag != 0,
                           enhancementLayerPresent: r.el_present_flag != 0, baseLayerPresent: r.bl_present_flag != 0,
                           compatibilityID: Int(r.dv_bl_signal_compatibility_id))
    }

    /// Mastering display and content light level from the stream's side data (MP4 `mdcv`/`clli`, Matroska).
    static func streamHDR(_ st: UnsafeMutablePointer<AVStream>) -> HDRMetadata? {
        var displaySize = 0, lightSize = 0
        let display = av_stream_get_side_data(st, AV_PKT_DATA_MASTERING_DISPLAY_METADATA, &displaySize)
        let light = av_stream_get_side_data(st, AV_PKT_DATA_CONTENT_LIGHT_LEVEL, &lightSize)
        return hdr(display: display.map(UnsafeRawPointer.init), displaySize, light: light.map(UnsafeRawPointer.init), lightSize)
    }

    /// The same side data on the first decoded frame; the demuxer is rewound afterwards.
    static func firstFrameHDR(_ demuxer: Demuxer, _ index: Int32) throws(MediaError) -> HDRMetadata? {
        let decoder = try Decoder(stream: demuxer.stream(index), path: demuxer.path, threaded: false)
        let packet = DemuxerPacket(), frame = DecoderFrame()
        defer { _ = try? demuxer.seek(streamIndex: index, to: Int64.min) }
        var sent = 0
        // A bounded search: HEVC sends its SEI with the first picture, so a few packets are plenty.
        while sent < 16 {
            switch try decoder.receive(into: frame) {
            case .frame:
                let display = av_frame_get_side_data(frame.pointer, AV_FRAME_DATA_MASTERING_DISPLAY_METADATA)
                let light = av_frame_get_side_data(frame.pointer, AV_FRAME_DATA_CONTENT_LIGHT_LEVEL)
                return hdr(display: display.map { UnsafeRawPointer($0.pointee.data) }, display?.pointee.size ?? 0,
                           light: light.map { UnsafeRawPointer($0.pointee.data) }, light?.pointee.size ?? 0)
            case .finished: return nil
            case .needsInput:
                if try demuxer.read(streamIndex: index, into: packet) { try decoder.send(packet.pointer) } else { try decoder.send(nil) }
                sent += 1
            }
        }
        return nil
    }

    /// The metadata in an `AVMasteringDisplayMetadata` and an `AVContentLightMetadata` of the sizes given
    /// (stream and frame side data carry the same structures); nil when neither holds anything.
    static func hdr(display: UnsafeRawPointer?, _ displaySize: Int, light: UnsafeRawPointer?, _ lightSize: Int) -> HDRMetadata? {
        var hdr = HDRMetadata()
        if let display, displaySize >= MemoryLayout<AVMasteringDisplayMetadata>.size {
            hdr.masteringDisplay = masteringDisplay(display.loadUnaligned(as: AVMasteringDisplayMetadata.self))
        }
        if let light, lightSize >= MemoryLayout<AVContentLightMetadata>.size {
            let level = light.loadUnaligned(as: AVContentLightMetadata.self)
            hdr.maxCLL = Int(level.MaxCLL)
            hdr.maxFALL = Int(level.MaxFALL)
        }
        return hdr == HDRMetadata() ? nil : hdr
    }

    /// Only a display with both primaries and luminance is kept (half a record describes no display).
    static func masteringDisplay(_ m: AVMasteringDisplayMetadata) -> HDRMetadata.MasteringDisplay? {
        guard m.has_primaries != 0, m.has_luminance != 0 else { return nil }
        func value(_ r: AVRational) -> Double { r.den == 0 ? 0 : Double(r.num) / Double(r.den) }
        let p = m.display_primaries
        let xy = [p.0.0, p.0.1, p.1.0, p.1.1, p.2.0, p.2.1, m.white_point.0, m.white_point.1].map(value)
        return HDRMetadata.MasteringDisplay(primaries: xy, minLuminance: value(m.min_luminance),
                                            maxLuminance: value(m.max_luminance)).quantized
    }
}
