import Foundation
import ReelMedia
import ReelModel

/// Where a stitch publishes, and on what terms: a name in a folder opened and checked once (`OutputFolder`,
/// so the write and the rename stay in that folder whatever links change meanwhile), whether an existing file
/// may be replaced, and the job's inputs, which are never replaced (checked by device and inode right before
/// the rename).
public struct Publication {
    public let folder: OutputFolder
    /// The file name in `folder`.
    public let name: String
    /// Replace a file already at `name` (`--overwrite`); never one of `inputs`.
    public var overwrite: Bool
    /// The job's input files (sources, title images, fonts, the watermark, the composition), by path.
    public var inputs: [String: FileID]

    public init(folder: OutputFolder, name: String, overwrite: Bool, inputs: [String: FileID]) {
        self.folder = folder
        self.name = name
        self.overwrite = overwrite
        self.inputs = inputs
    }

    /// The published file's path.
    public var path: String { folder.path + "/" + name }

    /// `path` in its existing folder, replacing any file there: for tools and tests that own the folder.
    /// - Throws: `RenderError.media` when the folder does not open.
    public static func replacing(_ path: String) throws -> Publication {
        let url = URL(fileURLWithPath: path)
        do {
            return Publication(folder: try OutputFolder(url.deletingLastPathComponent().path, createMissing: false),
                               name: url.lastPathComponent, overwrite: true, inputs: [:])
        } catch {
            throw RenderError.media(error)
        }
    }
}
