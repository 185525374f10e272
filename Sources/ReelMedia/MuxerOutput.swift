internal import CFFmpeg
import ReelModel

/// Writes the final file: video stream-copied from parts plus audio encoded once, in MP4, MOV or M4V (the `moov`
/// at the front: written into room reserved for it when the programme's length is known, `reserveIndex`, else moved
/// there by `movflags +faststart` when the file is finished), Matroska, WebM or MXF OP1a.
///
/// Muxers: `mp4` → "mp4", `mov` → "mov", `m4v` → "ipod" (FFmpeg's raw "m4v" muxer is MPEG-4 Part 2
/// elementary video, not a container; "ipod" writes brand `M4V `), `mkv` → "matroska", `webm` → "webm",
/// `mxf` → "mxf". Which codecs each takes is `ContainerCodecs`; a mismatch is refused here too.
///
/// B-frame delay and AAC priming are expressed with MP4 edit lists (FFmpeg's default), which
/// every mainstream player and FFmpeg honour; `negativeCTSOffsets` switches the video to
/// version-1 `ctts` with negative offsets instead, for tools that mishandle edit lists.
/// The movie timescale is the lcm of the track timescales so edit lists are sample-exact.
///
/// Use: add the streams, then write video packets and audio samples (roughly in step: part by
/// part keeps the interleaving tight), then `finish()`. Writes `path` directly; publish
/// atomically with `AtomicFile`. Not `Sendable`: use it on one thread.
public final class OutputMuxer {
    /// The file being written.
    public let path: String
    /// The container being written.
    public let container: Container
    let muxer: MuxerContext
    /// The `moov` goes before the media: into reserved room (`reservation`), else by the faststart rewrite.
    let faststart: Bool
    let negativeCTSOffsets: Bool
    /// The programme's length when known before the first packet (`reserveIndex`).
    var reservation: (frames: Int64, samples: Int64)?
    /// Bytes of codec configuration the streams carry (`avcC`, `hvcC`, `esds` …), which the `moov` holds.
    var extradataBytes = 0
    var video: (index: Int32, frameTimeBase: AVRational)?
    var audio: (index: Int32, encoder: AudioEncoder)?
    var headerWritten = false
    /// Writes the samples and the index itself when the index has reserved room (`MovieIndexWriter`); nil: movenc does.
    var indexWriter: MovieIndexWriter?
    /// Why `MovieIndexWriter` handed the file back to movenc, if it did (its template check failed): the file is
    /// the same, only the index is held in memory again.
    public internal(set) var indexFallback: String?
    /// Whether the file's samples and index were written by `MovieIndexWriter` (its sample tables on disk).
    public internal(set) var indexWritten = false
    /// Whether `MovieIndexWriter` may take over where it applies (tests compare it with movenc's own index).
    var ownIndex = true
    /// Makes `MovieIndexWriter`'s template check fail, for the test of the hand-back to movenc.
    var failIndexCheck = false
    var lastVideoDTS: Int64?
    var lastAudioDTS: Int64?
    /// Video packets written so far.
    public internal(set) var videoPacketCount: Int64 = 0
    /// Audio packets written so far.
    public internal(set) var audioPacketCount: Int64 = 0

    /// - Parameters:
    ///   - faststart: move the `moov` atom to the front on `finish()` (for progressive playback).
    ///   - negativeCTSOffsets: carry the B-frame delay in negative composition offsets, not an edit list.
    /// - Throws: `MediaError` when the file cannot be created.
    public convenience init(path: String, container: Container, faststart: Bool = true,
                            negativeCTSOffsets: Bool = false) throws(MediaError) {
        try self.init(path: path, url: nil, container: container, faststart: faststart,
                      negativeCTSOffsets: negativeCTSOffsets)
    }

    /// Writes the temporary file of an `OutputFolder`, through its descriptor.
    public convenience init(writing temp: TemporaryOutput, container: Container, faststart: Bool = true) throws(MediaError) {
        try self.init(path: temp.path, url: temp.writePath, container: container, faststart: faststart,
                      negativeCTSOffsets: false)
    }

