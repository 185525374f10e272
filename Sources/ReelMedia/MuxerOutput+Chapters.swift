import CFFmpeg
import ReelModel

extension OutputMuxer {
    /// Adds chapter marks, which FFmpeg's MP4/MOV muxer writes as a QuickTime chapter text track
    /// (referenced by `tref chap`). Each chapter keeps its own exact time base (the least common
    /// multiple of its ends' timescales); no floating point is involved.
    ///
    /// Call before the first packet is written (the header takes the chapters). May be called more
    /// than once; chapters are numbered in the order added.
    /// - Note: FFmpeg's movenc writes the chapter track at the movie timescale, which `OutputMuxer`
    ///   makes a multiple of every chapter's timescale while it fits in `Int32` (else times are rounded
    ///   to it). The chapter track appears to FFmpeg as a third (data) stream.
    /// - Throws: `MediaError.invalidData` for a chapter that starts before 0, is empty or reversed,
    ///   or whose ends share no `Int32` timescale; `MediaError.ffmpeg` when allocation fails.
    public func addChapters(_ chapters: [Chapter]) throws(MediaError) {
        precondition(!headerWritten, "add chapters before writing")
        for chapter in chapters {
            try addChapter(chapter)
        }
    }

    private func addChapter(_ chapter: Chapter) throws(MediaError) {
        let described = "chapter \"\(chapter.title)\" [\(chapter.start), \(chapter.end))"
        guard chapter.start >= .zero, chapter.start < chapter.end else {
            throw MediaError.invalidData(path: path, message: "\(described) is empty, reversed or before 0")
        }
        guard let timescale = chapter.commonTimescale(),
              let start = try? chapter.start.converted(to: timescale),
              let end = try? chapter.end.converted(to: timescale) else {
            throw MediaError.invalidData(path: path, message: "\(described) has no common Int32 timescale")
        }
        let id = Int64(muxer.pointer.pointee.nb_chapters) + 1
        let result = chapter.title.withCString { title in
            reel_add_chapter(muxer.pointer, id, AVRational(num: 1, den: timescale), start.value, end.value, title)
        }
        try check(result, "reel_add_chapter", path: path)
    }

    /// The timescales of the chapters added, for the movie timescale.
    func chapterTimescales() -> [Int64] {
        let ctx = muxer.pointer.pointee
        return (0..<Int(ctx.nb_chapters)).compactMap { i in ctx.chapters[i].map { Int64($0.pointee.time_base.den) } }
    }

    /// Chapters added so far.
    public var chapterCount: Int { Int(muxer.pointer.pointee.nb_chapters) }
}
