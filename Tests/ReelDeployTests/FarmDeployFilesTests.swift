import Foundation
import ReelFarm
import ReelRender
import ReelTestSupport
import Testing

/// CI's fast subset of deploy/test/run.sh (which needs Podman and minutes): the files parse and validate, and say
/// what the run proved (deploy/README.md).
extension DeployTests {
    static var pyenvPython: String {
        let local = deploy.deletingLastPathComponent().appendingPathComponent(".build/pyenv/bin/python").path
        return FileManager.default.isExecutableFile(atPath: local) ? local : "/usr/bin/python3"
    }

    /// The YAML documents of `files` (paths under deploy/), parsed by PyYAML (merge keys resolved) into JSON.
    static func yaml(_ files: [String]) throws -> [Any] {
        let script = "import json, sys, yaml\nprint(json.dumps([d for f in sys.argv[1:] for d in yaml.safe_load_all(open(f))]))"
        let out = try TestProcess.run(pyenvPython, ["-c", script] + files.map { deploy.appendingPathComponent($0).path })
        try #require(out.status == 0, "PyYAML (scripts/setup.sh installs it into .build/pyenv): \(out.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [Any])
    }

    @Test("the KEDA objects validate against the shipped KEDA v2 CRD schema; a misspelt field or a number port fails")
    func kedaSchema() throws {
        let validator = Self.deploy.appendingPathComponent("test/keda/validate-keda.py").path
        let manifest = Self.deploy.appendingPathComponent("k8s/keda-scaledobject.yaml").path
        let good = try TestProcess.run(Self.pyenvPython, [validator, manifest])
        #expect(good.status == 0 && good.stdout.components(separatedBy: "PASS ").count - 1 == 2, "\(good.stdout)\(good.stderr)")
        let text = try Self.text("k8s/keda-scaledobject.yaml")
        for (from, to, error) in [("pollingInterval:", "pollingIntervall:", "'pollingIntervall' was unexpected"),
                                  ("port: \"5432\"", "port: 5432", "is not of type 'string'"),
                                  ("userName:", "user:", "'user' is not a KEDA postgresql parameter")] {
            let bad = FileManager.default.temporaryDirectory.appendingPathComponent("keda-\(UUID().uuidString).yaml")
            defer { try? FileManager.default.removeItem(at: bad) }
            try text.replacingOccurrences(of: from, with: to).write(to: bad, atomically: true, encoding: .utf8)
            let out = try TestProcess.run(Self.pyenvPython, [validator, bad.path])
            #expect(out.status == 1 && out.stdout.contains(error), "\(to): \(out.stdout)\(out.stderr)")
        }
    }

