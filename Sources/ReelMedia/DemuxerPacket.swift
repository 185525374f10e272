internal import CFFmpeg

/// Owns one `AVPacket`, reused for every read.
final class DemuxerPacket {
    let pointer: UnsafeMutablePointer<AVPacket>

    init() {
        guard let p = av_packet_alloc() else { fatalError("av_packet_alloc: out of memory") }
        pointer = p
    }

    deinit {
        var p: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&p)
    }
}
