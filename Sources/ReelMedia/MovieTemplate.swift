internal import CFFmpeg

/// A media track's facts for the `moov`: its real sample tables, and what movenc saw of it in the template.
struct MovieTrackFacts {
    let table: MovieSampleTable
    /// The template's samples of this track: how many, their bytes, and movenc's `track_duration` of them.
    let templateEntries: Int64
    let templateBytes: Int64
    let templateDuration: Int64
    /// The first sample's pts when it is before 0 (priming), else 0: movenc's movie length counts from 0.
    let start: Int64
    /// The stream's own maximum bit rate (`reel_stream_declared_max_bitrate`), which movenc's `esds`/`btrt` take.
    let declaredMaxBitrate: Int64
}

/// The `moov` FFmpeg's movenc wrote for a few samples of the output (`OutputMuxer`'s template), turned into the `moov`
/// of the whole programme: every box that does not depend on the samples is movenc's, byte for byte (sample
/// descriptions with their codec configuration and colour, handlers, metadata, chapters); the sample tables are
/// `MovieSampleTable`'s; and the durations (`mvhd`, `tkhd`, `mdhd`, `elst`), the bit rates in `esds`/`btrt`, the
/// `sbgp` sample count and the chapter track's offsets are rewritten by movenc's own rules.
///
/// Each rule is first checked against the template itself (its own samples must give back what movenc wrote), so a
/// muxer that computes something differently is refused with the box named, never written wrongly.
struct MovieTemplate {
    let data: [UInt8]
    let ftypSize: Int
    let mdatPayload: Int
    let moov: MovieBox
    let what: String

    init(_ data: [UInt8], what: String) throws(MediaError) {
        self.data = data
        self.what = what
        let top = try MovieBox.parse(data, from: 0, to: data.count, what: what)
        guard let ftyp = top.first, ftyp.type == "ftyp", let mdat = top.first(where: { $0.type == "mdat" }),
              let moov = top.first(where: { $0.type == "moov" }) else {
            throw MediaError.invalidData(path: what, message: "index template lacks ftyp, mdat or moov: \(top.map(\.type))")
        }
        ftypSize = ftyp.end
        mdatPayload = mdat.payload
        self.moov = moov
    }

    var traks: [MovieBox] { moov.children.filter { $0.type == "trak" } }

    private func fail(_ message: String) -> MediaError { .invalidData(path: what, message: "index: \(message)") }

    private func bytes(_ box: MovieBox) -> [UInt8] { Array(data[box.start..<box.end]) }

    /// The chapter track's samples: where their block starts in the template and its bytes (movenc writes them back
    /// to back). nil without chapters.
    func chapterBlock(mediaTracks: Int) throws(MediaError) -> (start: Int, bytes: [UInt8])? {
        guard traks.count > mediaTracks else { return nil }
        let stbl = try table(of: traks[mediaTracks])
        let offsets = try chunkOffsets(stbl)
        guard let stsz = stbl.child("stsz"), let first = offsets.min() else { throw fail("chapter track has no samples") }
        let p = stsz.payload
        let constant = Int(MovieBox.read32(data, p + 4)), count = Int(MovieBox.read32(data, p + 8))
        var total = 0
        for k in 0..<count { total += constant != 0 ? constant : Int(MovieBox.read32(data, p + 12 + 4 * k)) }
        let start = Int(first)
        guard start + total <= data.count, offsets.allSatisfy({ Int($0) >= start && Int($0) < start + max(total, 1) }) else {
            throw fail("chapter samples are not one block")
        }
        return (start, Array(data[start..<(start + total)]))
    }

    /// Where the template's media samples begin (its first media chunk).
    func firstMediaOffset(mediaTracks: Int) throws(MediaError) -> Int {
        var first = Int.max
        for trak in traks.prefix(mediaTracks) { first = min(first, Int(try chunkOffsets(table(of: trak)).min() ?? UInt64(Int.max))) }
        return first
    }

