import Foundation
import ReelFarm
import ReelRecords
import ReelTestSupport
import Testing

/// An output's container must fit its codecs (issue 20 §4, "Output names"), and the output file's extension sets
/// the container: a mismatch is refused when the project loads, naming `output.container`, before any segment
/// renders. Before, `"lossless": true` with an `.mp4` output rendered every segment and then failed in the stitch
/// with "unsupported codec pcm_f32le in mp4".
@Suite struct ContainerFitTests {
    @Test("the output file's extension against the codecs, refused before anything renders",
          arguments: [
            (#""codec": "h264", "lossless": true"#, "mp4",
             "output.container: pcm audio (lossless video is delivered with pcm audio) needs one of the containers mov, "
             + "mkv or mxf, got mp4, which takes aac, ac3, eac3, flac or opus audio (the output file's extension sets the container)"),
            (#""codec": "prores""#, "mp4", "output.container: prores video needs a mov container, got mp4 (the output "
             + "file's extension sets the container)"),
            (#""codec": "hevc""#, "m4v", "output.container: hevc video needs one of the containers mp4, mov or mkv, "
             + "got m4v (the output file's extension sets the container)"),
          ])
    func extensionMustFitTheCodecs(video: String, ext: String, message: String) throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("container-fit")
        defer { dir.remove() }
        let json = """
        { \(Rendering.assets([("a", media.clips[0])])), "videos": [ \(Rendering.clip("a", duration: "1")) ],
          "output": { "width": 160, "height": 90, "video": { \(video) }, "container": "mov" } }
        """
        let comp = try Rendering.write(json, in: dir)
        #expect(throws: (any Error).self) { _ = try Rendering.project(comp, container: ext) }
        do {
            _ = try Rendering.project(comp, container: ext)
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
        #expect(try Rendering.project(comp, container: "mov").plan.segments.count == 1)
    }

    @Test("a preset override the codec's encoder does not have is refused when the project loads")
    func presetOverrideMustFitTheCodec() throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("preset-fit")
        defer { dir.remove() }
        let json = """
        { \(Rendering.assets([("a", media.clips[0])])), "videos": [ \(Rendering.clip("a", duration: "1")) ],
          "output": { "width": 160, "height": 90, "video": { "codec": "av1" }, "container": "mkv" } }
        """
        var request = try RenderRequest.reading(try Rendering.write(json, in: dir).path)
        request.preset = "veryfast"
        #expect {
            _ = try Project(request)
        } throws: { error in
            "\(error)".contains(#"output.video.preset: av1 takes the preset 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 or 13, not "veryfast""#)
        }
        request.preset = "10"
        #expect(try Project(request).composition.output.video.preset == "10")
    }

    /// A stored request is read from the queue, so its thread count is checked where the project loads, not only
    /// by the CLI; the composition's own count wins over the request's, and lossless keeps it.
    @Test("an encoder-thread count out of range in a stored request is refused when the project loads")
    func encoderThreadsMustBeInRange() throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("threads-fit")
        defer { dir.remove() }
        func request(_ video: String) throws -> RenderRequest {
            let json = """
            { \(Rendering.assets([("a", media.clips[0])])), "videos": [ \(Rendering.clip("a", duration: "1")) ],
              "output": { "width": 160, "height": 90, "video": { \(video) } } }
            """
            return try RenderRequest.reading(try Rendering.write(json, in: dir).path)
        }
        for bad in [0, 17, Int.max] {
            var r = try request(#""codec": "h264""#)
            r.encoderThreads = bad
            #expect {
                _ = try Project(r)
            } throws: { error in
                "\(error)".contains("output.video.threads: \(bad) encoder threads, not 1…16")
            }
        }
        var r = try request(#""codec": "h264""#)
        r.encoderThreads = 2
        #expect(try Project(r).composition.output.video.threads == 2)
        r.lossless = true
        r.container = "mov"
        #expect(try Project(r).composition.output.video.threads == 2)
        var own = try request(#""codec": "h264", "threads": 3"#)
        own.encoderThreads = 2
        #expect(try Project(own).composition.output.video.threads == 3)
    }
}
