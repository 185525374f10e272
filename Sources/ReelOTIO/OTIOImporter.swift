import ReelModel

/// An OTIO timeline mapped onto Reel's composition model.
public struct OTIOImport: Sendable {
    public var composition: Composition
    /// The probe result of every asset used.
    public var facts: [AssetID: MediaFacts]
    /// Things a person should know that do not stop the render (ignored effects, values that are
    /// not whole frames, generators shown as titles, slates), one sentence each.
    public var warnings: [String]
    /// The clips rendered as MEDIA OFFLINE slates (`--offline slate`), by track and index.
    public var offline: [OfflinePiece]
    /// Fingerprints of the title images and fonts in `metadata.reel`.
    public var titleFiles: [TitleFile: String] = [:]
}

/// The OpenTimelineIO adapter: reads a `.otio` file into a `Composition` (the same stack-of-tracks
/// model the JSON format maps onto), resolving and probing its media. See docs/otio.md.
public enum OTIOImporter {
    /// Whether a file is an OTIO timeline: its name ends in `.otio`, or its text declares an
    /// `OTIO_SCHEMA` at the top.
    public static func isOTIO(path: String, text: some StringProtocol) -> Bool {
        if path.lowercased().hasSuffix(".otio") { return true }
        let head = text.prefix(400)
        return head.contains("\"OTIO_SCHEMA\"") && !head.contains("\"videos\"")
    }

    /// Reads, flattens, resolves and checks an OTIO timeline.
    /// - Parameters:
    ///   - data: the .otio file's bytes (OTIO's JSON, with its `Inf`/`NaN` tokens).
    ///   - baseDirectory: the .otio file's folder; relative `target_url`s resolve against it first.
    ///   - options: media map, media roots, offline slates.
    ///   - prober: probes each distinct media file once.
    /// - Throws: `OTIOError.syntax`, `.invalid` (every schema or time problem, with JSON paths), or
    ///   `.missingMedia` listing every clip whose media is missing, unless `options.offlineSlates`.
    public static func load(data: some Collection<UInt8>, baseDirectory: String, options: OTIOImportOptions = .init(),
                            prober: some MediaProber) throws(OTIOError) -> OTIOImport {
        let root: JSONValue
        do { root = try JSONParser.parse(Array(data), lenient: true) } catch { throw .syntax("\(error)") }
        let log = OTIOLog()
        guard let timeline = OTIODecoder(log: log).decodeRoot(root), !log.hasErrors else { throw .invalid(log.errors) }
        let reel = OTIOReelMetadata.decode(timeline.reel, path: "metadata.reel", baseDirectory: baseDirectory,
                                           prober: prober, log: log)
        guard !log.hasErrors else { throw .invalid(log.errors) }
        do {
            let imported = try OTIOTimelineBuilder(timeline: timeline, reel: reel, log: log, options: options,
                                                   baseDirectory: baseDirectory, prober: prober).build()
            let limits = CompositionLimits.check(imported.composition)
            guard limits.isEmpty else { throw OTIOError.invalid(limits) }
            return imported
        } catch let error as OTIOError {
            throw error
        } catch {
            throw .invalid(log.errors + [Diagnostic(path: "", message: "\(error)")])
        }
    }
}
