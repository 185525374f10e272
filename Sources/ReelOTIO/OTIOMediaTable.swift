import ReelModel

/// The media of a timeline: each distinct file probed once and given one asset id.
///
/// An asset's id is its reference's `name` when that is free (as `reel export-otio` writes it),
/// else the file's name, made unique with `-2`, `-3`… An id reserved by `metadata.reel.assets` is
/// shared only when it names the same file.
final class OTIOMediaTable<Prober: MediaProber> {
    let prober: Prober
    private(set) var assets: [AssetID: Asset] = [:]
    private(set) var facts: [AssetID: MediaFacts] = [:]
    private var idByPath: [String: AssetID] = [:]
    private var failures: [String: String] = [:]
    private let reserved: [AssetID: String]

    init(prober: Prober, reserved: [AssetID: String]) {
        self.prober = prober
        self.reserved = reserved
    }

    /// The asset for `path`, probing it on first use; a failure's reason otherwise.
    func asset(path: String, preferredID: String) -> Result<(AssetID, MediaFacts), OTIOValueProblem> {
        if let id = idByPath[path], let f = facts[id] { return .success((id, f)) }
        if let reason = failures[path] { return .failure(.init(reason)) }
        let probed: MediaFacts
        do { probed = try prober.probe(path: path) } catch {
            failures[path] = "cannot open \"\(path)\": \(error)"
            return .failure(.init(failures[path]!))
        }
        let id = freeID(preferredID.isEmpty ? Self.fileName(path) : preferredID, path: path)
        idByPath[path] = id
        assets[id] = Asset(id: id, path: path)
        facts[id] = probed
        return .success((id, probed))
    }

    private func freeID(_ wanted: String, path: String) -> AssetID {
        var id = wanted, n = 2
        while (reserved[id].map { $0 != path } ?? false) || assets[id] != nil {
            id = "\(wanted)-\(n)"
            n += 1
        }
        return id
    }

    static func fileName(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }
}