    private func table(of trak: MovieBox) throws(MediaError) -> MovieBox {
        guard let stbl = trak.child("mdia")?.child("minf")?.child("stbl") else { throw fail("trak without stbl") }
        return stbl
    }

    private func chunkOffsets(_ stbl: MovieBox) throws(MediaError) -> [UInt64] {
        if let stco = stbl.child("stco") {
            let n = Int(MovieBox.read32(data, stco.payload + 4))
            return (0..<n).map { UInt64(MovieBox.read32(data, stco.payload + 8 + 4 * $0)) }
        }
        if let co64 = stbl.child("co64") {
            let n = Int(MovieBox.read32(data, co64.payload + 4))
            return (0..<n).map { MovieBox.read64(data, co64.payload + 8 + 8 * $0) }
        }
        throw fail("trak without chunk offsets")
    }

    // MARK: - the whole programme's moov

    /// The `moov` for `media` (one per stream, in stream order) with the chapter samples moved by `chapterShift` bytes.
    func movie(media: [MovieTrackFacts], chapterShift: Int64) throws(MediaError) -> MoviePiece {
        guard let mvhd = moov.child("mvhd") else { throw fail("no mvhd") }
        let movieScale = Int64(MovieBox.read32(data, mvhd.payload + (data[mvhd.payload] == 1 ? 20 : 12)))
        var children: [MoviePiece] = []
        var realLengths: [Int64] = [], templateLengths: [Int64] = []
        var trakIndex = 0
        for child in moov.children where child.type == "trak" {
            let scale = try mediaTimescale(child)
            if trakIndex < media.count {
                // movenc's movie length counts from presentation time 0: priming before it (a negative first pts)
                // is not part of it.
                let facts = media[trakIndex]
                let start = facts.start
                realLengths.append(rescaleUp(facts.table.trackDuration + start, movieScale, scale))
                templateLengths.append(rescaleUp(facts.templateDuration + start, movieScale, scale))
            } else {
                let length = rescaleUp(try field(child.child("mdia")?.child("mdhd"), "mdhd"), movieScale, scale)
                realLengths.append(length); templateLengths.append(length)
            }
            trakIndex += 1
        }
        let templateMovie = try field(mvhd, "mvhd")
        guard templateMovie == (templateLengths.max() ?? 0) else {
            throw fail("mvhd duration \(templateMovie) is not the longest track's \(templateLengths)")
        }
        trakIndex = 0
        for child in moov.children {
            switch child.type {
            case "mvhd":
                let length = realLengths.max() ?? 0
                children.append(.bytes(header(mvhd, value: length, version: length < Int64(UInt32.max) ? 0 : 1)))
            case "trak":
                if trakIndex < media.count {
                    children.append(try mediaTrak(child, media[trakIndex], movieScale: movieScale))
                } else {
                    children.append(try chapterTrak(child, shift: chapterShift))
                }
                trakIndex += 1
            default: children.append(.bytes(bytes(child)))
            }
        }
        return .box("moov", children)
    }

    private func mediaTimescale(_ trak: MovieBox) throws(MediaError) -> Int64 {
        guard let mdhd = trak.child("mdia")?.child("mdhd") else { throw fail("trak without mdhd") }
        return Int64(MovieBox.read32(data, mdhd.payload + (data[mdhd.payload] == 1 ? 20 : 12)))
    }

    /// The duration field of `mvhd`, `tkhd` or `mdhd`.
    private func field(_ box: MovieBox?, _ type: String) throws(MediaError) -> Int64 {
        guard let box else { throw fail("no \(type)") }
        let v1 = data[box.payload] == 1
        let at = box.payload + (type == "mdhd" || type == "mvhd" ? (v1 ? 24 : 16) : (v1 ? 28 : 20))
        return v1 ? Int64(bitPattern: MovieBox.read64(data, at)) : Int64(MovieBox.read32(data, at))
    }

