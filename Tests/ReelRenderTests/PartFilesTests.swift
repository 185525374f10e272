import ReelMedia
import ReelRender
import Testing

/// One type names a part's files; the layout is the one every store on disk already has.
@Suite struct PartFilesTests {
    let hash = "ab" + String(repeating: "0123456789abcdef", count: 4).dropFirst(2)

    @Test func thePartsFilesLieInItsHashFolder() {
        let files = PartStore(root: "/srv/reel").files(for: hash)
        let base = "/srv/reel/parts/ab/\(hash)"
        #expect(files.folder == "/srv/reel/parts/ab")
        #expect([files.manifest, files.video, files.audio, files.thumbnail, files.poster]
                == [base + ".json", base + ".mp4", base + ".wav", base + ".jpg", base + ".poster.jpg"])
    }

    @Test func everyNameParsesBackToItsHashAndKind() {
        let files = PartFiles(hash: hash, root: "/s")
        for kind in PartFiles.Kind.allCases {
            let name = String(files.path(kind).split(separator: "/").last!)
            let parsed = PartFiles.parse(name)
            #expect(parsed?.hash == hash && parsed?.kind == kind, "\(name)")
        }
    }

    @Test(arguments: ["AB0123456789ABCDEF.mp4", "abc.mp4", "../0123456789abcdef.mp4", "0123456789abcdef.mov",
                      "0123456789abcdef", ".0123456789abcdef.1a2b3c4d.tmp.mp4", "0123456789abcdef.poster.png"])
    func otherNamesAreNotPartFiles(_ name: String) {
        #expect(PartFiles.parse(name) == nil)
    }

    @Test func temporaryNamesAreKnownByTheWriterThatMakesThem() {
        let name = AtomicFile.temporaryName(for: "\(hash).mp4", owner: "j12a3.")
        #expect(AtomicFile.isTemporaryName(name))
        #expect(PartFiles.parse(name) == nil)
        #expect(!AtomicFile.isTemporaryName("\(hash).mp4"))
    }
}
