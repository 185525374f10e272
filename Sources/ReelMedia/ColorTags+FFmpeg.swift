internal import CFFmpeg
import ReelModel

extension ColorTags {
    /// FFmpeg's names for a stream's or a frame's tags (`AVCodecParameters`, `AVFrame`): nil for "unspecified",
    /// and for RGB, which has no matrix to apply. With `ColorDescription.assumed` this gives a picture's colour.
    init(space: AVColorSpace, range: AVColorRange, primaries: AVColorPrimaries, transfer: AVColorTransferCharacteristic) {
        func name(_ s: UnsafePointer<CChar>?) -> String? { s.map { String(cString: $0) } }
        self.init(
            matrix: space == AVCOL_SPC_UNSPECIFIED || space == AVCOL_SPC_RGB ? nil : name(av_color_space_name(space)),
            range: range == AVCOL_RANGE_UNSPECIFIED ? nil : name(av_color_range_name(range)),
            primaries: primaries == AVCOL_PRI_UNSPECIFIED ? nil : name(av_color_primaries_name(primaries)),
            transfer: transfer == AVCOL_TRC_UNSPECIFIED ? nil : name(av_color_transfer_name(transfer)))
    }
}
