import Foundation
import ReelRecords

/// Reading a request from a composition file or from a stored job, with the farm's errors.
extension RenderRequest {
    /// Reads a composition file.
    /// - Throws: `FarmError.io` naming the file.
    public static func reading(_ path: String, segmentSeconds: String? = nil, preset: String? = nil,
                               lossless: Bool = false) throws -> RenderRequest {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        guard let data = FileManager.default.contents(atPath: url.path) else {
            let exists = FileManager.default.fileExists(atPath: url.path)
            throw FarmError.io(path: path, message: exists ? "cannot be read" : "no such file")
        }
        return RenderRequest(sourcePath: path, baseDirectory: url.deletingLastPathComponent().path,
                             document: String(decoding: data, as: UTF8.self), segmentSeconds: segmentSeconds,
                             preset: preset, lossless: lossless)
    }

    /// - Throws: `FarmError.unreadableRequest` when the text is not a request.
    public static func decoded(_ text: String) throws -> RenderRequest {
        do { return try RenderRequest(decoding: text) } catch {
            throw FarmError.unreadableRequest("\(error)")
        }
    }
}