    /// `mvhd`, `tkhd` or `mdhd` again with `value` as its duration, in the version movenc would choose.
    private func header(_ box: MovieBox, value: Int64, version: UInt8) -> [UInt8] {
        let p = box.payload, v1 = data[p] == 1
        // Fields before the duration: times, and the timescale (mvhd, mdhd) or the track ID and a reserved word (tkhd).
        let timesEnd = p + 4 + (v1 ? 16 : 8)
        let beforeDuration = Array(data[timesEnd..<(timesEnd + (box.type == "tkhd" ? 8 : 4))])
        let afterDuration = Array(data[(timesEnd + beforeDuration.count + (v1 ? 8 : 4))..<box.end])
        var out = MovieBytes()
        let size = 8 + 4 + (version == 1 ? 16 : 8) + beforeDuration.count + (version == 1 ? 8 : 4) + afterDuration.count
        out.box(size: Int64(size), box.type)
        out.u8(version)
        out.bytes.append(contentsOf: data[(p + 1)..<(p + 4)])
        let created = v1 ? MovieBox.read64(data, p + 4) : UInt64(MovieBox.read32(data, p + 4))
        let modified = v1 ? MovieBox.read64(data, p + 12) : UInt64(MovieBox.read32(data, p + 8))
        if version == 1 { out.u64(created); out.u64(modified) } else {
            out.u32(UInt32(truncatingIfNeeded: created)); out.u32(UInt32(truncatingIfNeeded: modified))
        }
        out.bytes.append(contentsOf: beforeDuration)
        if version == 1 { out.u64(UInt64(bitPattern: value)) } else { out.u32(UInt32(truncatingIfNeeded: value)) }
        out.bytes.append(contentsOf: afterDuration)
        return out.bytes
    }

    private func rescaleUp(_ v: Int64, _ to: Int64, _ from: Int64) -> Int64 {
        av_rescale_rnd(v, to, from, AVRounding(rawValue: AV_ROUND_UP.rawValue))
    }

    private func mediaTrak(_ trak: MovieBox, _ facts: MovieTrackFacts, movieScale: Int64) throws(MediaError) -> MoviePiece {
        let scale = try mediaTimescale(trak)
        let real = facts.table.trackDuration, template = facts.templateDuration
        let start = facts.start
        let realMovie = rescaleUp(real + start, movieScale, scale), templateMovie = rescaleUp(template + start, movieScale, scale)
        let tkhdValue = try field(trak.child("tkhd"), "tkhd"), mdhdValue = try field(trak.child("mdia")?.child("mdhd"), "mdhd")
        guard tkhdValue == templateMovie, mdhdValue == template else {
            throw fail("track durations tkhd \(tkhdValue) / mdhd \(mdhdValue) are not movenc's "
                       + "\(templateMovie) / \(template) for the template's samples")
        }
        var children: [MoviePiece] = []
        for child in trak.children {
            switch child.type {
            case "tkhd": children.append(.bytes(header(child, value: realMovie, version: realMovie < Int64(Int32.max) ? 0 : 1)))
            case "edts": children.append(try editList(child, add: realMovie - templateMovie, length: realMovie))
            case "mdia": children.append(try mediaBox(child, facts, realDuration: real, scale: scale))
            default: children.append(.bytes(bytes(child)))
            }
        }
        return .box("trak", children)
    }

