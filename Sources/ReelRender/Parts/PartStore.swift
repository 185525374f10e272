import Foundation
import ReelMedia

/// Where segment parts live: content-addressed under `root/parts/<hh>/<hash>.{mp4,wav,json}`, with the
/// part's pictures beside it: `<hash>.jpg` (its first frame, a thumbnail) and `<hash>.poster.jpg` (the same
/// frame larger, made when a job whose middle segment it is finishes). They share the part's life (`reel gc`).
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

    public func directory(for hash: String) -> String { "\(root)/parts/\(hash.prefix(2))" }
    public func videoPath(for hash: String) -> String { "\(directory(for: hash))/\(hash).mp4" }
    public func audioPath(for hash: String) -> String { "\(directory(for: hash))/\(hash).wav" }
    public func manifestPath(for hash: String) -> String { "\(directory(for: hash))/\(hash).json" }
    public func thumbnailPath(for hash: String) -> String { "\(directory(for: hash))/\(hash).jpg" }
    public func posterPath(for hash: String) -> String { "\(directory(for: hash))/\(hash).poster.jpg" }

    /// True for what a planner writes as a content hash: 16 to 128 lowercase hexadecimal digits. Paths are
    /// derived from a hash only after this check when it comes from outside (a database row, a request),
    /// so no hash can name a file outside `root/parts`.
    public static func isContentHash(_ text: String) -> Bool {
        (16...128).contains(text.utf8.count) && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// The manifest when the part is complete and matches the expected counts, else nil.
    public func validManifest(for hash: String, frames: Int64, samples: Int64) -> Manifest? {
        guard let data = FileManager.default.contents(atPath: manifestPath(for: hash)),
              let manifest = try? JSONDecoder().decode(Manifest.self, from: data),
              manifest.contentHash == hash, manifest.frames == frames, manifest.samples == samples,
              fileSize(videoPath(for: hash)) == manifest.videoBytes,
              fileSize(audioPath(for: hash)) == manifest.audioBytes else { return nil }
        return manifest
    }

    /// Records a finished part: the manifest is written to a temporary name, then renamed.
    public func writeManifest(_ manifest: Manifest) throws {
        let path = manifestPath(for: manifest.contentHash)
        let temp = PartFiles.temporaryPath(for: path)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(manifest).write(to: URL(fileURLWithPath: temp))
        do { try PartFiles.commit(temp: temp, final: path) } catch { throw RenderError.media(error) }
    }

    /// Creates the part's directory.
    public func prepare(hash: String) throws {
        try FileManager.default.createDirectory(atPath: directory(for: hash), withIntermediateDirectories: true)
    }

    func fileSize(_ path: String) -> Int64? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value
    }
}
