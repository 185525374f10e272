internal import CFFmpeg
import ReelModel

/// What FFmpeg encoder an output audio codec uses, the sample format it is fed, and its options.
///
/// AAC, AC-3 and E-AC-3 take planar float as mixed. Opus takes packed float. FLAC is 24-bit: samples are quantized
/// as PCM s24 (round to nearest, clipped, in the top 24 bits of an `Int32`) and `bits_per_raw_sample` = 24 tells
/// the encoder so. Opus above two channels uses channel mapping family 1 (Vorbis order, which libopus's wrapper
/// reaches from FFmpeg's 5.1 and 7.1 layouts).
struct AudioEncoderFormat {
    let encoderName: String
    let sampleFormat: AVSampleFormat
    /// The conversion into a packed format; nil for planar float.
    let quantizer: PCMQuantizer?
    /// `bits_per_raw_sample` for the encoder, when it must be told.
    let rawBits: Int32?
    /// True when `bitrateKbps` applies.
    let usesBitrate: Bool

    init(_ settings: AudioCodecSettings) {
        switch settings.codec {
        case .aac, .ac3, .eac3:
            self.init(settings.codec.rawValue, AV_SAMPLE_FMT_FLTP, quantizer: nil, rawBits: nil, usesBitrate: true)
        case .opus:
            self.init("libopus", AV_SAMPLE_FMT_FLT, quantizer: PCMQuantizer(.f32), rawBits: nil, usesBitrate: true)
        case .flac:
            self.init("flac", AV_SAMPLE_FMT_S32, quantizer: PCMQuantizer(.s24), rawBits: 24, usesBitrate: false)
        case .pcm:
            let q = PCMQuantizer(settings.sampleFormat)
            self.init(q.encoderName, q.avFormat, quantizer: q, rawBits: nil, usesBitrate: false)
        }
    }

    private init(_ encoderName: String, _ sampleFormat: AVSampleFormat, quantizer: PCMQuantizer?, rawBits: Int32?,
                 usesBitrate: Bool) {
        self.encoderName = encoderName
        self.sampleFormat = sampleFormat
        self.quantizer = quantizer
        self.rawBits = rawBits
        self.usesBitrate = usesBitrate
    }

    /// Private encoder options for `channels` channels.
    func options(channels: Int) -> [(String, String)] {
        encoderName == "libopus" && channels > 2 ? [("mapping_family", "1")] : []
    }
}