    /// The edit list with its last edit longer by `add`, in movenc's version (1 when the track's length or the delay
    /// of an empty first edit reaches `INT32_MAX`).
    private func editList(_ edts: MovieBox, add: Int64, length: Int64) throws(MediaError) -> MoviePiece {
        guard edts.children.count == 1, let elst = edts.child("elst") else { throw fail("edts is not one elst") }
        let p = elst.payload, v1 = data[p] == 1
        let count = Int(MovieBox.read32(data, p + 4))
        var entries: [(duration: Int64, time: Int64, rate: UInt32)] = []
        var at = p + 8
        for _ in 0..<count {
            if v1 {
                entries.append((Int64(bitPattern: MovieBox.read64(data, at)), Int64(bitPattern: MovieBox.read64(data, at + 8)),
                                MovieBox.read32(data, at + 16)))
                at += 20
            } else {
                entries.append((Int64(MovieBox.read32(data, at)), Int64(Int32(bitPattern: MovieBox.read32(data, at + 4))),
                                MovieBox.read32(data, at + 8)))
                at += 12
            }
        }
        guard !entries.isEmpty else { throw fail("empty elst") }
        entries[entries.count - 1].duration += add
        let delay = entries.count > 1 ? entries[0].duration : 0
        let version: UInt8 = length >= Int64(Int32.max) || delay >= Int64(Int32.max) || v1 ? 1 : 0
        var out = MovieBytes()
        out.u8(version)
        out.bytes.append(contentsOf: data[(p + 1)..<(p + 4)])
        out.u32(UInt32(entries.count))
        for e in entries {
            if version == 1 { out.u64(UInt64(bitPattern: e.duration)); out.u64(UInt64(bitPattern: e.time)) } else {
                out.u32(UInt32(truncatingIfNeeded: e.duration)); out.u32(UInt32(bitPattern: Int32(truncatingIfNeeded: e.time)))
            }
            out.u32(e.rate)
        }
        return .box("edts", [.box("elst", [.bytes(out.bytes)])])
    }

    private func mediaBox(_ mdia: MovieBox, _ facts: MovieTrackFacts, realDuration: Int64, scale: Int64) throws(MediaError) -> MoviePiece {
        var children: [MoviePiece] = []
        for child in mdia.children {
            switch child.type {
            case "mdhd": children.append(.bytes(header(child, value: realDuration, version: realDuration < Int64(Int32.max) ? 0 : 1)))
            case "minf":
                var inner: [MoviePiece] = []
                for box in child.children {
                    inner.append(box.type == "stbl" ? try sampleTable(box, facts, scale: scale) : .bytes(bytes(box)))
                }
                children.append(.box("minf", inner))
            default: children.append(.bytes(bytes(child)))
            }
        }
        return .box("mdia", children)
    }

    /// Tables movenc derives from the samples, which `MovieSampleTable` writes instead.
    static let sampleTables: Set<String> = ["stts", "stss", "sdtp", "ctts", "stsc", "stsz", "stco", "co64"]

    private func sampleTable(_ stbl: MovieBox, _ facts: MovieTrackFacts, scale: Int64) throws(MediaError) -> MoviePiece {
        var children: [MoviePiece] = []
        var rest: [MoviePiece] = []
        for child in stbl.children {
            switch child.type {
            case "stsd": children.append(.bytes(try descriptions(child, facts, scale: scale)))
            case _ where Self.sampleTables.contains(child.type): continue
            case "sgpd": rest.append(.bytes(bytes(child)))
            case "sbgp": rest.append(.bytes(try sampleGroups(child, add: facts.table.entryCount - facts.templateEntries,
                                                                templateEntries: facts.templateEntries)))
            default: throw fail("stbl holds \(child.type), which this index does not rebuild")
            }
        }
        for (type, size) in facts.table.boxes() { children.append(.table(facts.table, type: type, size: size)) }
        return .box("stbl", children + rest)
    }

    /// `sbgp` with its last run longer by `add` samples (movenc's roll groups: every later sample has the same roll).
    private func sampleGroups(_ sbgp: MovieBox, add: Int64, templateEntries: Int64) throws(MediaError) -> [UInt8] {
        var out = bytes(sbgp)
        let p = sbgp.payload - sbgp.start
        let countAt = p + 8 + (out[p] == 1 ? 4 : 0)
        let runs = Int(MovieBox.read32(out, countAt))
        var total: Int64 = 0
        for k in 0..<runs { total += Int64(MovieBox.read32(out, countAt + 4 + 8 * k)) }
        guard runs > 0, total == templateEntries else { throw fail("sbgp covers \(total) of \(templateEntries) samples") }
        let last = countAt + 4 + 8 * (runs - 1)
        var patched = MovieBytes()
        patched.u32(UInt32(truncatingIfNeeded: Int64(MovieBox.read32(out, last)) + add))
        out.replaceSubrange(last..<(last + 4), with: patched.bytes)
        return out
    }

