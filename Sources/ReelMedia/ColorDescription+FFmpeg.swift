internal import CFFmpeg
import ReelModel

/// FFmpeg's colour codes (ITU-T H.273) for a `ColorDescription`, both ways: what a source's tags mean, and what
/// an output is tagged with. The one place ReelMedia maps between the two.
extension ColorDescription {
    /// The description a stream's codec parameters give: each tagged field as tagged, each untagged one as
    /// `ColorDescription.assumed(width:height:)` says; full range when tagged so or when the pixel format is a
    /// JPEG (`yuvj…`) one. Legacy SD curves (`bt470m`, `bt470bg`, `smpte170m`, `smpte240m`) and the BT.2020 SDR
    /// curves read as the BT.709 transfer, the curve they share in practice; RGB sources read as BT.709, the
    /// matrix swscale turns them into Y′CbCr with.
    /// - Throws: `MediaError.invalidData` naming the file and the tag for a matrix, primaries or transfer Reel
    ///   does not read (`bt2020c`, `ictcp`, `film`, `log100` …).
    init(parameters p: UnsafeMutablePointer<AVCodecParameters>, path: String) throws(MediaError) {
        let assumed = ColorDescription.assumed(width: Int(p.pointee.width), height: Int(p.pointee.height))
        let format = AVPixelFormat(rawValue: p.pointee.format)
        let rgb = av_pix_fmt_desc_get(format).map { $0.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0 } ?? false
        func refuse(_ what: String, _ name: UnsafePointer<CChar>?) -> MediaError {
            .invalidData(path: path, message: "colour \(what) '\(name.map { String(cString: $0) } ?? "?")' is not one Reel reads")
        }
        guard let matrix = rgb ? .bt709 : Self.matrix(p.pointee.color_space, assumed: assumed.matrix) else {
            throw refuse("matrix", av_color_space_name(p.pointee.color_space))
        }
        guard let primaries = Self.primaries(p.pointee.color_primaries, assumed: assumed.primaries) else {
            throw refuse("primaries", av_color_primaries_name(p.pointee.color_primaries))
        }
        guard let transfer = Self.transfer(p.pointee.color_trc, assumed: assumed.transfer) else {
            throw refuse("transfer", av_color_transfer_name(p.pointee.color_trc))
        }
        self.init(matrix: matrix, range: Self.isFullRange(p) ? .full : .limited, primaries: primaries,
                  transfer: transfer)
    }

    /// Whether a stream's pictures are full range: tagged so, or in a JPEG pixel format.
    static func isFullRange(_ p: UnsafeMutablePointer<AVCodecParameters>) -> Bool {
        p.pointee.color_range == AVCOL_RANGE_JPEG || isJPEGFormat(AVPixelFormat(rawValue: p.pointee.format))
    }

    /// Whether `format` is one of the full-range JPEG pixel formats (`yuvj420p` …).
    static func isJPEGFormat(_ format: AVPixelFormat) -> Bool {
        [AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUVJ440P].contains(format)
    }

    private static func matrix(_ c: AVColorSpace, assumed: Matrix) -> Matrix? {
        switch c {
        case AVCOL_SPC_UNSPECIFIED, AVCOL_SPC_RESERVED: return assumed
        case AVCOL_SPC_BT709: return .bt709
        case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M: return .bt601
        case AVCOL_SPC_BT2020_NCL: return .bt2020ncl
        default: return nil
        }
    }

    private static func primaries(_ c: AVColorPrimaries, assumed: Primaries) -> Primaries? {
        switch c {
        case AVCOL_PRI_UNSPECIFIED, AVCOL_PRI_RESERVED, AVCOL_PRI_RESERVED0: return assumed
        case AVCOL_PRI_BT709: return .bt709
        case AVCOL_PRI_BT470BG: return .bt601_625
        case AVCOL_PRI_SMPTE170M, AVCOL_PRI_SMPTE240M: return .bt601_525
        case AVCOL_PRI_BT2020: return .bt2020
        case AVCOL_PRI_SMPTE432: return .displayP3
        default: return nil
        }
    }

    private static func transfer(_ c: AVColorTransferCharacteristic, assumed: Transfer) -> Transfer? {
        switch c {
        case AVCOL_TRC_UNSPECIFIED, AVCOL_TRC_RESERVED, AVCOL_TRC_RESERVED0: return assumed
        case AVCOL_TRC_BT709, AVCOL_TRC_SMPTE170M, AVCOL_TRC_SMPTE240M, AVCOL_TRC_GAMMA22, AVCOL_TRC_GAMMA28,
             AVCOL_TRC_BT2020_10, AVCOL_TRC_BT2020_12: return .bt709
        case AVCOL_TRC_IEC61966_2_1: return .srgb
        case AVCOL_TRC_SMPTE2084: return .pq
        case AVCOL_TRC_ARIB_STD_B67: return .hlg
        default: return nil
        }
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
