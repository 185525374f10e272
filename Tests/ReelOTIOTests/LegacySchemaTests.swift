import Foundation
import ReelModel
import ReelPlan
import Testing
@testable import ReelOTIO

/// Old schema names, collections, disabled items and newer schema versions.
@Suite struct LegacySchemaTests {
    static func load(_ text: String, slates: Bool = true) throws(OTIOError) -> OTIOImport {
        try OTIOImporter.load(data: Array(text.utf8), baseDirectory: "/x", options: OTIOImportOptions(offlineSlates: slates),
                              prober: StaticMediaProber([:]))
    }

    static func text(_ sample: String) throws -> String { String(decoding: try Support.fixture(sample), as: UTF8.self) }

    @Test func fillerIsAGapAndACollectionHoldsATimeline() throws {
        let gaps = try Self.text("gaps").replacingOccurrences(of: "\"Gap.1\"", with: "\"Filler.1\"")
        let wrapped = "{\"OTIO_SCHEMA\": \"SerializeableCollection.1\", \"name\": \"c\", \"children\": [\(gaps)]}"
        let imported = try Self.load(wrapped)
        #expect(imported.composition.videoTracks.count == 2)
        #expect(try Plan(composition: imported.composition).totalFrames == 1380)
    }

    @Test func sequenceIsATrack() throws {
        let imported = try Self.load(try Self.text("generator_reference_test"))
        #expect(imported.composition.videoTracks.count == 1)
        #expect(imported.composition.titles.map(\.text) == ["SMPTEBars — C"])
    }

    /// Sets `enabled: false` on every clip.
    static func disablingClips(_ v: JSONValue) -> JSONValue {
        switch v {
        case .object(let members):
            let isClip = v["OTIO_SCHEMA"]?.stringValue?.hasPrefix("Clip.") == true
            return .object(members.map { m in
                JSONMember(key: m.key, value: isClip && m.key == "enabled" ? .bool(false) : disablingClips(m.value))
            })
        case .array(let a): return .array(a.map(disablingClips))
        default: return v
        }
    }

    @Test func disabledClipIsHidden() throws {
        let text = Self.disablingClips(try Support.json("clip_example")).serialized()
        let imported = try Self.load(text, slates: false)   // the disabled MissingReference is not an error
        #expect(imported.offline.isEmpty)
        let items = try #require(imported.composition.videoTracks.first).items
        func frames(_ n: Int64) throws -> RationalTime { try RationalTime(value: n, timescale: 24) }
        let dissolve = Transition(kind: .dissolve, inOffset: try frames(2), outOffset: try frames(1),
                                  origin: "tracks.children[0].children[2]")
        #expect(items == [.gap(try frames(8)), .gap(try frames(3)), .transition(dissolve), .gap(try frames(8))])
    }

    @Test func newerSchemaVersionIsNamed() throws {
        let text = try Self.text("simple_cut").replacingOccurrences(of: "\"Clip.1\"", with: "\"Clip.3\"")
        #expect {
            try Self.load(text)
        } throws: { error in
            guard case OTIOError.invalid(let problems) = error else { return false }
            return problems.count == 4 && problems[0].message == "Clip.3 is newer than Reel reads (up to Clip.2)"
        }
    }

    @Test func marker3IsRead() throws {
        let root = try Support.json("screening_example_marker3")
        var markers = 0
        func walk(_ v: JSONValue) {
            if v["OTIO_SCHEMA"]?.stringValue?.hasPrefix("Clip.") == true {
                markers += OTIODecoder(log: OTIOLog()).markers(v, path: "").count
            }
            v.objectMembers?.forEach { walk($0.value) }
            v.arrayValue?.forEach(walk)
        }
        walk(root)
        #expect(markers == 3)
    }
}
