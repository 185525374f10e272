internal import CFFmpeg
import Glibc

/// Writes the samples of an MP4, MOV or M4V whose index (`moov`) has room reserved at the front, and then that index,
/// keeping in memory only what does not grow with the programme: the sample tables go to `MovieSampleTable`'s spills
/// on disk. FFmpeg's movenc, which `OutputMuxer` uses otherwise, keeps a 64-byte entry per sample until its trailer:
/// about 13 MB an hour of 1080p30 with AAC, 33 MB for a two-hour film.
///
/// The file is the one movenc would write, byte for byte (`MovieIndexTests`):
/// - movenc still writes the header (`ftyp`, the reserved room, the `mdat` header and, in FFmpeg 5.1, the chapter
///   samples);
/// - samples are interleaved by libavformat's rule (`ff_interleave_packet_per_dts`): the lowest dts first, ties to
///   the lower stream, once every stream has one waiting or the queue spans more than 10 s;
/// - movenc writes a template of the same streams with their first samples (one video packet, up to 8 audio packets:
///   enough for every box movenc derives from a stream's first samples), whose `moov` `MovieTemplate` turns into the
///   whole programme's at the end. The template is written and checked as soon as those first samples have arrived,
///   before a byte of media is written (the packets are held until then: with chunked AAC, `AudioChunking`, the
///   video until the first chunk's packets, about 21 s of programme, where movenc's interleaving holds 10 s); if a
///   check fails, movenc gets them and writes the file as it always did (`OutputMuxer.indexFallback` says why).
/// Used by `OutputMuxer` for H.264, HEVC, ProRes and DNxHR video with AAC, AC-3, Opus or PCM audio (`handles`);
/// E-AC-3, FLAC and AV1, whose packets movenc rewrites or whose configuration it takes from the last packet, stay
/// with movenc.
final class MovieIndexWriter {
    private let muxer: MuxerContext
    private let path: String
    private let reserve: Int64
    private let headerEnd: Int64
    private let tables: [MovieSampleTable]
    private let timeBases: [AVRational]
    private var queues: [[Packet]]
    private var heads: [Int]
    /// Packets held, in arrival order, until the template has been written and checked (`prove`).
    private var probation: [(stream: Int, packet: Packet)] = []
    private var probationCounts: [Int]
    private var template: MovieTemplate?
    private var templateFacts: [(entries: Int64, bytes: Int64, firstDTS: Int64, firstPTS: Int64, last: Int64, duration: Int64)]
    /// Samples per stream the template gets: one video packet, up to 8 audio packets (movenc's roll group for Opus
    /// depends on the 80 ms before each packet, 4 packets; every later packet's is the same, which `MovieTemplate`
    /// extends to the whole track).
    private let keepLimits: [Int]
    private static let maxInterleaveDelta: Int64 = 10_000_000
    private let formatName: String
    private let options: [String: String]
    private let failCheck: Bool

    /// Which codecs this writer reproduces movenc for.
    static func handles(_ muxer: MuxerContext) -> Bool {
        let ctx = muxer.pointer.pointee
        guard ctx.nb_streams >= 1, ctx.nb_streams <= 2 else { return false }
        let video: Set<UInt32> = [AV_CODEC_ID_H264.rawValue, AV_CODEC_ID_HEVC.rawValue, AV_CODEC_ID_PRORES.rawValue,
                                  AV_CODEC_ID_DNXHD.rawValue]
        let audio: Set<UInt32> = [AV_CODEC_ID_AAC.rawValue, AV_CODEC_ID_AC3.rawValue, AV_CODEC_ID_OPUS.rawValue]
        for i in 0..<Int(ctx.nb_streams) {
            let par = ctx.streams[i]!.pointee.codecpar.pointee
            switch par.codec_type {
            case AVMEDIA_TYPE_VIDEO: guard video.contains(par.codec_id.rawValue) else { return false }
            case AVMEDIA_TYPE_AUDIO:
                guard audio.contains(par.codec_id.rawValue) || (par.frame_size <= 1 && frameBytes(par) != nil) else { return false }
            default: return false
            }
        }
        return true
    }

