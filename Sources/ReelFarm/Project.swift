import Foundation
import ReelMedia
import ReelModel
import ReelPlan
import ReelRecords
import ReelRender
import Synchronization

extension FFmpegProber: MediaProber {
    /// Opens title files as `MediaFileProber` does.
    public func check(_ file: TitleFile) throws -> String { try MediaFileProber().check(file) }
}

/// Probes with libavformat; failures read without the path, which the validator names itself.
///
/// Every file is opened under `rules` (`InputFile`: a regular file, really under the media roots), and the
/// file each path named is recorded in `opened`, so that every later open can demand the same file. A file with
/// recorded facts (a job's `RenderRequest.facts`) is opened and checked the same way, but not probed again
/// when it has the size and modification time they were probed at (`recordedFacts(of:)`).
public struct MediaFileProber: MediaProber {
    public var scanKeyframes: Bool
    /// Told each file before it is opened.
    public var reading: (@Sendable (String) -> Void)?
    /// Told each file before it is probed with libavformat (not a file whose recorded facts are used).
    public var probing: (@Sendable (String) -> Void)?
    /// What each file must satisfy when opened.
    public var rules: InputRules = .anywhere
    /// Told the identity of each file opened, by the path it was opened as.
    var opened: FileIDLog?
    /// Facts probed earlier, by path (`RenderRequest.recordedFacts`).
    var recorded: [String: MediaFacts] = [:]

    public init(scanKeyframes: Bool = false, reading: (@Sendable (String) -> Void)? = nil,
                probing: (@Sendable (String) -> Void)? = nil) {
        self.scanKeyframes = scanKeyframes
        self.reading = reading
        self.probing = probing
    }

    public func probe(path: String) throws -> MediaFacts {
        reading?(path)
        if let facts = recordedFacts(of: path) { return facts }
        probing?(path)
        do {
            let facts = try MediaProbe.probe(path: path, rules: rules, scanKeyframes: scanKeyframes)
            if let id = facts.fileID { opened?.record(path, id) }
            return facts
        } catch {
            throw ProbeFailure(reason: error.reason)
        }
    }

    /// Decodes a title image, or opens a font the way the renderer will; the fingerprint of the file used.
    public func check(_ file: TitleFile) throws -> String {
        do {
            switch file {
            case .image(let path):
                reading?(path)
                let opened = try InputFile(path, rules: rules)
                _ = try PNGImage.decode(opened)
                self.opened?.record(path, opened.id)
                return MediaProbe.fingerprint(opened)
            case .font(let name):
                let font = try FontRasterizer(font: name, rules: rules)
                opened?.record(font.path, font.fileID)
                return FileID.fingerprint(path: font.path, size: font.fileID.size,
                                          modificationTime: font.fileID.modificationTime)
            }
        } catch let error as MediaError {
            throw ProbeFailure(reason: error.reason)
        } catch {
            throw ProbeFailure(reason: "\(error)")
        }
    }

