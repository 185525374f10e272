internal import CFFmpeg
import ReelModel

/// FFmpeg's colour codes (ITU-T H.273) for a `ColorDescription`, both ways: what a source's tags mean, and what
/// an output is tagged with. The one place ReelMedia maps between the two.
extension ColorDescription {
    /// The description a stream's codec parameters give: the tags (`ColorTags`) through the untagged rule
    /// (`ColorDescription.assumed`), which fills each untagged field and takes a JPEG (`yuvj…`) pixel format as full
    /// range; RGB, palette and grey sources read as BT.709, the matrix swscale turns them into Y′CbCr with
    /// (`ColorDescription.storesYCbCr`).
    /// - Throws: `MediaError.invalidData` naming the file and the tag for a matrix, primaries or transfer Reel
    ///   does not read (`bt2020c`, `ictcp`, `film`, `log100` …): decoding it as something else would shift its
    ///   colours silently.
    init(parameters p: UnsafeMutablePointer<AVCodecParameters>, path: String) throws(MediaError) {
        let format = AVPixelFormat(rawValue: p.pointee.format)
        let tags = ColorTags(space: p.pointee.color_space, range: p.pointee.color_range,
                             primaries: p.pointee.color_primaries, transfer: p.pointee.color_trc)
        if let unknown = tags.unsupported.first {
            throw .invalidData(path: path, message: "colour \(unknown) is not one Reel reads")
        }
        let name = av_get_pix_fmt_name(format).map { String(cString: $0) }
        self = ColorDescription.assumed(width: Int(p.pointee.width), height: Int(p.pointee.height),
                                        pixelFormat: name, tags: tags)
        if !ColorDescription.storesYCbCr(name) { matrix = .bt709 }
    }

    /// Whether a stream's pictures are full range: tagged so, or in a JPEG pixel format.
    static func isFullRange(_ p: UnsafeMutablePointer<AVCodecParameters>) -> Bool {
        p.pointee.color_range == AVCOL_RANGE_JPEG || isJPEGFormat(AVPixelFormat(rawValue: p.pointee.format))
    }

    /// Whether `format` is one of the full-range JPEG pixel formats (`yuvj420p` …).
    static func isJPEGFormat(_ format: AVPixelFormat) -> Bool {
        [AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUVJ440P].contains(format)
    }

    /// The output's tags: BT.601 takes the `bt470bg` matrix code with 625-line primaries, else `smpte170m`
    /// (the two codes name the same matrix).
    var avColorSpace: AVColorSpace {
        switch matrix {
        case .bt601: return primaries == .bt601_625 ? AVCOL_SPC_BT470BG : AVCOL_SPC_SMPTE170M
        case .bt709: return AVCOL_SPC_BT709
        case .bt2020ncl: return AVCOL_SPC_BT2020_NCL
        }
    }

    var avPrimaries: AVColorPrimaries {
        switch primaries {
        case .bt601_625: return AVCOL_PRI_BT470BG
        case .bt601_525: return AVCOL_PRI_SMPTE170M
        case .bt709: return AVCOL_PRI_BT709
        case .bt2020: return AVCOL_PRI_BT2020
        case .displayP3: return AVCOL_PRI_SMPTE432
        }
    }

    var avTransfer: AVColorTransferCharacteristic {
        switch transfer {
        case .bt709: return AVCOL_TRC_BT709
        case .srgb: return AVCOL_TRC_IEC61966_2_1
        case .pq: return AVCOL_TRC_SMPTE2084
        case .hlg: return AVCOL_TRC_ARIB_STD_B67
        }
    }

    var avRange: AVColorRange { range == .full ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG }

    /// x265's VUI options, which take FFmpeg's names (`bt2020`, `arib-std-b67`, `bt2020nc`).
    var x265Params: [String] {
        ["colorprim=" + String(cString: av_color_primaries_name(avPrimaries)),
         "transfer=" + String(cString: av_color_transfer_name(avTransfer)),
         "colormatrix=" + String(cString: av_color_space_name(avColorSpace)),
         "range=" + (range == .full ? "full" : "limited")]
    }
}