    /// movenc's `sample_size` for raw audio: bytes per sample times channels (nil for compressed audio).
    static func frameBytes(_ par: AVCodecParameters) -> Int? {
        guard par.codec_type == AVMEDIA_TYPE_AUDIO, par.frame_size <= 1 else { return nil }
        let bytes = Int(reel_codec_bits_per_sample(par.codec_id) >> 3) * Int(par.ch_layout.nb_channels)
        return bytes > 0 ? bytes : nil
    }

    /// Takes over after `muxer` wrote its header with `moov_size` = `reserve`.
    /// - Parameter options: the header's muxer options, which the template is written with (less `moov_size`).
    init(muxer: MuxerContext, reserve: Int64, formatName: String, options: [String: String],
         failCheck: Bool = false) throws(MediaError) {
        self.failCheck = failCheck
        self.formatName = formatName
        self.options = options
        self.muxer = muxer
        path = muxer.path
        self.reserve = reserve
        headerEnd = avio_tell(muxer.pointer.pointee.pb)
        let ctx = muxer.pointer.pointee
        var tables: [MovieSampleTable] = [], timeBases: [AVRational] = [], limits: [Int] = []
        for i in 0..<Int(ctx.nb_streams) {
            let st = ctx.streams[i]!.pointee
            let isVideo = st.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO
            tables.append(try MovieSampleTable(isVideo: isVideo, frameBytes: Self.frameBytes(st.codecpar.pointee),
                                               name: "\(path) stream \(i)"))
            timeBases.append(st.time_base)
            limits.append(isVideo ? 1 : 8)
        }
        self.tables = tables
        self.timeBases = timeBases
        keepLimits = limits
        queues = Array(repeating: [], count: tables.count)
        heads = Array(repeating: 0, count: tables.count)
        probationCounts = Array(repeating: 0, count: tables.count)
        templateFacts = Array(repeating: (0, 0, 0, 0, 0, 0), count: tables.count)
    }

    /// Queues a packet of `stream` (timestamps in the stream's time base) and writes what the interleaving lets go.
    /// - Returns: nil, or when the template's check failed (`prove`), why, with every packet taken so far, in the order
    ///   given, for movenc to write instead; this writer has then written nothing and takes nothing more.
    func add(_ packet: Packet, stream: Int) throws(MediaError) -> (reason: String, packets: [(stream: Int, packet: Packet)])? {
        guard template != nil else {
            probation.append((stream, packet))
            probationCounts[stream] += 1
            guard probationCounts.indices.allSatisfy({ probationCounts[$0] >= keepLimits[$0] }) else { return nil }
            return try prove()
        }
        queues[stream].append(packet)
        try drain(flush: false)
        return nil
    }

    /// Writes the template from the first packets held, and checks that `MovieTemplate` can make movenc's `moov` from
    /// it (its rules give back what movenc wrote for the template's own samples) and that the header movenc wrote
    /// has the template's layout. Then the held packets go to the interleaving; or, if any check fails, back to the
    /// caller with the reason, before a byte of media is written.
    private func prove() throws(MediaError) -> (reason: String, packets: [(stream: Int, packet: Packet)])? {
        var kept: [[Packet]] = Array(repeating: [], count: tables.count)
        for (s, packet) in probation where kept[s].count < keepLimits[s] && packet.size > 0 {
            kept[s].append(packet)
            let p = packet.pointer.pointee
            var f = templateFacts[s]
            if f.entries == 0 { f.firstDTS = p.dts; f.firstPTS = p.pts == avNoPTS ? p.dts : p.pts }
            f.entries += 1; f.bytes += Int64(p.size); f.last = p.dts; f.duration = p.duration
            templateFacts[s] = f
        }
        do {
            guard kept.allSatisfy({ !$0.isEmpty }) else { throw MediaError.invalidData(path: path, message: "a stream has no samples") }
            let made = try MovieTemplate(writeTemplate(kept), what: "\(path) (index template)")
            _ = try layout(made)
            _ = try made.movie(media: facts(), chapterShift: 0)
            if failCheck { throw MediaError.invalidData(path: path, message: "index: check failed on request (test)") }
            template = made
        } catch {
            let held = probation
            probation = []
            return ("\(error)", held)
        }
        let held = probation
        probation = []
        for (s, packet) in held {
            queues[s].append(packet)
            try drain(flush: false)
        }
        return nil
    }

