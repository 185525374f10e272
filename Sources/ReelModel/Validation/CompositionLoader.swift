/// A composition that passed validation, with the media facts found while checking it.
public struct LoadedComposition: Sendable {
    public var composition: Composition
    /// The probe result of every declared asset.
    public var facts: [AssetID: MediaFacts]
    /// The fingerprint of every title image and font (`MediaProber.check`).
    public var titleFiles: [TitleFile: String]

    public init(composition: Composition, facts: [AssetID: MediaFacts], titleFiles: [TitleFile: String] = [:]) {
        self.composition = composition
        self.facts = facts
        self.titleFiles = titleFiles
    }
}

/// The one entry point from composition JSON to the internal model.
///
/// It parses the JSON, decodes the document, probes every asset once, checks everything, and
/// reports EVERY problem found (structural, semantic and media), each with its JSON path.
public enum CompositionLoader {
    /// Loads and validates a composition.
    /// - Parameters:
    ///   - data: the JSON text as UTF-8 (`Data` or `[UInt8]`).
    ///   - baseDirectory: the composition file's folder; relative asset, image and font paths resolve against it.
    ///   - prober: reads media facts; called exactly once per distinct asset path.
    /// - Returns: the internal composition and the probed facts.
    /// - Throws: `CompositionLoadError` listing every problem, in document order within each phase.
    public static func load(data: some Collection<UInt8>, baseDirectory: String,
                            prober: some MediaProber) throws(CompositionLoadError) -> LoadedComposition {
        let log = DiagnosticLog()
        let root: JSONValue
        do {
            root = try JSONParser.parse(Array(data))
        } catch {
            throw CompositionLoadError(diagnostics: [Diagnostic(path: "", message: "not valid JSON: \(error)")])
        }
        let document = CompositionDocument.decode(root, baseDirectory: baseDirectory, log: log)
        let facts = probeAssets(document.assets, prober: prober, log: log)
        let watermark = document.watermark.map { [$0.title(outputWidth: 1, imageWidth: 1)] } ?? []
        let titleFiles = checkTitleFiles(document.titles + watermark, prober: prober, log: log)
        CompositionChecker(document: document, facts: facts, log: log).run()
        guard log.isEmpty else { throw CompositionLoadError(diagnostics: log.items) }
        let composition: Composition
        do {
            composition = try document.makeComposition(facts: facts)
        } catch {
            throw CompositionLoadError(diagnostics: [Diagnostic(path: "", message: "\(error)")])
        }
        let limits = CompositionLimits.check(composition)
        guard limits.isEmpty else { throw CompositionLoadError(diagnostics: limits) }
        return LoadedComposition(composition: composition, facts: facts, titleFiles: titleFiles)
    }

    /// Every problem in a composition; empty when it is valid. Same checks as `load`.
    public static func validate(data: some Collection<UInt8>, baseDirectory: String,
                                prober: some MediaProber) -> [Diagnostic] {
        do {
            _ = try load(data: data, baseDirectory: baseDirectory, prober: prober)
            return []
        } catch {
            return error.diagnostics
        }
    }

    /// Probes each distinct path once; a failure is reported as `assets.<id>: cannot open "<path>": <reason>`.
    static func probeAssets(_ assets: [CompositionDocument.AssetEntry], prober: some MediaProber,
                            log: DiagnosticLog) -> [AssetID: MediaFacts] {
        var byPath: [String: Result<MediaFacts, ProbeFailure>] = [:]
        var facts: [AssetID: MediaFacts] = [:]
        for asset in assets {
            let result = byPath[asset.path] ?? Result { () throws(ProbeFailure) in
                do { return try prober.probe(path: asset.path) } catch { throw ProbeFailure(reason: "\(error)") }
            }
            byPath[asset.path] = result
            switch result {
            case .success(let f): facts[asset.id] = f
            case .failure(let failure): log.add(asset.origin, "cannot open \"\(asset.path)\": \(failure.reason)")
            }
        }
        return facts
    }

    /// Opens each title image and font once; a failure is reported at `titles[i].image` or `.font`.
    /// - Returns: the fingerprint of each file that opened.
    static func checkTitleFiles(_ titles: [Title], prober: some MediaProber, log: DiagnosticLog) -> [TitleFile: String] {
        var results: [TitleFile: Result<String, ProbeFailure>] = [:]
        for title in titles {
            let files = [("image", title.image.map(TitleFile.image)), ("font", title.font.map(TitleFile.font))]
            for case let (key, file?) in files {
                let result = results[file] ?? Result { () throws(ProbeFailure) in
                    do { return try prober.check(file) } catch { throw ProbeFailure(reason: "\(error)") }
                }
                results[file] = result
                guard case .failure(let failure) = result else { continue }
                let name: String
                switch file { case .image(let path), .font(let path): name = path }
                log.add(JSONPath.member(title.origin, key), "cannot use \"\(name)\": \(failure.reason)")
            }
        }
        return results.compactMapValues { try? $0.get() }
    }

    struct ProbeFailure: Error {
        let reason: String
    }
}
