import Dispatch
import Foundation
import Synchronization
import ReelFarm
import ReelQueue
import ReelRender
import ReelServe

extension FarmCommands {
    /// `reel serve`: runs until SIGINT or SIGTERM. Options: `Specs.serve`.
    static func serve(_ args: [String]) throws -> Int32 {
        guard let parsed = try Specs.serve.parse(args) else { return 0 }
        _ = try parsed.positionals()
        let env = ProcessInfo.processInfo.environment
        let (listen, access, limits, tls) = try serveOptions(parsed)
        let writeURL = try writeDatabase(parsed)
        let readOnly = parsed.flag("read-only")
        let token = readOnly ? nil : try (parsed.value("token-file") ?? env["REEL_SERVE_TOKEN_FILE"]).map {
            try readSecret($0, option: "--token-file")
        }
        let base = configuration(parsed)
        var read = base
        read.applicationName = "reel serve"
        read.role = try DatabaseRoles(base).monitorRole()
        let readConfiguration = read
        let reader = try PostgresSegmentQueue(read)
        var write = base
        if let writeURL { write.databaseURL = writeURL }
        write.applicationName = "reel serve (writes)"
        // Tokens of `reel token` are read through the write connection, which then needs <schema>_api's rights.
        let tokens = readOnly || !parsed.flag("api-tokens") ? nil : try PostgresTokenStore(write)
        let writer = token == nil && tokens == nil ? nil : try PostgresSegmentQueue(write)
        let log: @Sendable (String) -> Void = { writeErr("reel serve: \($0)\n") }
        let hub = FarmHub(queue: reader, log: log, waiter: {
            try QueueListener(configuration: readConfiguration,
                              channels: [QueueListener.eventsChannel(schema: readConfiguration.schema)])
        })
        let store = (parsed.value("storage") ?? env["REEL_STORAGE"]).flatMap { $0.isEmpty ? nil : PartStore(root: $0) }
        let intake = submissions(parsed, writer: writer, store: store)
        let hooks = try webhookSettings(parsed)
        let app = ServeApp(hub: hub, token: token, tokens: tokens, writer: writer, intake: intake, keys: writer,
                           images: store.map { ServeImages(store: $0, mediaRoots: mediaRoots(parsed)).images },
                           access: access, limits: limits, webhookAllow: hooks.allow, log: log)
        let server = try HTTPServer(listen: listen, tls: tls, log: { writeErr("reel serve: http: \($0)\n") },
                                    handler: { app.handle($0) })
        let webhooks = try webhookDeliverer(parsed, settings: hooks, configuration: write, tokens: tokens, log: log)
        hub.start()
        webhooks?.start()
        announce(server, read: read, writable: writer != nil, images: store != nil, webhooks: webhooks != nil,
                 access: access, intake: intake)
        waitForSignal()
        writeErr("reel serve: stopping\n")
        webhooks?.stop()
        hub.close()
        server.stop()
        return 0
    }

    /// A token or secret from the file given with `option`: one line of at least 16 characters in a regular file of
    /// at most 64 KiB (`SecretFile`: a FIFO or device is refused, not waited on, and the mode judged is the mode of
    /// the file read); a file others may read draws a warning.
    static func readSecret(_ path: String, option: String, command: String = "serve") throws -> String {
        let what = option == "--token-file" ? "token" : "secret"
        let file: SecretFile
        do {
            file = try SecretFile(path, what: what, maxBytes: 1 << 16)
        } catch {
            let reason = error.description.hasPrefix("\(path): ") ? String(error.description.dropFirst(path.count + 2)) : error.description
            throw UsageError(message: "\(option) \(path): \(reason.hasPrefix("cannot open") ? "cannot be read (\(reason))" : reason)")
        }
        let token = file.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard token.count >= 16, !token.contains(where: \.isNewline) else {
            throw UsageError(message: "\(option) \(path): the \(what) must be one line of at least 16 characters")
        }
        if file.mode & 0o077 != 0 {
            writeErr("reel \(command): warning: \(path) is readable by others (mode \(String(file.mode, radix: 8))); chmod 600 it\n")
        }
        return token
    }