    /// `stsd` with the bit rates movenc computes from the samples (`esds`, `btrt`) recomputed for the whole track:
    /// the average is the bytes over `track_duration`, the maximum at least the stream's declared one.
    private func descriptions(_ stsd: MovieBox, _ facts: MovieTrackFacts, scale: Int64) throws(MediaError) -> [UInt8] {
        var out = bytes(stsd)
        func rates(bytes: Int64, duration: Int64) -> (max: UInt32, avg: UInt32) {
            let avg = duration == 0 ? 0 : UInt32(truncatingIfNeeded: UInt64(bytes) &* 8 &* UInt64(scale) / UInt64(duration))
            return (UInt32(truncatingIfNeeded: max(facts.declaredMaxBitrate, Int64(avg))), avg)
        }
        let template = rates(bytes: facts.templateBytes, duration: facts.templateDuration)
        let real = rates(bytes: facts.table.totalBytes, duration: facts.table.trackDuration)
        var k = 8
        while k + 4 <= out.count {
            let type = String(decoding: out[k..<(k + 4)], as: UTF8.self)
            if type == "btrt", k >= 4, MovieBox.read32(out, k - 4) == 20 {
                try patchRates(&out, maxAt: k + 8, template: template, real: real, box: "btrt")
                k += 16
            } else if type == "esds", k >= 4 {
                var p = k + 8
                func descriptor(_ tag: UInt8) -> Bool {
                    guard p < out.count, out[p] == tag else { return false }
                    p += 1
                    for _ in 0..<4 { guard p < out.count else { return false }; let b = out[p]; p += 1; if b & 0x80 == 0 { break } }
                    return true
                }
                guard descriptor(0x03) else { throw fail("esds without an ES descriptor") }
                p += 3
                guard descriptor(0x04) else { throw fail("esds without a decoder config descriptor") }
                try patchRates(&out, maxAt: p + 5, template: template, real: real, box: "esds")
                k = p + 13
            } else {
                k += 1
            }
        }
        return out
    }

    private func patchRates(_ out: inout [UInt8], maxAt: Int, template: (max: UInt32, avg: UInt32),
                            real: (max: UInt32, avg: UInt32), box: String) throws(MediaError) {
        guard maxAt + 8 <= out.count else { throw fail("\(box) is cut short") }
        let seen = (MovieBox.read32(out, maxAt), MovieBox.read32(out, maxAt + 4))
        guard seen == (template.max, template.avg) else {
            throw fail("\(box) bit rates \(seen) are not movenc's \((template.max, template.avg)) for the template's samples")
        }
        var b = MovieBytes()
        b.u32(real.max); b.u32(real.avg)
        out.replaceSubrange(maxAt..<(maxAt + 8), with: b.bytes)
    }

    /// The chapter track as movenc wrote it, its chunk offsets moved by `shift`.
    private func chapterTrak(_ trak: MovieBox, shift: Int64) throws(MediaError) -> MoviePiece {
        let stbl = try table(of: trak)
        let offsets = try chunkOffsets(stbl).map { UInt64(Int64($0) + shift) }
        var moved = MovieBytes()
        let long = (offsets.last ?? 0) > UInt64(UInt32.max)
        moved.box(size: Int64(16 + offsets.count * (long ? 8 : 4)), long ? "co64" : "stco")
        moved.u32(0); moved.u32(UInt32(offsets.count))
        for o in offsets { if long { moved.u64(o) } else { moved.u32(UInt32(o)) } }
        func rebuild(_ box: MovieBox) -> MoviePiece {
            if box.type == "stco" || box.type == "co64" { return .bytes(moved.bytes) }
            guard MovieBox.containers.contains(box.type), box.type != "dinf" else { return .bytes(bytes(box)) }
            return .box(box.type, box.children.map(rebuild))
        }
        return rebuild(trak)
    }
}
