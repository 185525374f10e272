internal import CFFmpeg
import ReelModel

extension OutputMuxer {
    /// Adds chapter marks, which FFmpeg's MP4/MOV muxer writes as a QuickTime chapter text track
    /// (referenced by `tref chap`). Each chapter keeps its own exact time base (the least common
    /// multiple of its ends' timescales); no floating point is involved.
    ///
    /// Call once, before the first packet is written (the header takes the chapters). Chapters must be
    /// in order and must not overlap.
    ///
    /// The chapter track must start at 0: readers (FFmpeg's mov demuxer among them) ignore the edit
    /// that would delay its first sample and would show the first chapter at 0. So when the first
    /// chapter starts later, an untitled chapter fills `[0, start)`. A gap between two chapters is
    /// absorbed by the earlier one (a chapter lasts until the next begins).
    /// - Note: FFmpeg's movenc writes the chapter track at the movie timescale, which `OutputMuxer`
    ///   makes a multiple of every chapter's timescale while it fits in `Int32` (else times are rounded
    ///   to it). The chapter track appears to FFmpeg as a third (data) stream.
    /// - Throws: `MediaError.invalidData` for a chapter that starts before 0, is empty or reversed,
    ///   overlaps the one before, or whose ends share no `Int32` timescale; `MediaError.ffmpeg` when
    ///   allocation fails.
    public func addChapters(_ chapters: [Chapter]) throws(MediaError) {
        precondition(!headerWritten && chapterCount == 0, "add chapters once, before writing")
        guard let first = chapters.first else { return }
        let filled = (first.start > .zero ? [Chapter(title: "", start: .zero, end: first.start)] : []) + chapters
        var exact: [(title: String, timescale: Int32, start: Int64, end: Int64)] = []
        for (k, chapter) in filled.enumerated() {
            if k > 0, chapter.start < filled[k - 1].end {
                throw MediaError.invalidData(path: path, message: "chapter \"\(chapter.title)\" starts at "
                                             + "\(chapter.start), before the previous one ends (\(filled[k - 1].end))")
            }
            exact.append(try exactTimes(of: chapter))
        }
        for (id, c) in exact.enumerated() {
            let result = c.title.withCString { title in
                reel_add_chapter(muxer.pointer, Int64(id) + 1, AVRational(num: 1, den: c.timescale), c.start, c.end, title)
            }
            try check(result, "reel_add_chapter", path: path)
        }
    }

    /// The chapter's ends as whole ticks of one exact time base, after checking them.
    private func exactTimes(of chapter: Chapter) throws(MediaError)
        -> (title: String, timescale: Int32, start: Int64, end: Int64) {
        let described = "chapter \"\(chapter.title)\" [\(chapter.start), \(chapter.end))"
        guard chapter.start >= .zero, chapter.start < chapter.end else {
            throw MediaError.invalidData(path: path, message: "\(described) is empty, reversed or before 0")
        }
        guard let timescale = chapter.commonTimescale(),
              let start = try? chapter.start.converted(to: timescale),
              let end = try? chapter.end.converted(to: timescale) else {
            throw MediaError.invalidData(path: path, message: "\(described) has no common Int32 timescale")
        }
        return (chapter.title, timescale, start.value, end.value)
    }

    /// The timescales of the chapters added, for the movie timescale.
    func chapterTimescales() -> [Int64] {
        let ctx = muxer.pointer.pointee
        return (0..<Int(ctx.nb_chapters)).compactMap { i in ctx.chapters[i].map { Int64($0.pointee.time_base.den) } }
    }

    /// Chapters added so far.
    public var chapterCount: Int { Int(muxer.pointer.pointee.nb_chapters) }
}
