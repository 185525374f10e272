/// One track's sample tables, built sample by sample the way FFmpeg 5.1's movenc builds them (`stts`, `stss`,
/// `sdtp`, `ctts`, `stsc`, `stsz`, `stco`/`co64`), but held in `MovieSpill`s on disk, so that what the stitching process
/// keeps in memory does not grow with the programme (movenc keeps a 64-byte entry per sample until its trailer).
///
/// The rules are movenc's, so the index is the one movenc would write for the same samples in the same places
/// (`MovieIndexTests` compares the files byte for byte):
/// - a sample's `stts` duration is the next sample's dts minus its own, the last one's is its packet duration;
///   raw PCM (`samplesPerEntry`) is one run of the track's sample frames, each 1 long;
/// - a chunk is a run of one track's samples that are contiguous in the file and total under 1 MiB;
/// - `stss` only for video that is not all sync samples, `sdtp` only for video with a disposable sample, `ctts` only
///   for video where some pts differs from its dts; `co64` once a sample lies beyond 4 GiB.
final class MovieSampleTable {
    let isVideo: Bool
    /// Bytes per sample frame of raw PCM, which movenc counts in frames, not packets; nil for everything else.
    let frameBytes: Int?
    /// Packets (movenc's entries) and sample frames (its `sample_count`: the same except for PCM).
    private(set) var entryCount: Int64 = 0
    private(set) var sampleCount: Int64 = 0
    private(set) var firstDTS: Int64?
    private(set) var lastDTS: Int64 = 0
    private(set) var lastDuration: Int64 = 0
    /// Payload bytes of every sample (movenc's average bit rate is these over the duration).
    private(set) var totalBytes: Int64 = 0
    private var lastPosition: Int64 = 0

    private let stts: MovieSpill, ctts: MovieSpill, stss: MovieSpill, sdtp: MovieSpill
    private let stsz: MovieSpill, stsc: MovieSpill, chunks: MovieSpill
    private var sttsRun: (count: UInt32, delta: UInt32)?
    private var sttsEntries: Int64 = 0
    private var cttsRun: (count: UInt32, offset: Int32)?
    private var cttsEntries: Int64 = 0
    private var anyCompositionOffset = false
    private var syncCount: Int64 = 0
    private var disposableCount: Int64 = 0
    private var equalSize: Int64?
    private var sizesDiffer = false
    private var chunk: (position: Int64, bytes: Int64, samples: Int64)?
    private var chunkCount: Int64 = 0
    private var stscEntries: Int64 = 0
    private var lastChunkSamples: Int64 = 0

    /// - Parameters:
    ///   - frameBytes: bytes per sample frame for raw PCM.
    ///   - name: the track, for messages.
    init(isVideo: Bool, frameBytes: Int?, name: String) throws(MediaError) {
        self.isVideo = isVideo
        self.frameBytes = frameBytes
        stts = try MovieSpill("\(name) stts"); ctts = try MovieSpill("\(name) ctts"); stss = try MovieSpill("\(name) stss")
        sdtp = try MovieSpill("\(name) sdtp"); stsz = try MovieSpill("\(name) stsz"); stsc = try MovieSpill("\(name) stsc")
        chunks = try MovieSpill("\(name) chunk offsets")
    }

    /// movenc's `track_duration`: from the first dts to the end of the last sample.
    var trackDuration: Int64 { entryCount == 0 ? 0 : lastDTS - (firstDTS ?? 0) + lastDuration }

    /// Records one sample of `size` bytes written at `position`.
    /// - Throws: `MediaError.invalidData` for PCM whose packet is not whole frames.
    func append(position: Int64, size: Int, dts: Int64, pts: Int64, duration: Int64, sync: Bool, disposable: Bool,
                track: String) throws(MediaError) {
        var entries: Int64 = 1
        if let frameBytes {
            guard size % frameBytes == 0, size > 0 else {
                throw MediaError.invalidData(path: track, message: "a \(size)-byte PCM packet is not whole \(frameBytes)-byte frames")
            }
            entries = Int64(size / frameBytes)
        }
        if entryCount > 0 { try addDuration(dts - lastDTS) } else { firstDTS = dts }
        let cts = Int32(truncatingIfNeeded: pts - dts)
        if pts != dts { anyCompositionOffset = true }
        if let run = cttsRun, run.offset == cts { cttsRun = (run.count + 1, cts) } else {
            if let run = cttsRun { try ctts.append32(run.count); try ctts.append32(UInt32(bitPattern: run.offset)); cttsEntries += 1 }
            cttsRun = (1, cts)
        }
        entryCount += 1
        sampleCount += entries
        if sync { syncCount += 1; try stss.append32(UInt32(truncatingIfNeeded: entryCount)) }
        if disposable { disposableCount += 1 }
        if isVideo { try sdtp.append8(UInt8((sync ? 2 : 1) << 4 | (disposable ? 2 : 0) << 2)) }
        let perEntry = Int64(size) / entries
        if let equalSize, equalSize != perEntry { sizesDiffer = true }
        if equalSize == nil { equalSize = perEntry }
        if frameBytes == nil { try stsz.append32(UInt32(truncatingIfNeeded: perEntry)) }
        if let open = chunk, open.position + open.bytes == position, open.bytes + Int64(size) < 1 << 20 {
            chunk = (open.position, open.bytes + Int64(size), open.samples + entries)
        } else {
            try closeChunk()
            chunk = (position, Int64(size), entries)
        }
        lastDTS = dts
        lastDuration = duration
        lastPosition = position
        totalBytes += Int64(size)
    }

