internal import CFFmpeg
import ReelModel

/// How float samples become the PCM output's samples: FFmpeg's encoder, the sample format it takes, and the
/// conversion. Integers are round-to-nearest of `x · 2^(bits−1)`, clipped to the format's range (NaN as 0), with no
/// dither, so the same programme always gives the same bytes; 24-bit samples ride in the top 24 bits of an `Int32`
/// (`pcm_s24le` takes `AV_SAMPLE_FMT_S32`). Float is stored as is.
struct PCMQuantizer {
    let format: AudioCodecSettings.SampleFormat

    init(_ format: AudioCodecSettings.SampleFormat) { self.format = format }

    var encoderName: String { "pcm_\(format.rawValue)le" }

    var avFormat: AVSampleFormat {
        switch format {
        case .s16: return AV_SAMPLE_FMT_S16
        case .s24, .s32: return AV_SAMPLE_FMT_S32
        case .f32: return AV_SAMPLE_FMT_FLT
        }
    }

    /// Bytes per sample in the FIFO.
    var bytesPerSample: Int { format == .s16 ? 2 : 4 }

    /// The integer sample of `x` for `bits` significant bits, before any shift.
    static func quantize(_ x: Float, bits: Int) -> Int64 {
        guard !x.isNaN else { return 0 }
        let scale = Double(Int64(1) << (bits - 1))
        let v = (Double(x) * scale).rounded(.toNearestOrEven)
        return Int64(min(max(v, -scale), scale - 1))
    }

    /// Writes interleaved sample `x` at `index` of a packed buffer of this format.
    func store(_ x: Float, at index: Int, in buffer: UnsafeMutableRawPointer) {
        switch format {
        case .s16: buffer.storeBytes(of: Int16(Self.quantize(x, bits: 16)), toByteOffset: index * 2, as: Int16.self)
        case .s24: buffer.storeBytes(of: Int32(Self.quantize(x, bits: 24) << 8), toByteOffset: index * 4, as: Int32.self)
        case .s32: buffer.storeBytes(of: Int32(Self.quantize(x, bits: 32)), toByteOffset: index * 4, as: Int32.self)
        case .f32: buffer.storeBytes(of: x, toByteOffset: index * 4, as: Float.self)
        }
    }
}
