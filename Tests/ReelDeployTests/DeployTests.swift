import Foundation
import ReelTestSupport
import Testing

/// The deployment files (deploy/): they parse, validate and say what they promise. One after another: the checks
/// run Python validators and systemd-analyze, and need no server.
@Suite("Deploy", .serialized)
struct DeployTests {
    /// The checkout's deploy/ folder.
    static let deploy = TestRepository.root.appendingPathComponent("deploy")
}
