import Foundation
import ReelFarm
import ReelModel
import ReelRender
import ReelTestSupport
import Testing

/// `output.audio.loudness`: the stitcher measures the whole programme, applies one gain to the target and limits
/// the true peak under the ceiling. Checked on the published files by FFmpeg's `ebur128=peak=true`, for a loud, a
/// quiet and a peaky programme (the peaky one needs the limiter), each rendered in several segments and in one:
/// the gain and the audio bytes must be the same whatever the segmentation.
@Suite struct LoudnessStitchTests {
    /// A programme: a name, its JSON body (videos, audio), the target and ceiling, and whether the limiter must act.
    struct Programme: Sendable, CustomStringConvertible {
        var name: String
        var body: @Sendable (SharedClips, URL) -> String
        var target: Double
        var ceiling: Double
        var limits: Bool
        var description: String { name }
    }

    static let programmes: [Programme] = [
        // Two clips' sines and the chord at volume 4 (peaks near full scale): about −12 LUFS, down to −23.
        Programme(name: "loud", body: { media, _ in
            """
            "videos": [ \(Rendering.clip("a", duration: "1.5")), \(Rendering.clip("b", start: "0.5", duration: "1.5")) ],
            "transitions": [ \(Rendering.transition("dissolve", "0.5")) ],
            "music": { "asset": "music", "sourceRange": { "start": "0", "duration": "2.5" }, "volume": "4" }
            """
        }, target: -23, ceiling: -1, limits: false),
        // The clips' sines at volume 0.05 (about −44 LUFS), up to −16.
        Programme(name: "quiet", body: { media, _ in
            """
            "videos": [ \(Rendering.clip("a", duration: "1.5", extra: #", "volume": "0.05""#)),
                        \(Rendering.clip("b", start: "0.5", duration: "1.5", extra: #", "volume": "0.05""#)) ],
            "transitions": [ \(Rendering.transition("dissolve", "0.5")) ]
            """
        }, target: -16, ceiling: -1, limits: false),
        // A −20 dBFS bed with a one-sample spike at 0.8 every second, muted clips: +5 dB of gain puts the spikes
        // well over −1 dBTP, so only the limiter can keep the ceiling (the spikes hold almost none of the energy).
        Programme(name: "peaky", body: { media, peaky in
            """
            "videos": [ \(Rendering.clip("a", duration: "1.5", extra: #", "audio": false"#)),
                        \(Rendering.clip("b", start: "0.5", duration: "1.5", extra: #", "audio": false"#)) ],
            "transitions": [ \(Rendering.transition("dissolve", "0.5")) ],
            "music": { "asset": "peaky", "sourceRange": { "start": "0", "duration": "2.5" } }
            """
        }, target: -16, ceiling: -1, limits: true),
    ]

    static func composition(_ p: Programme, _ media: SharedClips, peaky: URL) -> String {
        let c = media.clips
        let loudness = #"{ "integrated": "\#(p.target)", "truePeak": "\#(p.ceiling)" }"#
        return """
        { \(Rendering.assets([("a", c[0]), ("b", c[1]), ("music", media.music), ("peaky", peaky)])),
          \(p.body(media, peaky)),
          \(Rendering.output(width: 160, height: 90, extra: #", "container": "mov", "audio": { "codec": "pcm", "sampleFormat": "s24", "loudness": \#(loudness) }"#)) }
        """
    }

    @Test("ebur128 reads the target within 0.1 LU and a true peak under the ceiling; N segments = 1, gain and bytes",
          arguments: programmes)
    func reachesTheTarget(_ p: Programme) throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("loudness-\(p.name)")
        defer { dir.remove() }
        let peaky = dir("peaky.wav")
        try TestProcess.ffmpeg(["-f", "lavfi", "-i",
                                "aevalsrc=exprs='0.1*sin(2*PI*440*t)+0.8*eq(mod(n\\,48000)\\,24000)':s=48000:d=3:c=stereo",
                                "-c:a", "pcm_f32le", peaky.path])
        let comp = try Rendering.write(Self.composition(p, media, peaky: peaky), in: dir)
        let (project, outcome) = try Rendering.render(comp, to: dir("many.mov"), storage: dir("store"), segmentSeconds: "1")
        #expect(project.plan.segments.count > 1)
        let one = try Rendering.renderOneSegment(project, to: dir("one.mov"), storage: dir("store-one"))
        let many = try #require(outcome.report.loudness), single = try #require(one.report.loudness)

        #expect(many == single, "the segmented render's correction differs from the one-segment render's")
        let audio = try PCMSampleFormatTests.rawAudio(dir("many.mov"), dir)
        #expect(audio == (try PCMSampleFormatTests.rawAudio(dir("one.mov"), dir)), "the audio bytes differ")
        #expect(Int64(audio.count) == project.plan.totalSamples * 2 * 3, "\(audio.count) bytes of s24 stereo")

        let read = try EBUR128Summary.read(dir("many.mov"))
        #expect(abs(read.integrated - p.target) <= 0.1, "ebur128 reads \(read.integrated) LUFS for a \(p.target) target")
        #expect(read.truePeak <= p.ceiling, "ebur128 reads a true peak of \(read.truePeak) dBTP over \(p.ceiling)")
        #expect(many.limiterActed == p.limits, "limiter acted: \(many.limiterActed), by \(many.limiterReduction) dB")
        if p.limits { #expect(many.inputTruePeak + many.gain > p.ceiling + 2, "the gain alone would not pass the ceiling") }
        let output = try #require(many.outputIntegrated)
        #expect(abs(output - p.target) <= 0.1 && many.outputTruePeak <= p.ceiling, "reported: \(many)")
    }
}
