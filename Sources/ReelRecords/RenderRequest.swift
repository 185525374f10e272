import Foundation
import ReelModel

/// Everything needed to load and plan a project again on any host: the composition's text and
/// where it came from, plus the options that change the plan. Stored as a job's composition in the
/// queue, so every worker plans exactly what was submitted.
public struct RenderRequest: Codable, Sendable, Equatable {
    /// The composition file's path when submitted (for messages).
    public var sourcePath: String
    /// The folder relative paths resolve against.
    public var baseDirectory: String
    /// The composition's text.
    public var document: String
    /// `--segment-seconds`, exact ("10", "7/30"); nil for the default.
    public var segmentSeconds: String?
    /// Set by `reel render` for a short job cut by its estimated cost (`Project.balanced`): the frames where segments
    /// start on the whole timeline (after 0), in place of the segmenter's; every worker plans the same segments.
    public var segmentStarts: [Int64]?
    /// `--range A..B`: render and publish only the timeline's frames starting in `[A, B)` (exact seconds, either
    /// end may be left out; ReelPlan's `OutputRange` reads and checks it); nil renders the whole timeline.
    /// Every worker plans the job's segments with it.
    public var range: String?
    /// `--preset`: overrides the x264 preset.
    public var preset: String?
    /// `--lossless`: x264 qp 0 and PCM audio in MOV.
    public var lossless: Bool
    /// `--encoder-threads`: the encoder threads of a composition that sets no `output.video.threads` (a count the
    /// composition sets wins). Every part of the job is encoded with it. nil (and jobs submitted before it existed):
    /// `VideoCodecSettings.defaultThreads`.
    public var encoderThreads: Int?
    /// The container named by the output file's extension, overriding the composition's.
    public var container: String?
    /// The renderer version that goes into content hashes.
    public var rendererVersion: String
    /// OTIO: `--media-map OLD=NEW` rewrites, in order.
    public var mediaMap: [String]?
    /// OTIO: `--offline slate` renders missing media as slates.
    public var offline: String?
    /// Set by the coordinator for monitors (`reel serve`): the frame rate and where the transitions lie.
    /// Never read by the renderer; absent in jobs submitted before it existed.
    public var marks: TimelineMarks?
    /// `--overwrite`: the stitcher may replace an existing file at the output (never one of the job's inputs).
    /// nil (jobs submitted before it existed) is false.
    public var overwrite: Bool?
    /// Set by the coordinator: the job's input files (sources, title images, fonts, the watermark, the
    /// composition), by path, so that another job cannot publish over them while this one is active.
    public var inputs: [String]?
    /// Set by the coordinator: what probing each source file found at submit, one record per file in path order,
    /// so that a worker whose open of the same path finds the same size and modification time plans from these
    /// facts instead of probing the file again. Absent in jobs submitted before it existed: they are probed.
    public var facts: [MediaFactsRecord]?

    public init(sourcePath: String, baseDirectory: String, document: String, segmentSeconds: String? = nil,
                preset: String? = nil, lossless: Bool = false, rendererVersion: String = Reel.rendererVersion) {
        self.sourcePath = sourcePath
        self.baseDirectory = baseDirectory
        self.document = document
        self.segmentSeconds = segmentSeconds
        self.preset = preset
        self.lossless = lossless
        self.rendererVersion = rendererVersion
    }

    /// The request as JSON text, for the queue.
    public func encoded() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// The recorded facts by path (`facts`), leaving out every record whose values no probe gives.
    public var recordedFacts: [String: MediaFacts] {
        let usable = (facts ?? []).compactMap { record in record.facts.map { (record.path, $0) } }
        return Dictionary(usable, uniquingKeysWith: { first, _ in first })
    }

    /// The request stored as `text` (a job's composition).
    /// - Throws: the decoder's error when the text is not a request.
    public init(decoding text: String) throws {
        self = try JSONDecoder().decode(RenderRequest.self, from: Data(text.utf8))
    }
}
