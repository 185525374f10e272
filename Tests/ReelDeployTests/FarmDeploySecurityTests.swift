import Foundation
import ReelTestSupport
import Testing
@testable import ReelQueue

extension DeployTests {
    static func text(_ file: String) throws -> String {
        try String(contentsOf: deploy.appendingPathComponent(file), encoding: .utf8)
    }

    static let pods = ["k8s/worker-deployment.yaml", "k8s/migrate-job.yaml", "k8s/gc-cronjob.yaml", "k8s/serve.yaml"]

    @Test("every pod runs as non-root with no capabilities, no escalation, a read-only root and RuntimeDefault seccomp",
          arguments: pods)
    func podSecurity(file: String) throws {
        let yaml = try Self.text(file)
        let containers = yaml.components(separatedBy: "image: ").count - 1
        #expect(containers >= 1)
        for setting in ["allowPrivilegeEscalation: false", "readOnlyRootFilesystem: true", "capabilities: { drop: [ALL] }"] {
            #expect(yaml.components(separatedBy: setting).count - 1 == containers, "\(file): \(setting) on every container")
        }
        for setting in ["runAsNonRoot: true", "seccompProfile: { type: RuntimeDefault }", "automountServiceAccountToken: false"] {
            #expect(yaml.contains(setting), "\(file): \(setting)")
        }
        #expect(!yaml.contains("privileged: true") && !yaml.contains("hostPath"))
    }

    @Test("images are pinned (no :latest, no untagged reel image) and KEDA prefers TLS")
    func pinnedImages() throws {
        for file in Self.pods + ["k8s/keda-scaledobject.yaml", "compose.yaml"] {
            let text = try Self.text(file)
            for line in text.split(separator: "\n") where line.contains("image:") {
                #expect(line.firstMatch(of: /image: [a-z0-9.\/-]+:[0-9][0-9A-Za-z.-]*$/) != nil, "\(file): \(line)")
            }
            #expect(!text.contains(":latest"), "\(file)")
        }
        let keda = try Self.text("k8s/keda-scaledobject.yaml")
        #expect(keda.contains("sslmode: prefer") && !keda.contains("sslmode: disable"))
    }

