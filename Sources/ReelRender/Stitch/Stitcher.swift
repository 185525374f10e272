import Foundation
import ReelMedia
import ReelModel

/// One rendered part, in timeline order, with what the plan says it must hold.
public struct StitchPart: Sendable {
    public var segmentIndex: Int
    public var startFrame: Int64
    public var frames: Int64
    public var samples: Int64
    public var videoPath: String
    public var audioPath: String

    public init(segmentIndex: Int, startFrame: Int64, frames: Int64, samples: Int64, videoPath: String,
                audioPath: String) {
        self.segmentIndex = segmentIndex
        self.startFrame = startFrame
        self.frames = frames
        self.samples = samples
        self.videoPath = videoPath
        self.audioPath = audioPath
    }

    /// The part whose media are `files` (a part store's, `PartStore.files(for:)`).
    public init(segmentIndex: Int, startFrame: Int64, frames: Int64, samples: Int64, files: PartFiles) {
        self.init(segmentIndex: segmentIndex, startFrame: startFrame, frames: frames, samples: samples,
                  videoPath: files.video, audioPath: files.audio)
    }
}

/// What the stitcher found while joining, for reports and tests.
public struct StitchReport: Sendable, Equatable {
    public var frames: Int64
    public var samples: Int64
    public var parts: Int
    public var bytes: Int64
    /// What reaching `output.audio.loudness` took (nil when the output has no loudness target).
    public var loudness: LoudnessReport? = nil
    /// Why the output's index was kept in memory by FFmpeg's movenc after all, not on disk by Reel's index writer
    /// (`OutputMuxer.indexFallback`); nil when Reel's wrote it, or for a container it does not write.
    public var indexFallback: String? = nil
    /// Parts whose audio the rolling stitcher encoded before their turn (`RollingStitcher.encodeAudioAhead`).
    public var partsEncodedAhead = 0
}

/// Joins parts into the final file: video packets are stream-copied with pts/dts offset by each part's
/// start frame; the concatenated PCM is encoded exactly once (`OutputSettings.deliveredAudio`).
///
/// Before anything is published it verifies every seam and refuses on any mismatch, naming the segment:
/// extradata (avcC/hvcC/av1C) identical across parts; every part opens on a self-contained keyframe (an IDR for
/// H.264 and HEVC; every packet of ProRes and DNxHR is one); packet count equals the
/// planned frame count; DTS strictly increasing across joins; each part's sample count as planned and
/// the total equal to `S(totalFrames)`. The file is written under a temporary name and renamed only
/// after all checks passed; on any error the temporary file is removed. `RollingStitcher` does the work,
/// part by part: a farm appends parts as they finish and is left with only the last one at the end.
public enum Stitcher {
    /// - Parameters:
    ///   - parts: in timeline order, tiling `[0, totalFrames)`.
    ///   - totalSamples: `S(totalFrames)`.
    ///   - chapters: chapter marks on the output's own timeline (see `chapters(from:outputStart:outputDuration:)`).
    ///   - isCanceled: polled between parts, and once more right before the rename.
    ///   - mayPublish: asked right before the finished, verified file is renamed over `path` (a farm
    ///     checks its stitch lease and the job's cancellation here); false leaves nothing at `path`.
    /// - Throws: `RenderError.seam` naming the segment, `RenderError.media`, or `.canceled` (also when
    ///   `mayPublish` said no).
    public static func stitch(parts: [StitchPart], output: OutputSettings, totalFrames: Int64, totalSamples: Int64,
                              chapters: [Chapter] = [], to path: String, audioChunking: AudioChunking? = nil,
                              isCanceled: @Sendable () -> Bool = { false },
                              mayPublish: () throws -> Bool = { true }) throws -> StitchReport {
        return try stitch(parts: parts, output: output, totalFrames: totalFrames, totalSamples: totalSamples,
                   chapters: chapters, to: try Publication.replacing(path), audioChunking: audioChunking,
                   isCanceled: isCanceled, mayPublish: mayPublish)
    }

