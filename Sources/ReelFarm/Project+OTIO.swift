import Foundation
import ReelMedia
import ReelModel
import ReelOTIO
import ReelRecords

/// Loading a request's document in either format: composition JSON or an OTIO timeline.
extension Project {
    /// A request's document that does not load.
    struct InvalidDocument: Error {
        /// Every problem at its place (a JSON path), as `reel validate` lists them.
        var diagnostics: [Diagnostic]
        /// One line per problem, for `FarmError.invalid`.
        var problems: [String]
    }

    /// The composition and probed facts of a request, plus warnings (OTIO only).
    /// - Parameter mediaRoots: also searched for OTIO media, with `REEL_MEDIA_ROOTS`.
    /// - Throws: `InvalidDocument` listing every problem.
    static func load(_ request: RenderRequest, mediaRoots: [String],
                     prober: some MediaProber) throws -> (LoadedComposition, [String]) {
        guard request.isOTIO else {
            do {
                let loaded = try CompositionLoader.load(data: Array(request.document.utf8),
                                                        baseDirectory: request.baseDirectory, prober: prober)
                return (loaded, [])
            } catch {
                throw InvalidDocument(diagnostics: error.diagnostics, problems: error.diagnostics.map(\.description))
            }
        }
        do {
            let imported = try OTIOImporter.load(data: Array(request.document.utf8), baseDirectory: request.baseDirectory,
                                                 options: try request.otioOptions(mediaRoots: mediaRoots), prober: prober)
            return (LoadedComposition(composition: imported.composition, facts: imported.facts,
                                      titleFiles: imported.titleFiles), imported.warnings)
        } catch let error as OTIOError {
            throw InvalidDocument(diagnostics: diagnostics(error), problems: error.problems)
        }
    }

    /// An OTIO timeline's problems at their places: a clip with missing media at the clip's path.
    static func diagnostics(_ error: OTIOError) -> [Diagnostic] {
        switch error {
        case .invalid(let list): return list
        case .missingMedia(let pieces):
            return pieces.map { Diagnostic(path: $0.path, message: "\($0.clip): \($0.reason)") }
        default: return [Diagnostic(path: "", message: error.description)]
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
