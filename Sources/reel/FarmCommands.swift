import Foundation
import ReelFarm
import ReelQueue
import ReelRecords
import ReelRender

/// The farm's commands: db migrate, submit, worker, jobs, status, workers, cancel, retry, watch.
/// The database comes from `--db`, `REEL_DATABASE_URL`, or libpq's own environment (PGHOST, PGUSER,
/// PGDATABASE, PGPASSFILE/.pgpass). Shared storage from `--storage` or `REEL_STORAGE`.
enum FarmCommands {
    static func queue(_ parsed: Arguments) throws -> PostgresSegmentQueue {
        try PostgresSegmentQueue(configuration(parsed))
    }

    static func configuration(_ parsed: Arguments) -> PostgresQueueConfiguration {
        var configuration = PostgresQueueConfiguration.fromEnvironment(url: parsed.value("db"))
        configuration.schema = parsed.value("schema") ?? ProcessInfo.processInfo.environment["REEL_SCHEMA"]
        return configuration
    }

    static func storage(_ parsed: Arguments) throws -> PartStore {
        guard let root = parsed.value("storage") ?? ProcessInfo.processInfo.environment["REEL_STORAGE"], !root.isEmpty else {
            throw UsageError(message: "needs shared storage: --storage DIR or REEL_STORAGE")
        }
        return PartStore(root: root)
    }

    static func outputRoots(_ parsed: Arguments) -> [String] {
        parsed.all("output-root") + OutputRoots.fromEnvironment()
    }

    static func mediaRoots(_ parsed: Arguments) -> [String] {
        parsed.all("media-root") + MediaRoots.fromEnvironment()
    }

    static func jobID(_ parsed: Arguments) throws -> Int64 {
        let text = try parsed.positionals("a job id")[0]
        guard let id = Int64(text), id > 0 else { throw UsageError(message: "\"\(text)\" is not a job id") }
        return id
    }

    /// `reel db migrate`: applies schema/ migrations; running it twice is harmless.
    /// `reel db roles` (or `reel db migrate --roles`, after migrating): creates the schema's worker, submit, operate,
    /// monitor and api roles and grants exactly their rights (run as the owner).
    /// `reel db share [OWNER WEIGHT]`: sets an owner's fair-share weight, then lists the weights (run as the owner).
    static func db(_ args: [String]) throws -> Int32 {
        guard let parsed = try Specs.db.parse(args) else { return 0 }
        let words = parsed.positionals
        if words.first == "share" { return try share(parsed, words.dropFirst()) }
        switch try parsed.positionals("a subcommand (migrate, roles or share)") {
        case ["migrate"]: return try migrate(parsed)
        case ["roles"]: return try roles(parsed)
        default: throw UsageError(message: "unknown db subcommand; try: reel db migrate, reel db roles, reel db share")
        }
    }

    static func share(_ parsed: Arguments, _ words: ArraySlice<String>) throws -> Int32 {
        guard words.isEmpty || words.count == 2 else {
            throw UsageError(message: "share takes an owner and a weight (reel db share OWNER WEIGHT), or nothing to list")
        }
        let q = try queue(parsed)
        if let owner = words.first, let text = words.last {
            let range = OwnerShare.weights
            guard let weight = Int(text), range.contains(weight) else {
                throw UsageError(message: "the weight of \(owner.debugDescription) must be a whole number in "
                                 + "\(range.lowerBound)…\(range.upperBound), got \"\(text)\"")
            }
            try q.shareSet(owner: owner, weight: weight)
        }
        let shares = try q.shareList().sorted { $0.key < $1.key }
        if parsed.flag("json") {
            try printJSON(["shares": shares.map { ["owner": $0.key, "weight": $0.value] as [String: Any] }])
        } else {
            print(shares.isEmpty ? "no weights set: every owner weighs \(OwnerShare.defaultWeight)"
                                 : shares.map { "\($0.key.isEmpty ? "''" : $0.key)\t\($0.value)" }.joined(separator: "\n"))
        }
        return 0
    }

    static func migrate(_ parsed: Arguments) throws -> Int32 {
        let migrator = Migrator(configuration(parsed))
        let applied = try migrator.migrate()
        let all = try migrator.appliedVersions()
        print(applied.isEmpty ? "schema up to date (version \(all.max() ?? 0))"
                              : "applied migrations \(applied.map(String.init).joined(separator: ", ")); now at version \(all.max() ?? 0)")
        return parsed.flag("roles") ? try roles(parsed) : 0
    }