    /// `stitch(parts:…to:)` publishing as `publication` says.
    public static func stitch(parts: [StitchPart], output: OutputSettings, totalFrames: Int64, totalSamples: Int64,
                              chapters: [Chapter] = [], to publication: Publication,
                              audioChunking: AudioChunking? = nil,
                              isCanceled: @Sendable () -> Bool = { false },
                              mayPublish: () throws -> Bool = { true }) throws -> StitchReport {
        try StitchTiling.check(parts, totalFrames: totalFrames, totalSamples: totalSamples)
        let stitcher = RollingStitcher(output: output, chapters: chapters, to: publication,
                                       totals: (totalFrames, totalSamples), audioChunking: audioChunking)
        do {
            for part in parts {
                if isCanceled() { throw RenderError.canceled }
                try stitcher.append(part)
            }
            return try stitcher.finish(totalFrames: totalFrames, totalSamples: totalSamples, isCanceled: isCanceled,
                                       mayPublish: mayPublish)
        } catch {
            stitcher.discard()
            throw error
        }
    }

    static func copyVideo(of part: StitchPart, from reader: PacketReader, into muxer: OutputMuxer,
                          frameRate: FrameRate) throws {
        var count: Int64 = 0
        while let packet = try reader.next() {
            if count == 0 {
                guard reader.isSelfContainedKeyframe(packet) else {
                    throw RenderError.seam(segment: part.segmentIndex, message: "part does not open on a self-contained "
                                           + "keyframe (an IDR for H.264 and HEVC)")
                }
            }
            do {
                try muxer.writeVideo(packet, ptsOffset: part.startFrame, dtsOffset: part.startFrame)
            } catch {
                throw RenderError.seam(segment: part.segmentIndex, message: error.description)
            }
            count += 1
        }
        guard count == part.frames else {
            throw RenderError.seam(segment: part.segmentIndex,
                                   message: "part holds \(count) video packets but the plan has \(part.frames) frames")
        }
    }

    static func copyAudio(of part: StitchPart, into muxer: OutputMuxer, output: OutputSettings) throws {
        try readAudio(of: part, output: output) { try muxer.writeAudio($0) }
    }

    /// Reads a part's PCM in order, in chunks, after checking its rate, channels and sample count against the plan.
    /// Checks and reads one part's PCM; returns the file it read. `expected`: the file an earlier read of this part
    /// opened (a loudness job reads each part twice), refused when the name now leads to another file or content.
    @discardableResult
    static func readAudio(of part: StitchPart, output: OutputSettings, expected: FileID? = nil,
                          _ body: (AudioBuffer) throws -> Void) throws -> FileID {
        let reader = try openAudio(of: part, output: output)
        if let expected, reader.fileID != expected {
            throw RenderError.seam(segment: part.segmentIndex,
                                   message: "PCM part changed after it was measured: \(expected), now \(reader.fileID)")
        }
        while let buffer = try reader.read(maxFrames: audioChunkFrames) {
            try body(buffer)
        }
        return reader.fileID
    }

    /// The sample frames `readAudio` hands over at a time.
    static let audioChunkFrames = 1 << 16

    /// Opens a part's PCM and checks its rate, channels and sample count against the plan.
    static func openAudio(of part: StitchPart, output: OutputSettings) throws -> PCMPartReader {
        let reader = try PCMPartReader(path: part.audioPath)
        guard reader.sampleRate == output.audio.sampleRate, reader.channels == output.audio.channels else {
            throw RenderError.seam(segment: part.segmentIndex,
                                   message: "PCM part is \(reader.sampleRate) Hz × \(reader.channels) but the output is "
                                   + "\(output.audio.sampleRate) Hz × \(output.audio.channels)")
        }
        guard reader.frameCount == part.samples else {
            throw RenderError.seam(segment: part.segmentIndex,
                                   message: "PCM part holds \(reader.frameCount) samples but the plan has \(part.samples)")
        }
        return reader
    }
}
