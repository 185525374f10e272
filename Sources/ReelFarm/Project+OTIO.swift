import Foundation
import ReelMedia
import ReelModel
import ReelOTIO
import ReelRecords

/// Loading a request's document in either format: composition JSON or an OTIO timeline.
extension Project {
    /// The composition and probed facts of a request, plus warnings (OTIO only).
    /// - Parameter mediaRoots: also searched for OTIO media, with `REEL_MEDIA_ROOTS`.
    /// - Throws: `FarmError.invalid` listing every problem.
    static func load(_ request: RenderRequest, mediaRoots: [String],
                     prober: some MediaProber) throws -> (LoadedComposition, [String]) {
        guard request.isOTIO else {
            do {
                let loaded = try CompositionLoader.load(data: Array(request.document.utf8),
                                                        baseDirectory: request.baseDirectory, prober: prober)
                return (loaded, [])
            } catch {
                throw FarmError.invalid(file: request.sourcePath, problems: error.diagnostics.map(\.description))
            }
        }
        do {
            let imported = try OTIOImporter.load(data: Array(request.document.utf8), baseDirectory: request.baseDirectory,
                                                 options: try request.otioOptions(mediaRoots: mediaRoots), prober: prober)
            return (LoadedComposition(composition: imported.composition, facts: imported.facts,
                                      titleFiles: imported.titleFiles), imported.warnings)
        } catch let error as OTIOError {
            throw FarmError.invalid(file: request.sourcePath, problems: error.problems)
        }
    }

    /// Every problem in a request's document, for `reel validate`; empty when it loads.
    public static func diagnostics(_ request: RenderRequest, prober: some MediaProber = MediaFileProber()) -> [Diagnostic] {
        guard request.isOTIO else {
            return CompositionLoader.validate(data: Array(request.document.utf8), baseDirectory: request.baseDirectory,
                                              prober: prober)
        }
        do {
            _ = try OTIOImporter.load(data: Array(request.document.utf8), baseDirectory: request.baseDirectory,
                                      options: try request.otioOptions(mediaRoots: []), prober: prober)
            return []
        } catch let error as OTIOError {
            switch error {
            case .invalid(let list): return list
            case .missingMedia(let pieces):
                return pieces.map { Diagnostic(path: $0.path, message: "\($0.clip): \($0.reason)") }
            default: return [Diagnostic(path: "", message: error.description)]
            }
        } catch {
            return [Diagnostic(path: "", message: "\(error)")]
        }
    }
}

extension RenderRequest {
    /// Whether the document is an OpenTimelineIO timeline (by extension or content).
    public var isOTIO: Bool { OTIOImporter.isOTIO(path: sourcePath, text: document.prefix(400)) }

    /// The OTIO options of this request: `--media-map`, `--offline slate`, and the media roots.
    /// - Throws: `FarmError.invalidMediaMap` or `.invalidOfflineMode` for a malformed `--media-map` or `--offline` value.
    public func otioOptions(mediaRoots: [String]) throws -> OTIOImportOptions {
        let mappings = try (mediaMap ?? []).map { text in
            guard let m = OTIOImportOptions.Mapping(parsing: text) else {
                throw FarmError.invalidMediaMap(text)
            }
            return m
        }
        if let offline, offline != "slate" {
            throw FarmError.invalidOfflineMode(offline)
        }
        return OTIOImportOptions(mediaMap: mappings, mediaRoots: mediaRoots + MediaRoots.fromEnvironment(),
                                 offlineSlates: offline == "slate")
    }
}
