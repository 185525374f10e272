import Foundation
import ReelTestSupport
import Testing

extension FarmTests {
    /// `reel db share`: the fair-share weights, set and listed by the schema's owner.
    @Suite("Fair-share weights") struct Shares {}
}

extension FarmTests.Shares {
    @Test("reel db share sets, replaces and lists weights; a bad weight or argument count is a usage error naming it")
    func setAndList() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        #expect(try await farm.check(["db", "share"]).stdout == "no weights set: every owner weighs 1\n")
        try await farm.check(["db", "share", "editor1", "3"])
        try await farm.check(["db", "share", "", "2"])
        let listed = try await farm.check(["db", "share", "editor1", "2"]).stdout
        #expect(listed == "''\t2\neditor1\t2\n", "\(listed)")
        let json = try await farm.check(["db", "share", "--json"]).stdout
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: [[String: Any]]]
        let shares = try #require(parsed?["shares"], "\(json)").map { "\($0["owner"] ?? "?")=\($0["weight"] ?? "?")" }
        #expect(shares == ["=2", "editor1=2"], "\(json)")
        for (args, message) in [(["editor2", "0"], "the weight of \"editor2\" must be a whole number in 1…10000, got \"0\""),
                                (["editor2", "2.5"], "got \"2.5\""), (["editor2", "99999999999999999999"], "got \"9999"),
                                (["editor2"], "share takes an owner and a weight")] {
            let refused = try await farm.run(["db", "share"] + args)
            #expect(refused.status == 2 && refused.stderr.contains(message), "\(args): \(refused.status) \(refused.stderr)")
        }
        #expect(try await farm.check(["db", "share"]).stdout == "''\t2\neditor1\t2\n", "refusals wrote nothing")
    }
}
