import Foundation
import ReelMedia
import ReelModel

/// The stitcher as a growing prefix: parts are appended in timeline order as they become ready, each one
/// verified and written at once (its video packets stream-copied, its PCM fed to the single audio encoder),
/// so that when the last part arrives only that part and the muxer's trailer are left.
/// A loudness job (`output.audio.loudness`) needs the gain first: measured ahead from the programme's own mix
/// (`measureLoudnessAhead`), its parts' audio is encoded as they arrive; otherwise each part's PCM is measured and
/// the audio encoded in `finish` (`LoudnessPass`).
///
/// `Stitcher.stitch` is this class driven over all parts at once; the bytes written do not depend on when
/// the parts were appended. Every seam check of `Stitcher` runs per part, naming the segment: contiguity
/// (start frame, `StitchTiling`), identical extradata, a self-contained keyframe at the start, packet count and sample count as
/// planned. The totals are checked by `finish` (`StitchTiling` again). The file is written under a temporary name in the publication's folder;
/// `finish` publishes it (`OutputFolder.publish`: never over an input, over an existing file only when asked)
/// only after every check passed and `mayPublish` agreed; `discard` (or any error) removes it.
/// Not `Sendable`: use it on one thread.
public final class RollingStitcher {
    /// Where the output is published.
    public let publication: Publication
    public var path: String { publication.path }
    let owner: String
    private var temp: TemporaryOutput?
    let output: OutputSettings
    let chapters: [Chapter]
    let faststart: Bool
    /// The programme's frames and samples, when known before the first part: the index's room is reserved at the
    /// front (`OutputMuxer.reserveIndex`), so `finish` writes no second copy of the file.
    let totals: (frames: Int64, samples: Int64)?
    private(set) var muxer: OutputMuxer?
    private var published = false
    private var reference: (segment: Int, extradata: [UInt8])?
    /// The parts appended so far, against the seam checks they share with `Stitcher` (`StitchTiling`).
    private var tiling = StitchTiling()
    /// Frames and samples appended so far.
    public var frames: Int64 { tiling.frames }
    public var samples: Int64 { tiling.samples }
    /// Parts appended so far.
    public var parts: Int { tiling.parts }
    /// A loudness job's measurement and second pass (nil without `output.audio.loudness`).
    let loudness: LoudnessPass?
    /// The audio encoded in parallel chunks (AAC only; `AudioChunking`), or once (nil, the default).
    let audioChunking: AudioChunking?
    /// Parts' audio encoded before their turn (`encodeAudioAhead`).
    var ahead = AudioAhead()
    /// The output's audio encoder, opened by the first encode ahead or by `open`, whichever comes first; the muxer
    /// takes it at `open`.
    private var encoder: AudioEncoder?
    /// Parts whose audio was encoded ahead of their turn, of those appended.
    public var partsEncodedAhead: Int { ahead.written }

    /// - Parameters:
    ///   - chapters: chapter marks on the output's own timeline (`Stitcher.chapters`).
    ///   - owner: tags the temporary file's name (`AtomicFile.temporaryName`), so a later stitch attempt can
    ///     remove what a dead one left.
    ///   - totals: the programme's frames and samples, as `finish` will check them; given, the index is written into
    ///     room reserved at the front, else moved there by a rewrite of the whole file.
    ///   - faststart: the index at the front (Reel's outputs always have it; false only to measure what it costs).
    ///   - audioChunking: encode AAC audio in parallel chunks (docs/scaling.md, "Parallel audio"); nil encodes it
    ///     once, on this thread.
    public init(output: OutputSettings, chapters: [Chapter] = [], to publication: Publication, owner: String = "",
                totals: (frames: Int64, samples: Int64)? = nil, faststart: Bool = true,
                audioChunking: AudioChunking? = nil) {
        self.faststart = faststart
        self.audioChunking = audioChunking
        self.totals = totals
        self.publication = publication
        self.owner = owner
        self.output = output
        self.chapters = chapters
        loudness = output.audio.loudness.map { LoudnessPass(target: $0, audio: output.audio) }
    }

    /// Publishes at `path` in its existing folder, replacing any file there (`Publication.replacing`).
    public convenience init(output: OutputSettings, chapters: [Chapter] = [], to path: String, owner: String = "",
                            totals: (frames: Int64, samples: Int64)? = nil, faststart: Bool = true) throws {
        self.init(output: output, chapters: chapters, to: try Publication.replacing(path), owner: owner,
                  totals: totals, faststart: faststart)
    }