    @Test("compose.yaml and the test override parse; reel containers are read-only, capability-free, one role each")
    func composeFile() throws {
        let docs = try Self.yaml(["compose.yaml", "test/compose.test.yaml"])
        let compose = try #require(docs.first as? [String: Any])
        let services = try #require(compose["services"] as? [String: [String: Any]])
        #expect(Set(services.keys) == ["postgres", "migrate", "worker", "serve", "submit", "operate", "gc"])
        let users = ["migrate": "reel_owner", "worker": "reel_worker", "submit": "reel_submit", "operate": "reel_operate",
                     "gc": "reel_monitor"]
        try Self.checkServe(try #require(services["serve"]))
        for (name, user) in users {
            let service = try #require(services[name])
            #expect(service["image"] as? String == "reel:0.1.0", "\(name)")
            #expect(service["read_only"] as? Bool == true && service["cap_drop"] as? [String] == ["ALL"], "\(name)")
            #expect(service["security_opt"] as? [String] == ["no-new-privileges:true"], "\(name)")
            let env = try #require(service["environment"] as? [String: Any])
            #expect(env["PGUSER"] as? String == user, "\(name)")
            let role = String(user.dropFirst("reel_".count))
            #expect(env["PGPASSFILE"] as? String == "/run/secrets/\(role)_pgpass", "\(name)")
            #expect(service["secrets"] as? [String] == ["\(role)_pgpass"], "\(name) sees only its own role's password")
        }
        let secrets = try #require(compose["secrets"] as? [String: [String: String]])
        let makeSecrets = try Self.text("make-secrets.sh")
        for (_, secret) in secrets {
            let file = try #require(secret["file"]?.replacingOccurrences(of: "./secrets/", with: ""))
            #expect(makeSecrets.contains("$DIR/\(file)"), "make-secrets.sh writes \(file)")
        }
        #expect(makeSecrets.contains("chmod 0600") && makeSecrets.contains("chown 10001:10001"))
        let override = try #require(docs.last as? [String: Any])
        let tested = try #require(override["services"] as? [String: [String: Any]])
        #expect(Set(tested.keys).isSubset(of: Set(services.keys)), "the override adds no service")
    }

    /// `reel serve` reads as the monitor, writes as the operate role through --write-db, needs the token, and is
    /// published on the host's loopback only.
    static func checkServe(_ serve: [String: Any]) throws {
        #expect(serve["image"] as? String == "reel:0.1.0" && serve["read_only"] as? Bool == true)
        #expect(serve["cap_drop"] as? [String] == ["ALL"] && serve["security_opt"] as? [String] == ["no-new-privileges:true"])
        let env = try #require(serve["environment"] as? [String: Any])
        #expect(env["PGUSER"] as? String == "reel_monitor" && env["PGPASSFILE"] as? String == "/run/secrets/serve_pgpass")
        #expect(serve["secrets"] as? [String] == ["serve_pgpass", "serve_token"])
        let command = try #require(serve["command"] as? [String])
        #expect(command.first == "serve" && command.contains("--token-file") && command.contains("--write-db"), "\(command)")
        #expect(command.contains("postgresql://reel_operate@postgres/reel"), "writes as the operate role: \(command)")
        #expect(serve["ports"] as? [String] == ["127.0.0.1:8700:8700"], "published beyond the host")
    }

    @Test("the Dockerfile: pinned bases, no ffmpeg CLI, /storage owned by uid 10001, runs as 10001")
    func dockerfile() throws {
        let file = try Self.text("Dockerfile").split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(separator: "\n")
        let froms = file.split(separator: "\n").filter { $0.hasPrefix("FROM ") }
        #expect(froms.count == 2 && !file.contains(":latest"))
        for from in froms { #expect(from.firstMatch(of: /^FROM [a-z0-9.\/-]+:[0-9][0-9A-Za-z.-]*( AS \w+)?$/) != nil, "\(from)") }
        let runtime = try #require(file.components(separatedBy: "\nFROM debian").last)
        #expect(runtime.firstMatch(of: /[ \t]ffmpeg([ \t\\]|$)/.anchorsMatchLineEndings()) == nil, "reel runs no program")
        #expect(runtime.contains("install -d -o reel -g reel") && runtime.contains("/storage"))
        #expect(runtime.contains("--uid 10001") && runtime.contains("USER 10001:10001"))
    }

    @Test("systemd: the EnvironmentFiles have examples with documented modes, and use each unit's role")
    func systemdEnvironment() throws {
        for (unit, env, role) in [("reel-worker@.service", "worker.env", "reel_worker"), ("reel-gc.service", "gc.env", "reel_monitor")] {
            let text = try Self.text("systemd/\(unit)")
            #expect(text.contains("\nEnvironmentFile=/etc/reel/\(env)\n") && text.contains("PGPASSFILE=/etc/reel/pgpass"), "\(unit)")
            let example = try Self.text("systemd/\(env).example")
            #expect(example.contains("PGUSER=\(role)") && example.contains("-m 0640"), "\(env).example")
            #expect(!example.lowercased().contains("password="), "\(env).example holds no password")
        }
        let readme = try Self.text("README.md")
        #expect(readme.contains("/etc/reel/pgpass") && readme.contains("0600") && readme.contains("0640"))
    }

    @Test("every deployment's storage layout passes reel's own output check: outputs outside the part store")
    func storageLayout() throws {
        let unit = try Self.text("systemd/reel-worker@.service")
        func env(_ name: String, in text: String) throws -> String {
            let pattern = try Regex("\\b\(name)(=|: | *, value: )([^ \\n}]+)")
            return try #require(text.firstMatch(of: pattern)?.output[2].substring.map(String.init), "\(name)")
        }
        for (file, text) in [("systemd", unit), ("compose", try Self.text("compose.yaml")),
                             ("k8s", try Self.text("k8s/worker-deployment.yaml")), ("Dockerfile", try Self.text("Dockerfile"))] {
            let storage = try env("REEL_STORAGE", in: text), outputs = try env("REEL_OUTPUT_ROOTS", in: text)
            #expect(storage == "/storage/cache" && outputs == "/storage/out", "\(file): \(storage) \(outputs)")
            let roots = OutputRoots(outputs.split(separator: ":").map(String.init), store: PartStore(root: storage))
            #expect(throws: Never.self, "\(file)") { try roots.check(outputs + "/project.mp4") }
            #expect(storage.hasPrefix("/storage/") && outputs.hasPrefix("/storage/"), "under ReadWritePaths=/storage")
        }
        // The layout the files had before deploy/test/run.sh ran them: reel refuses it.
        let old = OutputRoots(["/storage/out"], store: PartStore(root: "/storage"))
        #expect(throws: (any Error).self) { try old.check("/storage/out/project.mp4") }
    }

    @Test("deploy/test's scripts parse")
    func testScriptsParse() throws {
        for script in ["test/run.sh", "test/farm.sh", "make-secrets.sh", "initdb/10-reel-roles.sh", "test/images/postgres-entrypoint.sh"] {
            let out = try TestProcess.run("/bin/bash", ["-n", Self.deploy.appendingPathComponent(script).path])
            #expect(out.status == 0, "\(script): \(out.stderr)")
        }
    }
}