    /// What `POST /api/v1/jobs` validates and queues with: only on a server that writes, with media roots, an
    /// output root and the part store (to reuse parts and keep outputs out of it); nil otherwise.
    private static func submissions(_ parsed: Arguments, writer: PostgresSegmentQueue?, store: PartStore?) -> FarmIntake? {
        let media = mediaRoots(parsed), outputs = outputRoots(parsed)
        guard let writer, let store, !media.isEmpty, !outputs.isEmpty else { return nil }
        return FarmIntake(coordinator: Coordinator(queue: writer, store: store), mediaRoots: media, outputRoots: outputs)
    }

    private static func announce(_ server: HTTPServer, read: PostgresQueueConfiguration, writable: Bool, images: Bool,
                                 webhooks: Bool, access: HostPolicy, intake: FarmIntake?) {
        let host = server.address.isIPv6 ? "[\(server.address.host)]" : server.address.host
        print("reel serve: listening on \(server.isTLS ? "https" : "http")://\(host):\(server.port)/")
        print("  answers to its IP addresses, localhost" + access.allowedNames.map { ", \($0)" }.joined()
              + "; any other Host gets 421 (--allow-host adds a name)")
        print("  reads as \(read.role.map { "the monitor role \($0)" } ?? "the login role (no monitor role to act as; see reel db roles)")")
        print("  " + (writable ? "cancel, retry and priority need a token" : "read-only: no write actions"))
        if let intake {
            print("  POST /api/v1/jobs takes jobs (with the token): sources under \(intake.mediaRoots.joined(separator: ", ")), "
                  + "outputs named under \(intake.outputRoots[0])")
        } else if writable {
            print("  no submissions: POST /api/v1/jobs needs --media-root, --output-root and --storage")
        }
        if !images { print("  no --storage: thumbnails and posters are not shown") }
        print("  " + (webhooks ? "webhooks: sent from the database, signed (Reel-Signature)"
                               : "webhooks: not sent (no --webhook-secret-file to sign them)"))
        if !server.address.isLoopback && !server.isTLS {
            print("  listening beyond this machine without TLS (--insecure-listen): the token travels in each write")
        }
        fflush(nil)
    }

    private static func waitForSignal() {
        let done = DispatchSemaphore(value: 0)
        var sources: [DispatchSourceSignal] = []
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let s = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            s.setEventHandler { done.signal() }
            s.resume()
            sources.append(s)
        }
        done.wait()
        sources.forEach { $0.cancel() }
    }
}

/// `reel serve` hands its submissions to the farm's intake (ReelServe declares what it needs, ReelFarm does it).
extension FarmIntake: JobIntake {}

/// Where `reel serve` finds images: thumbnails and posters in the part store, made on demand (with the same
/// compositor as the workers) for parts finished before thumbnails existed.
final class ServeImages: Sendable {
    private let store: PartStore
    private let projects: ProjectCache
    /// The jobs whose projects `projects` holds, oldest first; a long-running server keeps at most 16.
    private let recent = Mutex<[Int64]>([])

    init(store: PartStore, mediaRoots: [String]) {
        self.store = store
        projects = ProjectCache(mediaRoots: mediaRoots)
    }

    var images: ServeApp.Images {
        ServeApp.Images(thumbnail: { [self] job, segment in thumbnail(job, segment) }, poster: { [self] job, segments in poster(job, segments) })
    }

    private func thumbnail(_ job: Job, _ segment: Segment) -> Data? {
        if let path = SegmentThumbnail.existing(for: segment, store: store) { return FileManager.default.contents(atPath: path) }
        remember(job.id)
        do {
            return FileManager.default.contents(atPath: try SegmentThumbnail.ensure(for: segment, of: job, store: store,
                                                                                    projects: projects))
        } catch {
            writeErr("reel serve: warning: no thumbnail for job \(job.id) segment \(segment.index): \(error)\n")
            return nil
        }
    }

    private func poster(_ job: Job, _ segments: [Segment]) -> Data? {
        do {
            return FileManager.default.contents(atPath: try JobPoster.ensure(for: job, segments: segments, store: store))
        } catch {
            writeErr("reel serve: warning: no poster for job \(job.id): \(error)\n")
            return nil
        }
    }

    private func remember(_ id: Int64) {
        let evicted: [Int64] = recent.withLock { ids in
            guard !ids.contains(id) else { return [] }
            ids.append(id)
            let extra = Array(ids.dropLast(16))
            ids.removeFirst(extra.count)
            return extra
        }
        evicted.forEach(projects.remove)
    }
}