    /// Where movenc's header put the `mdat` payload, checked against the template: (payload start, first media
    /// offset in the template).
    private func layout(_ template: MovieTemplate) throws(MediaError) -> (payload: Int64, firstMedia: Int) {
        let payload = Int64(template.ftypSize) + reserve + 16
        let firstMedia = try template.firstMediaOffset(mediaTracks: tables.count)
        let preMedia = Int64(firstMedia - template.mdatPayload)
        guard headerEnd == payload + preMedia else {
            throw MediaError.invalidData(path: path, message: "index: movenc's header ends at \(headerEnd), not at "
                                         + "\(payload + preMedia) as its template's layout says")
        }
        return (payload, firstMedia)
    }

    private func facts() -> [MovieTrackFacts] {
        tables.indices.map { s in
            let f = templateFacts[s]
            return MovieTrackFacts(table: tables[s], templateEntries: f.entries, templateBytes: f.bytes,
                                   templateDuration: f.last - f.firstDTS + f.duration, start: min(0, f.firstPTS),
                                   declaredMaxBitrate: reel_stream_declared_max_bitrate(muxer.pointer.pointee.streams[s]))
        }
    }

    private func waiting(_ s: Int) -> Bool { heads[s] < queues[s].count }

    /// The stream whose waiting packet goes first: the lowest dts, ties to the lower stream.
    private func first() -> Int? {
        var best: Int?
        for s in queues.indices where waiting(s) {
            guard let b = best else { best = s; continue }
            let c = av_compare_ts(queues[s][heads[s]].pointer.pointee.dts, timeBases[s],
                                  queues[b][heads[b]].pointer.pointee.dts, timeBases[b])
            if c < 0 { best = s }
        }
        return best
    }

    private func drain(flush all: Bool) throws(MediaError) {
        while let s = first() {
            var flush = all || queues.indices.allSatisfy(waiting)
            if !flush {
                let top = av_rescale_q(queues[s][heads[s]].pointer.pointee.dts, timeBases[s], reel_time_base_q())
                var delta = Int64.min
                for t in queues.indices where waiting(t) {
                    let last = av_rescale_q(queues[t][queues[t].count - 1].pointer.pointee.dts, timeBases[t], reel_time_base_q())
                    delta = max(delta, last - top)
                }
                flush = delta > Self.maxInterleaveDelta
            }
            guard flush else { return }
            let packet = queues[s][heads[s]]
            heads[s] += 1
            if heads[s] >= 256 { queues[s].removeFirst(heads[s]); heads[s] = 0 }
            try emit(packet, stream: s)
        }
    }

    private func emit(_ packet: Packet, stream s: Int) throws(MediaError) {
        let p = packet.pointer.pointee
        guard p.size > 0, let data = p.data else { return }  // movenc drops empty packets
        let position = avio_tell(muxer.pointer.pointee.pb!)
        try writeRaw(UnsafeRawBufferPointer(start: data, count: Int(p.size)))
        let pts = p.pts == avNoPTS ? p.dts : p.pts
        try tables[s].append(position: position, size: Int(p.size), dts: p.dts, pts: pts, duration: p.duration,
                             sync: p.flags & AV_PKT_FLAG_KEY != 0, disposable: p.flags & AV_PKT_FLAG_DISPOSABLE != 0,
                             track: "\(path) stream \(s)")
    }