    @Test("each file connects as its own role: worker, submit, operate (web view writes), owner (migrations), monitor")
    func roles() throws {
        let names = try DatabaseRoles.roleNames(schema: "reel"), worker = names.worker, monitor = names.monitor
        let k8sWorker = try Self.text("k8s/worker-deployment.yaml")
        #expect(k8sWorker.contains("secretRef: { name: reel-db-worker }") && k8sWorker.contains("PGUSER=\(worker)"))
        #expect(!k8sWorker.contains("\"db\", \"migrate\""), "no migration inside a worker pod")
        #expect(!k8sWorker.contains("reel-db-owner"))
        let job = try Self.text("k8s/migrate-job.yaml")
        #expect(job.contains("args: [\"db\", \"migrate\", \"--roles\"]") && job.contains("secretRef: { name: reel-db-owner }"))
        #expect(try Self.text("k8s/gc-cronjob.yaml").contains("secretRef: { name: reel-db-monitor }"))
        #expect(try Self.text("k8s/keda-scaledobject.yaml").contains("userName: \(monitor)"))
        let compose = try Self.text("compose.yaml")
        let workerService = try #require(compose.components(separatedBy: "\n  worker:").last?.components(separatedBy: "\n  submit:").first)
        #expect(workerService.contains("PGUSER: \(worker)") && !workerService.contains("owner"))
        let migrate = try #require(compose.components(separatedBy: "\n  migrate:").last?.components(separatedBy: "\n  worker:").first)
        #expect(migrate.contains("PGUSER: reel_owner") && migrate.contains("[\"db\", \"migrate\", \"--roles\"]"))
        let initdb = try Self.text("initdb/10-reel-roles.sh")
        for role in names.all { #expect(initdb.contains("CREATE ROLE \(role) LOGIN"), "initdb creates \(role)") }
        let serve = try Self.text("k8s/serve.yaml")
        #expect(serve.contains("postgresql://\(names.operate):") && !serve.contains(worker), "k8s serve writes as operate")
        #expect(!initdb.contains("SUPERUSER") && !initdb.contains("CREATEROLE"))
        let unit = try Self.text("systemd/reel-worker@.service")
        #expect(unit.contains("PGUSER=\(worker)"))
    }

    @Test("systemd: hardened, and ReadWritePaths is the storage every other file and the docs use")
    func systemdUnit() throws {
        let unit = try Self.text("systemd/reel-worker@.service")
        let settings = unit.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        for setting in ["NoNewPrivileges=true", "ProtectSystem=strict", "PrivateTmp=true", "ProtectHome=true",
                        "PrivateDevices=true", "CapabilityBoundingSet=", "RestrictSUIDSGID=true", "SystemCallFilter=@system-service",
                        "ProtectKernelTunables=true", "ProtectKernelModules=true", "ProtectControlGroups=true"] {
            #expect(settings.contains(setting), "\(setting)")
        }
        let writable = settings.filter { $0.hasPrefix("ReadWritePaths=") }
        #expect(writable == ["ReadWritePaths=/storage"])
        #expect(unit.contains("REEL_STORAGE=/storage/cache") && unit.contains("REEL_OUTPUT_ROOTS=/storage/out"))
        #expect(try Self.text("k8s/worker-deployment.yaml").contains("{ name: REEL_STORAGE, value: /storage/cache }"))
        #expect(try Self.text("compose.yaml").contains("REEL_STORAGE: /storage/cache "))
        let readme = try Self.text("README.md")
        #expect(readme.contains("REEL_STORAGE=/storage/cache") && !readme.contains("-atime"), "the docs recommend /storage and reel gc")
        #expect(readme.contains("reel gc"))
    }

    @Test("systemd-analyze verify accepts the units (ExecStart pointed at the built reel)")
    func systemdVerify() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("reel-units-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let reel = try TestBinary.reel()
        for unit in ["reel-worker@.service", "reel-gc.service", "reel-gc.timer"] {
            let text = try Self.text("systemd/\(unit)").replacingOccurrences(of: "/usr/local/bin/reel", with: reel)
            try text.write(to: dir.appendingPathComponent(unit), atomically: true, encoding: .utf8)
        }
        let names = ["reel-worker@1.service", "reel-gc.service", "reel-gc.timer"].map { dir.appendingPathComponent($0).path }
        let out = try TestProcess.run("/usr/bin/systemd-analyze", ["verify"] + names)
        #expect(out.status == 0 && out.stderr.isEmpty, "\(out.stderr)\(out.stdout)")
    }

    /// The oldest Kubernetes deploy/README.md claims, and the newest kubernetes-validate knows.
    static let kubernetesVersions = ["1.30", "1.37"]

    @Test("kubernetes-validate --strict accepts every manifest, against each stated Kubernetes version",
          arguments: kubernetesVersions)
    func kubernetesValidate(version: String) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.deploy.appendingPathComponent("k8s").path)
            .filter { $0.hasSuffix(".yaml") }.sorted().map { Self.deploy.appendingPathComponent("k8s/\($0)").path }
        let out = try TestProcess.run("/usr/bin/env", ["kubernetes-validate", "--strict", "-k", version] + files)
        #expect(out.status == 0, "kubernetes-validate (scripts/setup.sh installs it into .build/pyenv): \(out.stderr)\(out.stdout)")
        #expect(!(out.stdout + out.stderr).contains("ERROR"))
        #expect((out.stdout + out.stderr).components(separatedBy: "passed for resource").count - 1 >= 5)
        #expect((out.stdout + out.stderr).contains("against version \(version)"))
    }
}