    /// Verifies and writes one part, which must start where the previous one ended.
    /// - Throws: `RenderError.seam` naming the segment, or `RenderError.media`; the stitcher is then unusable
    ///   (call `discard`).
    public func append(_ part: StitchPart) throws {
        try tiling.checkNext(part)
        do {
            let reader = try PacketReader(path: part.videoPath)
            let muxer = try self.muxer ?? open(copying: reader, firstSegment: part.segmentIndex)
            guard let reference, reader.extradata == reference.extradata else {
                throw RenderError.seam(segment: part.segmentIndex,
                                       message: "\(reader.codecName) extradata differs from segment \(reference?.segment ?? 0)'s; "
                                       + "parts were encoded with different settings")
            }
            try Stitcher.copyVideo(of: part, from: reader, into: muxer, frameRate: output.frameRate)
            if let loudness {
                try loudness.append(part, output: output, into: muxer)
            } else {
                try writeAudio(of: part, into: muxer)
            }
        } catch let error as MediaError {
            throw RenderError.media(error)
        }
        tiling.add(part)
    }

    /// A loudness job's programme measured before its parts arrive: `mix(segment, body)` hands `body` the PCM of
    /// each of `segments` (their indices, in timeline order) as its part holds it (`SegmentRenderer.mixAudio`).
    /// The gain is settled here, so `append` encodes each part's audio at once, and refuses a part whose PCM is not
    /// what was measured. Does nothing for a job without a loudness target. Call it before the first `append`.
    /// - Throws: `RenderError` from the mix, or `.canceled` when `isCanceled` turns true.
    public func measureLoudnessAhead(segments: [Int], mix: @escaping (Int, (AudioBuffer) throws -> Void) throws -> Void,
                                     isCanceled: () -> Bool = { false }) throws {
        try loudness?.measureAhead(segments: segments, mix: mix, isCanceled: isCanceled)
    }

    /// Checks the totals, writes the trailer (into the reserved room, or with the faststart rewrite), and publishes.
    /// - Parameters:
    ///   - isCanceled: asked once more right before the rename.
    ///   - mayPublish: asked right before the rename (a farm's fence); false leaves nothing at `path`.
    /// - Throws: `RenderError.seam`, `.media`, or `.canceled`; the temporary file is removed on any error.
    public func finish(totalFrames: Int64, totalSamples: Int64, isCanceled: @Sendable () -> Bool = { false },
                       mayPublish: () throws -> Bool = { true }) throws -> StitchReport {
        do {
            try tiling.checkTotals(totalFrames: totalFrames, totalSamples: totalSamples)
            guard let muxer else { throw RenderError.emptyPlan }
            let loudnessReport = try loudness?.finish(into: muxer, output: output, isCanceled: isCanceled)
            try muxer.finish()
            guard let temp else { throw RenderError.nothingWritten }
            let bytes = temp.size
            guard !isCanceled(), try mayPublish() else { throw RenderError.canceled }
            try publication.folder.publish(temp, as: publication.name, overwrite: publication.overwrite,
                                           inputs: publication.inputs)
            self.muxer = nil
            published = true
            return StitchReport(frames: frames, samples: samples, parts: parts, bytes: bytes, loudness: loudnessReport,
                                indexFallback: muxer.indexFallback, partsEncodedAhead: ahead.written)
        } catch let error as MediaError {
            discard()
            throw RenderError.media(error)
        } catch {
            discard()
            throw error
        }
    }

    /// Removes the temporary file (an abandoned or failed stitch). Idempotent; nothing to do once published.
    public func discard() {
        guard !published else { return }
        ahead.removeAll()
        encoder = nil
        muxer = nil
        if let temp { publication.folder.discard(temp.name) }
        temp = nil
    }

    /// The output's one audio encoder, opened at the first call.
    func audioEncoder() throws(MediaError) -> AudioEncoder {
        if let encoder { return encoder }
        let opened = try AudioEncoder(settings: output.deliveredAudio, chunking: audioChunking)
        encoder = opened
        return opened
    }

    private func open(copying reader: PacketReader, firstSegment: Int) throws -> OutputMuxer {
        let temp = try publication.folder.createTemporary(for: publication.name, owner: owner)
        self.temp = temp
        let muxer = try OutputMuxer(writing: temp, container: output.container, faststart: faststart)
        if let totals { muxer.reserveIndex(frames: totals.frames, samples: totals.samples) }
        try muxer.addChapters(chapters)
        try muxer.addVideoStream(copying: reader, frameRate: output.frameRate)
        try muxer.addAudioStream(audioEncoder())
        self.muxer = muxer
        reference = (firstSegment, reader.extradata)
        return muxer
    }
}