    /// Writes the rest of the samples, the chapter samples when movenc leaves them to the trailer, the `mdat` size,
    /// and the index into the reserved room (the rest of it a `free` box), then closes the file.
    /// - Returns: nil, or as `add` does when the template's check failed (a programme shorter than the template's
    ///   samples is checked here): movenc is to write those packets and finish the file.
    func finish() throws(MediaError) -> (reason: String, packets: [(stream: Int, packet: Packet)])? {
        if template == nil, let fallback = try prove() { return fallback }
        guard let template else { return nil }
        try drain(flush: true)
        for table in tables { try table.finish() }
        let pb = muxer.pointer.pointee.pb!
        let (payload, firstMedia) = try layout(template)
        var shift: Int64 = 0
        if let block = try template.chapterBlock(mediaTracks: tables.count) {
            if block.start < firstMedia {
                shift = payload - Int64(template.mdatPayload)
            } else {
                let at = avio_tell(pb)
                try write(block.bytes)
                shift = at - Int64(block.start)
            }
        }
        let end = avio_tell(pb)
        let moov = try template.movie(media: facts(), chapterShift: shift)
        guard moov.size + 8 <= reserve else {
            throw MediaError.invalidData(path: path, message: "the index needs \(moov.size) bytes, more than the \(reserve) - 8 reserved")
        }
        let mdatHeader = payload - 8
        let mdatSize = end - payload
        if mdatSize + 8 <= Int64(UInt32.max) {
            avio_seek(pb, mdatHeader, SEEK_SET)
            var b = MovieBytes(); b.u32(UInt32(mdatSize + 8))
            try write(b.bytes)
        } else {
            avio_seek(pb, mdatHeader - 8, SEEK_SET)
            var b = MovieBytes(); b.u32(1); b.fourcc("mdat"); b.u64(UInt64(mdatSize + 16))
            try write(b.bytes)
        }
        avio_seek(pb, Int64(template.ftypSize), SEEK_SET)
        try moov.write(to: self)
        let free = reserve - moov.size
        var b = MovieBytes(); b.box(size: free, "free")
        try write(b.bytes)
        let zeros = [UInt8](repeating: 0, count: 1 << 16)
        var left = free - 8
        while left > 0 {
            let n = Int(min(left, Int64(zeros.count)))
            try write(n == zeros.count ? zeros : Array(zeros[0..<n]))
            left -= Int64(n)
        }
        avio_seek(pb, end, SEEK_SET)
        try muxer.closeWithoutTrailer()
        return nil
    }

    /// movenc's file for the same streams, chapters and metadata with the kept first samples, read back.
    private func writeTemplate(_ kept: [[Packet]]) throws(MediaError) -> [UInt8] {
        guard let file = tmpfile() else {
            throw MediaError.io(path: "\(path) (index template)", message: "cannot be created: \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        let fd = fileno(file)
        let what = "\(path) (index template)"
        do {
            let template = try MuxerContext(path: what, url: "/proc/self/fd/\(fd)", formatName: formatName)
            try check(reel_clone_output_layout(template.pointer, muxer.pointer), "reel_clone_output_layout", path: what)
            try template.writeHeader(options: options.filter { $0.key != "moov_size" })
            for s in timeBases.indices {
                let tb = template.timeBase(ofStream: Int32(s))
                guard tb.num == timeBases[s].num, tb.den == timeBases[s].den else {
                    throw MediaError.invalidData(path: what, message: "stream \(s) time base \(tb.num)/\(tb.den) differs from the output's")
                }
            }
            var order: [(Int, Packet)] = []
            for s in kept.indices { order += kept[s].map { (s, $0) } }
            for (s, packet) in order {
                // A new reference: the muxer takes the payload of what it is given, and these packets are the output's.
                let copy = try Packet(timeBase: packet.avTimeBase)
                try check(av_packet_ref(copy.pointer, packet.pointer), "av_packet_ref", path: what)
                copy.pointer.pointee.stream_index = Int32(s)
                try template.write(copy)
            }
            try template.finish()
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw MediaError.io(path: what, message: "cannot be read back") }
        var bytes = [UInt8](repeating: 0, count: Int(st.st_size))
        var got = 0
        while got < bytes.count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + got, $0.count - got, off_t(got)) }
            guard n > 0 else { throw MediaError.io(path: what, message: "read back \(got) of \(bytes.count) bytes") }
            got += n
        }
        return bytes
    }
}

extension MovieIndexWriter: MovieBoxSink {
    func write(_ bytes: [UInt8]) throws(MediaError) {
        var failure: MediaError?
        bytes.withUnsafeBytes { raw in
            do throws(MediaError) { try writeRaw(raw) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    func writeRaw(_ raw: UnsafeRawBufferPointer) throws(MediaError) {
        guard raw.count > 0 else { return }
        let pb = muxer.pointer.pointee.pb!
        avio_write(pb, raw.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(raw.count))
        guard pb.pointee.error >= 0 else {
            throw MediaError.io(path: path, message: "write failed: \(ffmpegErrorString(pb.pointee.error))")
        }
    }
}
