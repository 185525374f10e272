internal import CFFmpeg
import Foundation

/// Still images (PNG and JPEG files) as single-picture inputs.
///
/// FFmpeg picks its `image2` demuxer for such a file by name, and `image2` is refused (it reads
/// sequences of other files). So a file that *starts* like a PNG or a JPEG is opened with the
/// single-file `png_pipe` or `jpeg_pipe` demuxer instead: the content decides, not the name.
extension InputPolicy {
    /// File signatures and the single-image demuxer each one opens with.
    static let stillSignatures: [(magic: [UInt8], demuxer: String)] = [
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "png_pipe"),
        ([0xFF, 0xD8, 0xFF], "jpeg_pipe"),
    ]

    /// The demuxer to force for a file whose first bytes (`head`) are a still image's signature, else nil.
    static func stillFormat(_ head: [UInt8]) -> UnsafePointer<AVInputFormat>? {
        guard let match = stillSignatures.first(where: { head.starts(with: $0.magic) }) else { return nil }
        return av_find_input_format(match.demuxer)
    }

    /// True when the context was opened as a single still image.
    static func isStillImage(_ context: UnsafeMutablePointer<AVFormatContext>) -> Bool {
        guard let format = context.pointee.iformat else { return false }
        let name = String(cString: format.pointee.name)
        return stillSignatures.contains { $0.demuxer == name }
    }
}