    init(path: String, url: String?, container: Container, faststart: Bool,
         negativeCTSOffsets: Bool) throws(MediaError) {
        self.path = path
        self.container = container
        muxer = try MuxerContext(path: path, url: url, formatName: Self.formatName(container))
        self.faststart = faststart
        self.negativeCTSOffsets = negativeCTSOffsets
    }

    /// The FFmpeg muxer for a container.
    static func formatName(_ container: Container) -> String {
        switch container {
        case .mp4: return "mp4"
        case .mov: return "mov"
        case .m4v: return "ipod"
        case .mkv: return "matroska"
        case .webm: return "webm"
        case .mxf: return "mxf"
        }
    }

    /// MP4, MOV and M4V: FFmpeg's movenc, with its `movflags` and `movie_timescale`.
    static func isISOMedia(_ container: Container) -> Bool { [.mp4, .mov, .m4v].contains(container) }

    /// Adds the video stream, copying the codec parameters (extradata and colour tags included) and the HDR
    /// stream side data (mastering display, content light level: `StreamSideData`) of a part, which codec
    /// parameters do not hold in FFmpeg 5.1. Packets later written may come from any part with identical extradata.
    /// - Parameter frameRate: the render's frame rate; `writeVideo` offsets count these frames.
    public func addVideoStream(copying reader: PacketReader, frameRate: FrameRate) throws(MediaError) {
        precondition(!headerWritten && video == nil, "add streams once, before writing")
        let stream = try muxer.addStream()
        try check(avcodec_parameters_copy(stream.pointee.codecpar, reader.codecParameters),
                  "avcodec_parameters_copy", path: path)
        try StreamSideData.copyHDR(from: reader.stream, to: stream, path: path)
        extradataBytes += Int(stream.pointee.codecpar.pointee.extradata_size)
        guard ContainerCodecs.of(container).video.map(\.rawValue).contains(reader.codecFamily) else {
            throw MediaError.unsupportedCodec(path: path, codec: "\(reader.codecName) in \(container.rawValue)")
        }
        stream.pointee.codecpar.pointee.codec_tag = Self.videoTag(reader, container: container)
        let frameTB = AVRational(num: frameRate.denominator, den: frameRate.numerator)
        stream.pointee.time_base = frameTB
        stream.pointee.avg_frame_rate = AVRational(num: frameRate.numerator, den: frameRate.denominator)
        video = (stream.pointee.index, frameTB)
    }

    /// The output's video codec tag: `hvc1` for HEVC in MP4/MOV (parameter sets in `hvcC` only, what Apple's
    /// players require), the part's own for ProRes and DNxHR (prores_ks names its profile's, `apch` …), and 0 for
    /// the rest, letting the muxer choose (`avc1`, `av01`).
    static func videoTag(_ reader: PacketReader, container: Container) -> UInt32 {
        guard isISOMedia(container) else { return 0 }
        switch reader.codecFamily {
        case "hevc": return UInt32(UInt8(ascii: "h")) | UInt32(UInt8(ascii: "v")) << 8
            | UInt32(UInt8(ascii: "c")) << 16 | UInt32(UInt8(ascii: "1")) << 24
        case "prores", "dnxhr": return reader.codecParameters.pointee.codec_tag
        default: return 0
        }
    }

    /// Adds the audio stream fed through `encoder`; `writeAudio` and `finish` drive it.
    /// - Throws: `MediaError.unsupportedCodec` for a codec the container does not take (`ContainerCodecs`).
    public func addAudioStream(_ encoder: AudioEncoder) throws(MediaError) {
        precondition(!headerWritten && audio == nil, "add streams once, before writing")
        guard ContainerCodecs.of(container).audio.contains(encoder.settings.codec) else {
            throw MediaError.unsupportedCodec(path: path, codec: "\(encoder.codecName) in \(container.rawValue)")
        }
        let stream = try muxer.addStream()
        try check(avcodec_parameters_from_context(stream.pointee.codecpar, encoder.context.pointer),
                  "avcodec_parameters_from_context", path: path)
        stream.pointee.time_base = encoder.timeBase
        extradataBytes += Int(stream.pointee.codecpar.pointee.extradata_size)
        audio = (stream.pointee.index, encoder)
    }

