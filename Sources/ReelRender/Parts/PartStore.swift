import Foundation
import ReelMedia

/// Where segment parts live: content-addressed under `root/parts/<hh>/`, each part's files named by `PartFiles`
/// (video, audio, manifest, and its pictures: a thumbnail of its first frame and a poster made when a job whose
/// middle segment it is finishes). The pictures share the part's life (`reel gc`, `PartCollector`).
///
/// A part is valid when its manifest (written last, atomically) exists, records the expected frame
/// and sample counts, and both media files exist with the sizes the manifest recorded. A valid part is
/// reused instead of rendered again, by this render or by any later one that plans the same content.
public struct PartStore: Sendable {
    public let root: String

    public init(root: String) {
        self.root = root
    }

    /// The manifest of a finished part.
    public struct Manifest: Codable, Sendable, Equatable {
        public var contentHash: String
        public var frames: Int64
        public var samples: Int64
        public var videoBytes: Int64
        public var audioBytes: Int64
        public var renderSeconds: Double

        public init(contentHash: String, frames: Int64, samples: Int64, videoBytes: Int64, audioBytes: Int64,
                    renderSeconds: Double) {
            self.contentHash = contentHash
            self.frames = frames
            self.samples = samples
            self.videoBytes = videoBytes
            self.audioBytes = audioBytes
            self.renderSeconds = renderSeconds
        }
    }

    /// The names of the part `hash`'s files in this store (`PartFiles`).
    public func files(for hash: String) -> PartFiles { PartFiles(hash: hash, root: root) }

    /// The manifest when the part is complete and matches the expected counts, else nil.
    public func validManifest(for hash: String, frames: Int64, samples: Int64) -> Manifest? {
        let files = self.files(for: hash)
        guard let data = FileManager.default.contents(atPath: files.manifest),
              let manifest = try? JSONDecoder().decode(Manifest.self, from: data),
              manifest.contentHash == hash, manifest.frames == frames, manifest.samples == samples,
              fileSize(files.video) == manifest.videoBytes,
              fileSize(files.audio) == manifest.audioBytes else { return nil }
        return manifest
    }

    /// Records a finished part: the manifest is written to a temporary name, then renamed.
    public func writeManifest(_ manifest: Manifest) throws {
        let path = files(for: manifest.contentHash).manifest
        let temp = AtomicFile.temporaryPath(for: path)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(manifest).write(to: URL(fileURLWithPath: temp))
        do { try AtomicFile.commit(temp: temp, final: path) } catch { throw RenderError.media(error) }
    }

    /// Creates the part's directory.
    public func prepare(hash: String) throws {
        try FileManager.default.createDirectory(atPath: files(for: hash).folder, withIntermediateDirectories: true)
    }

    func fileSize(_ path: String) -> Int64? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value
    }
}
