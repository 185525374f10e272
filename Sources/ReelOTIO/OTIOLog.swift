import ReelModel

/// Collects the problems (errors) and warnings found while reading a timeline. One thread only.
final class OTIOLog {
    private(set) var errors: [Diagnostic] = []
    private(set) var warnings: [String] = []
    /// The first frame rate read in the file, in document order (the output rate when the
    /// timeline has no global_start_time).
    var firstRate: Rational?

    func error(_ path: String, _ message: String) {
        errors.append(Diagnostic(path: path, message: message))
    }

    func warn(_ path: String, _ message: String) {
        warnings.append(path.isEmpty ? message : "\(path): \(message)")
    }

    var hasErrors: Bool { !errors.isEmpty }

    /// A time as frames at the file's first rate ("-86243"), or seconds when there is none.
    func frames(_ t: RationalTime) -> String {
        guard let rate = firstRate, let f = try? t.rational * rate else { return t.secondsText }
        return f.exactDecimalOrFraction
    }

    /// "at 24 fps" for the file's first rate.
    var rateText: String { firstRate.map { "at \($0.exactDecimalOrFraction) fps" } ?? "" }
}

/// Building JSON paths into the .otio document: `tracks.children[1].children[3]`.
enum OTIOPath {
    static func member(_ base: String, _ key: String) -> String { base.isEmpty ? key : "\(base).\(key)" }
    static func index(_ base: String, _ i: Int) -> String { "\(base)[\(i)]" }
}
