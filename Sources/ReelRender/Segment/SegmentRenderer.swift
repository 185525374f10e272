import Foundation
import ReelMedia
import ReelModel
import ReelPlan

/// What rendering one segment did.
public struct SegmentResult: Sendable, Equatable {
    public var manifest: PartStore.Manifest
    /// True when a valid part with the same content hash already existed and nothing was rendered.
    public var reused: Bool
    /// The segment's first finished picture, as encoded into the part (nil when the part was reused):
    /// a worker makes the part's thumbnail from it without decoding anything again.
    public var firstFrame: PlanarFrame? = nil
}

/// Renders one planned segment into its parts: video frames `[f0, f1)` into an H.264 part and audio
/// samples `[S(f0), S(f1))` into a PCM part, both written under temporary names and renamed into the
/// content-addressed `PartStore` only when complete. A part that already exists and is valid is reused.
///
/// The pipeline per frame: `Plan.frameLayers` → decode each layer's source frame (`VideoFrameSource`,
/// one per placed clip, opened lazily and closed once the clip is no longer shown) → `Compositor` →
/// titles (`TitleRenderer`) → `VideoPartWriter`. Audio is rendered in one-second blocks of the timeline's
/// sample clock: `Plan.audioContributions` → `AudioSampleSource` reads (varispeed for speed ≠ 1) →
/// `AudioMixer` → `PCMPartWriter`. Everything is a pure function of the composition and the frame or
/// sample index, so a render cut anywhere joins bit-exactly.
///
/// Not `Sendable`: one renderer per worker thread (FFmpeg contexts and FreeType faces stay on it).
public final class SegmentRenderer {
    public let plan: Plan
    public let store: PartStore
    /// What every source, title image, font and watermark opened must satisfy: the media roots, and the
    /// very files the project was loaded from (`InputFile`).
    public let rules: InputRules
    let titles: TitleRenderer
    var titleImages: [Int: RGBAImage] = [:]
    /// Masks rasterised at the output size (SegmentRenderer+Layers).
    var masks: [Mask: MaskPlanes] = [:]
    /// Told each source or title file before it is opened (a worker's stall reports name it).
    public var reading: (@Sendable (String) -> Void)?

    /// - Parameters:
    ///   - plan: the planned composition; asset paths come from `plan.composition.assets`.
    ///   - store: where parts are written.
    ///   - rules: checked at every open of an input file.
    public init(plan: Plan, store: PartStore, rules: InputRules = .anywhere) {
        self.plan = plan
        self.store = store
        self.rules = rules
        titles = TitleRenderer(rules: rules)
    }

    /// Renders `segment` unless a valid part exists.
    /// - Parameters:
    ///   - isCanceled: polled before every frame; when true the render stops and no part is made (its audio, committed
    ///     before the video, may stay without a manifest, which no reader takes for a part; `reel gc` removes it).
    ///   - progress: called after every frame with the frames done so far in this segment.
    /// - Throws: `RenderError.segment` naming the segment (with the file and FFmpeg's message), or `.canceled`.
    public func render(_ segment: SegmentPlan, isCanceled: () -> Bool = { false },
                       progress: (Int64) -> Void = { _ in }) throws -> SegmentResult {
        let frames = Int64(segment.frames.count), samples = Int64(segment.samples.count)
        if let manifest = store.validManifest(for: segment.contentHash, frames: frames, samples: samples) {
            return SegmentResult(manifest: manifest, reused: true)
        }
        let started = ContinuousClock.now
        do {
            try store.prepare(hash: segment.contentHash)
            let files = store.files(for: segment.contentHash), video = files.video, audio = files.audio
            let videoTemp = AtomicFile.temporaryPath(for: video), audioTemp = AtomicFile.temporaryPath(for: audio)
            defer { AtomicFile.discard(temp: videoTemp); AtomicFile.discard(temp: audioTemp) }
            // The audio first, committed at once: a rolling stitcher encodes it while the video renders
            // (`RollingStitcher.encodeAudioAhead`). The part is valid only once its manifest is written, last.
            try renderAudio(segment, to: audioTemp, isCanceled: isCanceled)
            try AtomicFile.commit(temp: audioTemp, final: audio)
            let first = try renderVideo(segment, to: videoTemp, isCanceled: isCanceled, progress: progress)
            try AtomicFile.commit(temp: videoTemp, final: video)
            let elapsed = started.duration(to: .now)
            let manifest = PartStore.Manifest(
                contentHash: segment.contentHash, frames: frames, samples: samples,
                videoBytes: store.fileSize(video) ?? 0, audioBytes: store.fileSize(audio) ?? 0,
                renderSeconds: elapsed.secondsDouble)
            try store.writeManifest(manifest)
            return SegmentResult(manifest: manifest, reused: false, firstFrame: first)
        } catch let error as RenderError {
            if case .canceled = error { throw error }
            throw RenderError.segment(index: segment.index, message: error.description,
                                      permanent: RenderError.isPermanent(error))
        } catch {
            throw RenderError.segment(index: segment.index, message: "\(error)", permanent: RenderError.isPermanent(error))
        }
    }

    /// The asset's file path, reported to `reading` as the file about to be opened.
    func path(of asset: AssetID) throws -> String {
        guard let path = plan.composition.assets[asset]?.path else {
            throw RenderError.unknownAsset("\(asset)")
        }
        reading?(path)
        return path
    }
}
