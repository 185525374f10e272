import Foundation
import ReelMedia
import ReelModel
import ReelPlan
import ReelRender

extension FFmpegProber: MediaProber {
    /// Opens title files as `MediaFileProber` does.
    public func check(_ file: TitleFile) throws -> String { try MediaFileProber().check(file) }
}

/// Probes with libavformat; failures read without the path, which the validator names itself.
public struct MediaFileProber: MediaProber {
    public var scanKeyframes: Bool
    /// Told each file before it is opened.
    public var reading: (@Sendable (String) -> Void)?

    public init(scanKeyframes: Bool = false, reading: (@Sendable (String) -> Void)? = nil) {
        self.scanKeyframes = scanKeyframes
        self.reading = reading
    }

    public func probe(path: String) throws -> MediaFacts {
        reading?(path)
        do { return try MediaProbe.probe(path: path, scanKeyframes: scanKeyframes) } catch {
            throw ProbeFailure(reason: error.reason)
        }
    }

    /// Decodes a title image, or opens a font the way the renderer will; the fingerprint of the file used.
    public func check(_ file: TitleFile) throws -> String {
        do {
            switch file {
            case .image(let path):
                reading?(path)
                _ = try PNGImage.decode(path: path)
                return try MediaProbe.fingerprint(path)
            case .font(let name):
                return try MediaProbe.fingerprint(try FontRasterizer(font: name).path)
            }
        } catch let error as MediaError {
            throw ProbeFailure(reason: error.reason)
        } catch {
            throw ProbeFailure(reason: "\(error)")
        }
    }
}

/// A probe failure's reason, as the validator shows it after the asset and path.
struct ProbeFailure: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}

/// A loaded, validated and planned composition.
public struct Project: Sendable {
    public let request: RenderRequest
    public let composition: Composition
    public let facts: [AssetID: MediaFacts]
    public let plan: Plan
    /// Things worth knowing that do not stop the render (OTIO: ignored effects, slates).
    public let warnings: [String]

    /// Loads, validates (probing every asset once) and plans a request.
    /// - Parameter mediaRoots: when not empty, every source must lie under one of these folders.
    /// - Throws: `FarmError.invalid` listing every problem, `FarmError.outsideMediaRoots`, or a plan error.
    public init(_ request: RenderRequest, mediaRoots: [String] = [], prober: some MediaProber = MediaFileProber()) throws {
        self.request = request
        let roots = MediaRoots(mediaRoots)
        // Sources outside the roots are refused before they are opened, not after probing them.
        let (loaded, warnings) = try Self.load(request, mediaRoots: mediaRoots,
                                               prober: RootedProber(roots: roots, inner: prober))
        self.warnings = warnings
        var composition = loaded.composition
        try roots.check(composition)
        Self.applyOverrides(request, to: &composition)
        self.composition = composition
        facts = loaded.facts
        var options = PlanOptions(rendererVersion: request.rendererVersion, media: loaded.facts)
        options.titleFiles = loaded.titleFiles
        if let text = request.segmentSeconds { try Self.apply(segmentSeconds: text, to: &options) }
        plan = try Plan(composition: composition, options: options)
    }

    /// The same project planned with another `--segment-seconds`, without probing again. The request
    /// records it, so a worker that reloads the project after a failure plans the same segments.
    /// - Throws: `PlanError` when the text is not a valid segment length or the plan fails.
    public func replanned(segmentSeconds text: String) throws -> Project {
        var request = self.request
        request.segmentSeconds = text
        var options = plan.options
        options.segmentSeconds = PlanOptions.defaultSegmentSeconds
        options.minimumSegmentSeconds = PlanOptions.defaultMinimumSegmentSeconds
        try Self.apply(segmentSeconds: text, to: &options)
        return Project(request: request, composition: composition, facts: facts,
                       plan: try Plan(composition: composition, options: options), warnings: warnings)
    }

    private init(request: RenderRequest, composition: Composition, facts: [AssetID: MediaFacts], plan: Plan,
                 warnings: [String]) {
        self.request = request
        self.composition = composition
        self.facts = facts
        self.plan = plan
        self.warnings = warnings
    }

    /// `--segment-seconds`: the target, and a minimum of at most half of it.
    static func apply(segmentSeconds text: String, to options: inout PlanOptions) throws {
        options.segmentSeconds = try PlanOptions.parseSeconds(text)
        options.minimumSegmentSeconds = min(PlanOptions.defaultMinimumSegmentSeconds,
                                            try options.segmentSeconds / Rational(2))
    }

    /// `--preset` and `--lossless`.
    static func applyOverrides(_ request: RenderRequest, to composition: inout Composition) {
        if let preset = request.preset { composition.output.video.preset = preset }
        if let name = request.container, let container = Container(rawValue: name) {
            composition.output.container = container
        }
        if request.lossless {
            composition.output.video.rateControl = .lossless
            composition.output.audio.codec = .pcm
            composition.output.container = .mov
        }
    }
}

/// The folders sources must lie in (`REEL_MEDIA_ROOTS`, `--media-root`). Empty means anywhere.
public struct MediaRoots: Sendable {
    public let roots: [String]

    public init(_ roots: [String]) {
        self.roots = roots.map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path }
    }

    /// From `REEL_MEDIA_ROOTS` (colon-separated).
    public static func fromEnvironment() -> [String] {
        (ProcessInfo.processInfo.environment["REEL_MEDIA_ROOTS"] ?? "").split(separator: ":").map(String.init)
    }

    /// - Throws: `FarmError.outsideMediaRoots` for the first source outside every root.
    public func check(_ composition: Composition) throws {
        guard !roots.isEmpty else { return }
        let fontPaths = composition.titles.compactMap(\.font).filter { $0.contains("/") }
        let paths = composition.assets.values.map(\.path).sorted() + composition.titles.compactMap(\.image) + fontPaths
        for path in paths where !contains(path) {
            throw FarmError.outsideMediaRoots(path: path, roots: roots)
        }
    }

    /// Whether `path`, with `..` and symbolic links resolved, lies under a root.
    public func contains(_ path: String) -> Bool {
        let resolved = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        return roots.contains { root in resolved == root || resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/") }
    }
}

/// Refuses to probe a path outside the media roots (`FarmError.outsideMediaRoots`), so a composition
/// naming `/etc/passwd` never makes the submitter or a worker open it.
struct RootedProber<Inner: MediaProber>: MediaProber {
    let roots: MediaRoots
    let inner: Inner

    func probe(path: String) throws -> MediaFacts {
        guard roots.roots.isEmpty || roots.contains(path) else {
            throw FarmError.outsideMediaRoots(path: path, roots: roots.roots)
        }
        return try inner.probe(path: path)
    }

    /// Title images, and fonts given as a path, must lie under the roots too.
    func check(_ file: TitleFile) throws -> String {
        switch file {
        case .image(let path), .font(let path) where path.contains("/"):
            guard roots.roots.isEmpty || roots.contains(path) else {
                throw FarmError.outsideMediaRoots(path: path, roots: roots.roots)
            }
        case .font:
            break
        }
        return try inner.check(file)
    }
}