    static func roles(_ parsed: Arguments) throws -> Int32 {
        let r = try DatabaseRoles(configuration(parsed)).apply()
        if r.ownerIsSuperuser {
            Commands.warn("db", "\(r.owner) is a superuser; run migrations as a plain owner role (deploy/README.md)")
        }
        if parsed.flag("json") {
            try printJSON(["schema": r.schema, "owner": r.owner, "worker_role": r.worker, "submit_role": r.submit,
                           "operate_role": r.operate, "monitor_role": r.monitor, "api_role": r.api, "created": r.created,
                           "owner_is_superuser": r.ownerIsSuperuser])
            return 0
        }
        print("schema \(r.schema) (owner \(r.owner)): worker role \(r.worker), submit role \(r.submit), "
              + "operate role \(r.operate), monitor role \(r.monitor), api role \(r.api)"
              + (r.created.isEmpty ? "" : "; created \(r.created.joined(separator: ", ")) (set a password with psql's \\password)"))
        return 0
    }

    /// `reel submit comp.json -o OUT [--priority P] [--name N]`: prints the job id.
    static func submit(_ args: [String]) throws -> Int32 {
        guard let parsed = try Specs.submit.parse(args) else { return 0 }
        let path = try parsed.positionals("a composition file")[0]
        guard let output = parsed.value("output") else { throw UsageError(message: "needs -o OUT") }
        if let server = parsed.value("server") ?? ProcessInfo.processInfo.environment["REEL_SERVER"], !server.isEmpty {
            return try submit(to: server, path, output: output, parsed)
        }
        var request = try RenderRequest.reading(path, segmentSeconds: parsed.value("segment-seconds"),
                                                preset: parsed.value("preset"), lossless: parsed.flag("lossless"))
        request.container = try Commands.containerOf(output, lossless: parsed.flag("lossless"))
        request.encoderThreads = try Commands.encoderThreads(parsed)
        request.range = try parsed.value("range").map(Commands.checkedRange)
        try request.applyOTIOOptions(parsed)
        let store = try storage(parsed)
        let project = try Commands.ranged { try Project(request, mediaRoots: mediaRoots(parsed)) }
        Commands.printWarnings(project, command: "submit")
        let coordinator = Coordinator(queue: try queue(parsed), store: store)
        let submission = try coordinator.submit(
            project, output: Commands.absolute(output), name: parsed.value("name") ?? (path as NSString).lastPathComponent,
            owner: ProcessInfo.processInfo.environment["USER"] ?? "", priority: try parsed.int("priority") ?? 0,
            maxAttempts: try parsed.int("max-attempts", in: 1...100) ?? 3,
            requiredTags: parsed.value("tags").map { $0.split(separator: ",").map(String.init) } ?? [],
            outputRoots: outputRoots(parsed), overwrite: parsed.flag("overwrite"), webhook: try webhook(parsed))
        try printSubmitted(job: submission.jobID, segments: submission.segments, reused: submission.reusedSegments,
                           frames: submission.frames, json: parsed.flag("json"))
        return 0
    }

    /// `--webhook URL`: http or https, at most 2,048 bytes (the server, and the deliverer, judge where it leads).
    static func webhook(_ parsed: Arguments) throws -> String? {
        guard let url = parsed.value("webhook") else { return nil }
        guard url.utf8.count <= 2048, let parts = URLComponents(string: url), ["http", "https"].contains(parts.scheme?.lowercased() ?? ""),
              parts.host?.isEmpty == false else {
            throw UsageError(message: "--webhook \(url): give an http or https URL of at most 2048 bytes")
        }
        return url
    }

    /// What `reel submit` prints, the same through the database and through `--server`.
    static func printSubmitted(job: Int64, segments: Int, reused: Int, frames: Int64, json: Bool) throws {
        if json {
            try printJSON(["job": job, "segments": segments, "reused": reused, "frames": frames])
        } else {
            writeErr("submitted job \(job): \(segments) segments, \(frames) frames, \(reused) reused from earlier renders\n")
            print(job)
        }
    }

    static func printJSON(_ object: Any) throws {
        print(FarmJSON.string(object))
    }
}