    /// The recorded facts of `path` when the file opened there now, under `rules`, has the fingerprint they were
    /// probed at (path, size and modification time: what content hashes take as the file's content), with this
    /// open as their `fileID`; nil when there is no record, the file does not open, or it differs: then it is
    /// probed, so a changed source fails its segment as it did before facts were recorded. A prober that scans
    /// keyframes always probes: recorded keyframes come from the index.
    func recordedFacts(of path: String) -> MediaFacts? {
        guard !scanKeyframes, var facts = recorded[path], let file = try? InputFile(path, rules: rules),
              MediaProbe.fingerprint(file) == facts.fingerprint else { return nil }
        facts.fileID = file.id
        opened?.record(path, file.id)
        return facts
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
    /// What every later open of an input must satisfy: the media roots, and the very file (device, inode,
    /// size, modification time) each path was when this project loaded. A renderer of this project opens
    /// nothing else (`SegmentRenderer.rules`).
    public let inputs: InputRules

    /// Loads, validates (probing every asset once, or using the facts the request recorded for it) and plans a
    /// request.
    /// - Parameter mediaRoots: when not empty, every source must lie under one of these folders.
    /// - Throws: `FarmError.invalid` listing every problem, `FarmError.outsideMediaRoots`, or a plan error.
    public init(_ request: RenderRequest, mediaRoots: [String] = [], prober: MediaFileProber = MediaFileProber()) throws {
        do {
            self = try Project(loading: request, mediaRoots: mediaRoots, prober: prober)
        } catch let invalid as InvalidDocument {
            throw FarmError.invalid(file: request.sourcePath, problems: invalid.problems)
        }
    }

    /// `init(_:mediaRoots:prober:)`, throwing `InvalidDocument` (every problem at its place) for a document that
    /// does not load.
    init(loading request: RenderRequest, mediaRoots: [String], prober: MediaFileProber) throws {
        self.request = request
        let roots = MediaRoots(mediaRoots)
        var checked = prober
        checked.rules = InputRules(roots: roots.folders)
        checked.opened = FileIDLog()
        checked.recorded = request.recordedFacts
        // A source named outside the roots is refused by its name first, with the clearest message; what
        // counts is the opened file itself (`InputFile`), checked again at every later open.
        let (loaded, warnings) = try Self.load(request, mediaRoots: mediaRoots,
                                               prober: RootedProber(roots: roots, inner: checked))
        self.warnings = warnings
        inputs = InputRules(roots: roots.folders, expected: checked.opened?.all ?? [:])
        var composition = loaded.composition
        try roots.check(composition)
        Self.applyOverrides(request, to: &composition)
        try Self.checkOverrides(request, composition.output)
        self.composition = composition
        facts = loaded.facts
        var options = PlanOptions(rendererVersion: request.rendererVersion, media: loaded.facts)
        options.titleFiles = loaded.titleFiles
        if let text = request.segmentSeconds { try Self.apply(segmentSeconds: text, to: &options) }
        options.segmentStarts = request.segmentStarts
        options.range = try request.range.map(OutputRange.init(parsing:))
        plan = try Plan(composition: composition, options: options)
    }

    /// The same project planned with another `--segment-seconds`, without probing again. The request
    /// records it, so a worker that reloads the project after a failure plans the same segments.
    /// - Throws: `PlanError` when the text is not a valid segment length or the plan fails.
    public func replanned(segmentSeconds text: String) throws -> Project {
        var request = self.request
        request.segmentSeconds = text
        request.segmentStarts = nil
        var options = plan.options
        options.segmentStarts = nil
        options.segmentSeconds = PlanOptions.defaultSegmentSeconds
        options.minimumSegmentSeconds = PlanOptions.defaultMinimumSegmentSeconds
        try Self.apply(segmentSeconds: text, to: &options)
        return Project(request: request, composition: composition, facts: facts,
                       plan: try Plan(composition: composition, options: options), warnings: warnings, inputs: inputs)
    }

    /// The same project cut where `starts` say (`PlanOptions.segmentStarts`), without probing again. The request records
    /// them, like `replanned(segmentSeconds:)`.
    /// - Throws: `PlanError` when a start is not one a segment may have.
    public func replanned(segmentStarts starts: [Int64]) throws -> Project {
        var request = self.request
        request.segmentStarts = starts
        var options = plan.options
        options.segmentStarts = starts
        return Project(request: request, composition: composition, facts: facts,
                       plan: try Plan(composition: composition, options: options), warnings: warnings, inputs: inputs)
    }

    /// The same project planned for another range (`RenderRequest.range`, nil for the whole timeline), without
    /// probing again.
    /// - Throws: `RangeProblem` for a range that does not parse or covers no frame; `PlanError`.
    public func replanned(range: OutputRange?) throws -> Project {
        var request = self.request
        request.range = range?.text
        var options = plan.options
        options.range = range
        return Project(request: request, composition: composition, facts: facts,
                       plan: try Plan(composition: composition, options: options), warnings: warnings, inputs: inputs)
    }

    private init(request: RenderRequest, composition: Composition, facts: [AssetID: MediaFacts], plan: Plan,
                 warnings: [String], inputs: InputRules) {
        self.inputs = inputs
        self.request = request
        self.composition = composition
        self.facts = facts
        self.plan = plan
        self.warnings = warnings
    }

    /// What probing found for each source file, for the job's stored request (`RenderRequest.facts`): one record
    /// per file in path order, of facts probed from a file (with a `fileID`), which a worker can check.
    public var factRecords: [MediaFactsRecord] {
        let probed = Dictionary(facts.values.filter { $0.fileID != nil }.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        return probed.sorted { $0.key < $1.key }.map { MediaFactsRecord($0.value) }
    }

    /// The files this project reads, which its output may never replace: every input opened at load
    /// (`inputs.expected`), and the composition file itself when it exists here.
    public var inputFiles: [String: FileID] {
        var files = inputs.expected
        if let id = FileDescriptor.fileID(atPath: request.sourcePath) { files[request.sourcePath] = id }
        return files
    }

    /// `--segment-seconds`: the target, and a minimum of at most half of it.
    static func apply(segmentSeconds text: String, to options: inout PlanOptions) throws {
        options.segmentSeconds = try PlanOptions.parseSeconds(text)
        options.minimumSegmentSeconds = min(PlanOptions.defaultMinimumSegmentSeconds,
                                            try options.segmentSeconds / Rational(2))
    }

    /// What the request's overrides made of the output: a container that takes its codecs, a preset its encoder has.
    static func checkOverrides(_ request: RenderRequest, _ output: OutputSettings) throws {
        let why = request.container == nil ? "" : " (the output file's extension sets the container)"
        var problems = ContainerCodecs.problems(in: output).map { "output.\($0.key): \($0.message)\(why)" }
        if let preset = request.preset, let problem = output.video.codec.presetProblem(preset) {
            problems.append("output.video.preset: \(problem) (the render's preset override)")
        }
        let range = VideoCodecSettings.threadRange
        if let threads = request.encoderThreads, !range.contains(threads) {
            problems.append("output.video.threads: \(threads) encoder threads, not \(range.lowerBound)…\(range.upperBound) (the render's --encoder-threads)")
        }
        if !problems.isEmpty { throw FarmError.invalid(file: request.sourcePath, problems: problems) }
    }

    /// `--preset`, `--lossless` and `--encoder-threads` (the last only where the composition sets no count).
    static func applyOverrides(_ request: RenderRequest, to composition: inout Composition) {
        let threads = composition.output.video.threads ?? request.encoderThreads
        if let preset = request.preset { composition.output.video.preset = preset }
        if let name = request.container, let container = Container(rawValue: name) {
            composition.output.container = container
        }
        if request.lossless {
            // Lossless means x264 qp 0 or x265 lossless=1; a codec without it gives way to lossless H.264.
            if ![.h264, .hevc].contains(composition.output.video.codec) { composition.output.video = VideoCodecSettings() }
            composition.output.video.rateControl = .lossless
            composition.output.audio.codec = .pcm
            composition.output.container = .mov
        }
        composition.output.video.threads = threads   // kept through lossless's codec reset
    }
}

/// The folders sources must lie in (`REEL_MEDIA_ROOTS`, `--media-root`). Empty means anywhere.
public struct MediaRoots: Sendable {
    /// The roots, resolved (`FolderRoots`).
    public let folders: FolderRoots
    public var roots: [String] { folders.paths }

    public init(_ roots: [String]) {
        folders = FolderRoots(roots)
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

    /// Whether `path`, with `..` and symbolic links resolved, lies under a root (by its name: a first
    /// check for a clear message; `InputFile` checks the file opened).
    public func contains(_ path: String) -> Bool {
        folders.contains(realPath: FolderRoots.resolved(path))
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
        let named: String?
        switch file {
        case .image(let path): named = path
        case .font(let name): named = name.contains("/") ? name : nil   // a family name is looked up in system folders
        }
        if let path = named, !roots.roots.isEmpty, !roots.contains(path) {
            throw FarmError.outsideMediaRoots(path: path, roots: roots.roots)
        }
        return try inner.check(file)
    }
}

/// The files a project load opened, by the path each was opened as. Thread-safe.
final class FileIDLog: Sendable {
    private let ids = Mutex<[String: FileID]>([:])

    func record(_ path: String, _ id: FileID) { ids.withLock { $0[path] = id } }

    var all: [String: FileID] { ids.withLock { $0 } }
}