    /// Writes the header once, when the first packet arrives (stream time bases change here).
    func ensureHeader() throws(MediaError) {
        guard !headerWritten else { return }
        guard video != nil || audio != nil else {
            throw MediaError.invalidData(path: path, message: "output has no streams")
        }
        headerWritten = true
        var all: [String: String] = [:]
        if Self.isISOMedia(container) {
            all["movie_timescale"] = String(movieTimescale())
            let reserve = faststart ? indexBound() : nil
            let flags = (faststart && reserve == nil ? ["+faststart"] : []) + (negativeCTSOffsets ? ["+negative_cts_offsets"] : [])
            if !flags.isEmpty { all["movflags"] = flags.joined() }
            if let reserve { all["moov_size"] = String(reserve) }
        }
        // FFmpeg 5.1's mp4 muxer writes FLAC (the dfLa box) only when told that experimental features are allowed.
        if audio?.encoder.settings.codec == .flac { all["strict"] = "experimental" }
        try muxer.writeHeader(options: all)
        if ownIndex, let reserve = all["moov_size"].flatMap({ Int64($0) }), !negativeCTSOffsets,
           MovieIndexWriter.handles(muxer) {
            // Its temporary tables live in /tmp (every deployment gives the worker a writable one); without it, movenc.
            do {
                indexWriter = try MovieIndexWriter(muxer: muxer, reserve: reserve, formatName: Self.formatName(container),
                                                   options: all, failCheck: failIndexCheck)
            } catch {
                indexFallback = "\(error)"
            }
        }
    }

    /// The `mvhd` timescale, in which edit-list durations are written. FFmpeg's default of 1000
    /// rounds them to milliseconds, cutting up to a millisecond off the AAC track (64064 samples
    /// became 64032); the least common multiple of the track timescales makes every edit exact.
    func movieTimescale() -> Int64 {
        var scales: [Int64] = []
        if let video {
            // movenc's rule for video: the time base denominator, doubled until at least 10000.
            var t = Int64(video.frameTimeBase.den)
            while t < 10000 { t *= 2 }
            scales.append(t)
        }
        if let audio { scales.append(Int64(audio.encoder.settings.sampleRate)) }
        let l = scales.reduce(1) { a, b in a / gcd(a, b) * b }
        guard l <= Int64(Int32.max) else { return 1000 }
        // The chapter track is written at the movie timescale: take each chapter's in too, while it fits.
        return chapterTimescales().reduce(l) { a, b in
            let c = a / gcd(a, b) * b
            return c <= Int64(Int32.max) ? c : a
        }
    }

    /// Sends a packet to the index writer, or to movenc.
    func route(_ packet: Packet, stream: Int32) throws(MediaError) {
        guard let indexWriter else { try muxer.write(packet); return }
        if let fallback = try indexWriter.add(packet, stream: Int(stream)) { try giveBack(fallback) }
    }

    /// movenc writes the file after all: the packets the index writer held go to it, in the order given.
    private func giveBack(_ fallback: (reason: String, packets: [(stream: Int, packet: Packet)])) throws(MediaError) {
        indexWriter = nil
        indexFallback = fallback.reason
        for (_, packet) in fallback.packets { try muxer.write(packet) }
    }

    private func gcd(_ a: Int64, _ b: Int64) -> Int64 { b == 0 ? a : gcd(b, a % b) }

    /// Drains the audio encoder, flushes the interleaving queue, writes the trailer (into the reserved room, or with
    /// the faststart rewrite), and closes the file.
    public func finish() throws(MediaError) {
        try ensureHeader()
        if let audio { try writeAudioPackets(audio.encoder.finish()) }
        if let indexWriter {
            guard let fallback = try indexWriter.finish() else { indexWritten = true; return }
            try giveBack(fallback)
        }
        try muxer.finish()
    }
}
