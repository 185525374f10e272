/// Which video and audio codecs each container takes: the one table validation, the muxer and the docs follow.
///
/// Add a codec to a container by adding it to that container's row. `problems(in:)` is what validation reports
/// (at `output.container` and, for MXF, at the rate and PCM settings) before anything renders, so a mismatch never
/// reaches the stitcher.
public struct ContainerCodecs: Sendable, Hashable {
    public let video: [VideoCodec]
    public let audio: [AudioCodecSettings.Codec]

    /// The table, one row per container (docs/composition.md shows the same).
    public static let table: [Container: ContainerCodecs] = [
        // FFmpeg 5.1's mov muxer refuses FLAC and Opus (its mp4 muxer takes both; FLAC is flagged experimental and
        // the muxer is told so).
        .mp4: ContainerCodecs(video: [.h264, .hevc, .av1], audio: [.aac, .ac3, .eac3, .flac, .opus]),
        .m4v: ContainerCodecs(video: [.h264], audio: [.aac]),
        .mov: ContainerCodecs(video: [.h264, .hevc, .prores, .dnxhr], audio: [.aac, .pcm, .ac3, .eac3]),
        .mkv: ContainerCodecs(video: [.h264, .hevc, .av1], audio: [.aac, .pcm, .ac3, .eac3, .flac, .opus]),
        .webm: ContainerCodecs(video: [.av1], audio: [.opus]),
        .mxf: ContainerCodecs(video: [.dnxhr], audio: [.pcm]),
    ]

    /// The row of `container`.
    public static func of(_ container: Container) -> ContainerCodecs { table[container] ?? ContainerCodecs(video: [], audio: []) }

    /// The containers that take `codec`, in `Container`'s order.
    public static func containers(taking codec: VideoCodec) -> [Container] {
        Container.allCases.filter { of($0).video.contains(codec) }
    }

    /// The containers that take `codec`, in `Container`'s order.
    public static func containers(taking codec: AudioCodecSettings.Codec) -> [Container] {
        Container.allCases.filter { of($0).audio.contains(codec) }
    }

    /// What `output`'s container refuses, each at the key of `output` to report it at: the codecs
    /// ("prores video needs a mov container, got mp4", at `container`), and MXF OP1a's frame rates and PCM
    /// (at `frameRate`, `audio.sampleRate`, `audio.sampleFormat`). Empty when the container takes it all.
    public static func problems(in output: OutputSettings) -> [(key: String, message: String)] {
        problems(container: output.container, video: output.video, audio: output.audio, frameRate: output.frameRate)
    }

    /// `problems(in:)` of the settings that decide it.
    public static func problems(container: Container, video: VideoCodecSettings, audio settings: AudioCodecSettings,
                                frameRate: FrameRate) -> [(key: String, message: String)] {
        let row = of(container), got = container.rawValue
        if !row.video.contains(video.codec) {
            return [("container", "\(video.codec.rawValue) video needs \(names(containers(taking: video.codec))), got \(got)")]
        }
        let audio = OutputSettings.deliveredAudioCodec(video: video, audio: settings)
        guard row.audio.contains(audio) else {
            let why = audio != settings.codec ? " (lossless video is delivered with pcm audio)" : ""
            let takes = row.audio.isEmpty ? "no audio codec this build encodes"
                : Suggestion.list(row.audio.map(\.rawValue), quoted: false, joinedBy: "or") + " audio"
            return [("container", "\(audio.rawValue) audio\(why) needs \(names(containers(taking: audio))), got \(got), which takes \(takes)")]
        }
        return container == .mxf ? mxfProblems(audio: settings, frameRate: frameRate) : []
    }

    /// FFmpeg's MXF OP1a muxer takes the SMPTE content-package rates and PCM in s16 or s24 at 48 kHz only.
    static func mxfProblems(audio: AudioCodecSettings, frameRate: FrameRate) -> [(key: String, message: String)] {
        var found: [(key: String, message: String)] = []
        if !mxfFrameRates.contains(where: { $0 == (frameRate.numerator, frameRate.denominator) }) {
            let rates = mxfFrameRates.map { $0.1 == 1 ? "\($0.0)" : "\($0.0)/\($0.1)" }
            found.append(("frameRate", "mxf (OP1a) takes \(Suggestion.list(rates, quoted: false, joinedBy: "or")) fps, got \(frameRate)"))
        }
        if audio.sampleRate != 48000 { found.append(("audio.sampleRate", "mxf takes 48000 Hz audio only, got \(audio.sampleRate)")) }
        if audio.sampleFormat != .s16 && audio.sampleFormat != .s24 {
            found.append(("audio.sampleFormat", "mxf takes pcm in s16 or s24, got \(audio.sampleFormat.rawValue)"))
        }
        return found
    }

    /// The frame rates FFmpeg's MXF muxer writes (others need `-strict unofficial`, which Reel never sets).
    static let mxfFrameRates: [(Int32, Int32)] = [(24000, 1001), (24, 1), (25, 1), (30000, 1001), (30, 1), (50, 1),
                                                  (60000, 1001), (60, 1)]

    private static func names(_ containers: [Container]) -> String {
        let list = Suggestion.list(containers.map(\.rawValue), quoted: false, joinedBy: "or")
        return containers.count == 1 ? "a \(list) container" : "one of the containers \(list)"
    }
}