    /// movenc's `get_cluster_duration`: a gap over `INT_MAX` is written as 0.
    private func addDuration(_ d: Int64) throws(MediaError) {
        guard frameBytes == nil else { return }
        let delta = d > Int64(Int32.max) ? 0 : UInt32(truncatingIfNeeded: d)
        if let run = sttsRun, run.delta == delta { sttsRun = (run.count + 1, delta); return }
        if let run = sttsRun { try stts.append32(run.count); try stts.append32(run.delta); sttsEntries += 1 }
        sttsRun = (1, delta)
    }

    private func closeChunk() throws(MediaError) {
        guard let open = chunk else { return }
        chunkCount += 1
        try chunks.append64(UInt64(open.position))
        if open.samples != lastChunkSamples {
            try stsc.append32(UInt32(truncatingIfNeeded: chunkCount))
            try stsc.append32(UInt32(truncatingIfNeeded: open.samples))
            try stsc.append32(1)
            stscEntries += 1
            lastChunkSamples = open.samples
        }
        chunk = nil
    }

    /// Ends the tables: the last sample's duration, the open runs and chunk. Call once, after the last sample.
    func finish() throws(MediaError) {
        guard entryCount > 0 else { return }
        try addDuration(lastDuration)
        if let run = sttsRun { try stts.append32(run.count); try stts.append32(run.delta); sttsEntries += 1; sttsRun = nil }
        if let run = cttsRun { try ctts.append32(run.count); try ctts.append32(UInt32(bitPattern: run.offset)); cttsEntries += 1; cttsRun = nil }
        try closeChunk()
    }

    /// The boxes of `stbl` after `stsd`, in movenc's order, with their sizes; `write` then streams them.
    func boxes() -> [(type: String, size: Int64)] {
        var all: [(String, Int64)] = [("stts", 16 + 8 * (frameBytes == nil ? sttsEntries : 1))]
        if isVideo && syncCount > 0 && syncCount < entryCount { all.append(("stss", 16 + 4 * syncCount)) }
        if isVideo && disposableCount > 0 { all.append(("sdtp", 12 + entryCount)) }
        if isVideo && anyCompositionOffset { all.append(("ctts", 16 + 8 * cttsEntries)) }
        all.append(("stsc", 16 + 12 * stscEntries))
        all.append(("stsz", 20 + (sizesDiffer ? 4 * sampleCount : 0)))
        all.append((usesLongOffsets ? "co64" : "stco", 16 + (usesLongOffsets ? 8 : 4) * chunkCount))
        return all
    }

    /// movenc's `co64_required`: the last sample lies beyond 4 GiB.
    var usesLongOffsets: Bool { lastPosition > Int64(UInt32.max) }

    /// Writes the box `type` (one of `boxes()`), header included.
    func write(_ type: String, size: Int64, to out: MovieBoxSink) throws(MediaError) {
        var head = MovieBytes()
        head.box(size: size, type)
        head.u32(0)
        /// The header with its entry count (none for `sdtp`), then the spilled entries.
        func entries(_ count: Int64?, _ spill: MovieSpill) throws(MediaError) {
            if let count { head.u32(UInt32(truncatingIfNeeded: count)) }
            try out.write(head.bytes)
            try spill.replay(out.writeRaw)
        }
        switch type {
        case "stts":
            if frameBytes != nil {
                head.u32(1); head.u32(UInt32(truncatingIfNeeded: sampleCount)); head.u32(1)
                try out.write(head.bytes)
                return
            }
            try entries(sttsEntries, stts)
        case "stss": try entries(syncCount, stss)
        case "sdtp": try entries(nil, sdtp)
        case "ctts": try entries(cttsEntries, ctts)
        case "stsc": try entries(stscEntries, stsc)
        case "stsz":
            if sizesDiffer {
                head.u32(0); head.u32(UInt32(truncatingIfNeeded: sampleCount))
                try out.write(head.bytes); try stsz.replay(out.writeRaw)
            } else {
                head.u32(UInt32(truncatingIfNeeded: max(1, equalSize ?? 0))); head.u32(UInt32(truncatingIfNeeded: sampleCount))
                try out.write(head.bytes)
            }
        default:
            head.u32(UInt32(truncatingIfNeeded: chunkCount))
            try out.write(head.bytes)
            if usesLongOffsets { try chunks.replay(out.writeRaw); return }
            var narrow = MovieBytes()
            try chunks.replay { (raw) throws(MediaError) in
                var k = 0
                while k + 8 <= raw.count {
                    narrow.bytes.append(contentsOf: raw[(k + 4)..<(k + 8)])
                    k += 8
                }
                try out.write(narrow.bytes)
                narrow.bytes.removeAll(keepingCapacity: true)
            }
        }
    }
}
