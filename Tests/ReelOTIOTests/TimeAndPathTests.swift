import Foundation
import ReelModel
import Testing
@testable import ReelOTIO

/// Exact time at the boundary, the lenient parser, and media path resolution.
@Suite struct TimeAndPathTests {
    func read(_ value: String, rate: String) -> (RationalTime?, OTIOLog) {
        let log = OTIOLog()
        let json = try! JSONParser.parse("{\"OTIO_SCHEMA\": \"RationalTime.1\", \"rate\": \(rate), \"value\": \(value)}", lenient: true)
        return (OTIOTimeReader(log: log).time(json, path: "t"), log)
    }

    @Test(arguments: [("86400.0", "24.0", 86400, 24), ("3", "24", 3, 24), ("1001", "29.97", 1001 * 1001, 30000),
                      ("12", "23.976", 12 * 1001, 24000), ("5", "12.5", 2, 5), ("-7", "24", -7, 24), ("1e2", "25", 4, 1)])
    func exactTimes(_ value: String, _ rate: String, _ n: Int64, _ d: Int32) throws {
        let (t, log) = read(value, rate: rate)
        #expect(t == (try RationalTime(value: n, timescale: d)))
        #expect(log.errors.isEmpty && log.warnings.isEmpty)
    }

    @Test func fractionalFramesAreKeptExactlyAndReported() throws {
        let (t, log) = read("2.5", rate: "24")
        #expect(t == (try RationalTime(value: 5, timescale: 48)))
        #expect(log.warnings.first?.contains("2.5 is not a whole number of frames at rate 24") == true)
    }

    @Test(arguments: ["Inf", "-Infinity", "NaN", "115792089237316195423570985008687907853269984665640564039457584007913129639936"])
    func nonFiniteAndHugeValuesAreErrors(_ value: String) {
        let (t, log) = read(value, rate: "24")
        #expect(t == nil)
        #expect(log.errors.count == 1 && log.errors[0].path == "t.value")
    }

    @Test func bigIntSampleLoads() throws {
        let prober = StaticMediaProber(["/m/black.mov": try Support.facts("/m/black.mov", frames: .unit(240))])
        let imported = try OTIOImporter.load(data: Support.fixture("big_int"), baseDirectory: "/x",
                                             options: OTIOImportOptions(mediaRoots: ["/m"], fileExists: { $0 == "/m/black.mov" }),
                                             prober: prober)
        #expect(imported.composition.videoTracks[0].items.count == 1)
    }

    @Test(arguments: [0.8545454551724138, 0.5, 2.0, 1.0 / 3.0, 1.25])
    func timeScalarsBecomeSimpleFractions(_ x: Double) throws {
        let r = try #require(OTIONumber.simplest(x))
        #expect(abs(r.doubleValue - x) < 1e-9)
        #expect(r.denominator <= 100)
    }

    @Test(arguments: [("file:///folder/a.mov", "/folder/a.mov"), ("file://localhost/D%3a/media/b%20c.mov", "D:/media/b c.mov"),
                      ("sample_data/one_clip.aaf", "sample_data/one_clip.aaf"), ("C:\\clips\\x.mov", "C:/clips/x.mov")])
    func urlPaths(_ url: String, _ path: String) {
        #expect(OTIOMediaResolver.path(of: url) == path)
    }

    @Test func resolutionOrderIsRelativeThenMapThenRoots() {
        let existing: Set<String> = ["/proj/a.mov", "/new/shots/a.mov", "/roots/r1/a.mov", "/roots/r1/sub/b.mov"]
        let options = OTIOImportOptions(mediaMap: [.init(from: "/old", to: "/new")], mediaRoots: ["/roots/r1"],
                                        fileExists: { existing.contains($0) })
        let r = OTIOMediaResolver(baseDirectory: "/proj", options: options)
        #expect(r.resolve("a.mov") == .found("/proj/a.mov"))
        #expect(r.resolve("file:///old/shots/a.mov") == .found("/new/shots/a.mov"))
        #expect(r.resolve("file:///elsewhere/a.mov") == .found("/roots/r1/a.mov"))
        #expect(r.resolve("sub/b.mov") == .found("/roots/r1/sub/b.mov"))
        #expect(r.resolve("file:///oldies/a.mov") == .found("/roots/r1/a.mov"))   // "/old" is not a prefix of "/oldies"
        #expect(r.resolve("https://host/a.mov") == .notAFile("https://host/a.mov"))
        #expect(r.resolve("file:///x/none.mov") == .notFound(tried: ["/x/none.mov", "/roots/r1/none.mov"]))
    }

    @Test func unsupportedTransitionTypeIsAClearError() throws {
        var text = String(decoding: try Support.fixture("transition"), as: UTF8.self)
        text = text.replacingOccurrences(of: "SMPTE_Dissolve", with: "SMPTE_Wipe")
        #expect {
            try OTIOImporter.load(data: Array(text.utf8), baseDirectory: "/x", prober: StaticMediaProber([:]))
        } throws: { error in
            guard case OTIOError.invalid(let problems) = error else { return false }
            return problems.contains { $0.path == "tracks.children[0].children[2].transition_type"
                && $0.message.contains("\"SMPTE_Wipe\" is not supported") }
        }
    }
}
