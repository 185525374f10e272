/// Decoding of the output settings.
extension CompositionDocument {
    static let outputKeys = ["width", "height", "preset", "frameRate", "video", "audio", "container", "mask", "background",
                             "colour", "masteringDisplay", "maxCLL", "maxFALL"]
    static let videoCodecKeys = ["codec", "crf", "bitrate", "lossless", "preset", "profile", "bitDepth", "chroma", "threads"]
    static let audioCodecKeys = ["codec", "sampleRate", "channels", "bitrate", "sampleFormat", "loudness"]

    static func decodeOutput(_ f: JSONFields) -> OutputEntry {
        var out = OutputEntry()
        if let size = decodeSize(f) { out.size = size }
        if let rate = decodeFrameRate(f) { out.frameRate = rate }
        let videoFields = f.object("video", keys: videoCodecKeys)
        if let videoFields { out.video = decodeVideoCodec(videoFields) }
        decodeColor(f, into: &out, videoBitDepthGiven: videoFields?.has("bitDepth") ?? false)
        if let container: Container = f.choice("container", "container") { out.container = container }
        if let audio = f.object("audio", keys: audioCodecKeys) { out.audio = decodeAudioCodec(audio) }
        for problem in ContainerCodecs.problems(container: out.container, video: out.video, audio: out.audio,
                                                frameRate: out.frameRate) {
            f.log.add(problem.key.split(separator: ".").reduce(f.path) { JSONPath.member($0, String($1)) }, problem.message)
        }
        decodeFrameShape(f, into: &out)
        return out
    }

    static func decodeSize(_ f: JSONFields) -> OutputSize? {
        let dimensions = 16...CompositionFormat.maxDimension
        if f.has("preset") {
            if f.has("width") || f.has("height") { f.log.add(f.path, "give either \"preset\" or \"width\" and \"height\", not both") }
            guard let name = f.string("preset") else { return nil }
            if name == "highest" { return .highest }
            if let p = CompositionFormat.sizePresets[name] { return .fixed(width: p.width, height: p.height) }
            let names = CompositionFormat.sizePresets.keys.sorted { $0.count < $1.count || ($0.count == $1.count && $0 < $1) }
            let delivery = DeliveryPreset.expansions.map(\.name)
            let hint = Suggestion.closest(to: name, in: names + ["highest"] + DeliveryPreset.names)
                .map { "did you mean \"\($0)\"?" }
                ?? "size presets are \(Suggestion.list(names + ["highest"])); delivery presets are "
                + "\(Suggestion.list(delivery)), or an AVFoundation export preset name listed in docs/composition.md"
            f.log.add(f.path("preset"), "unknown preset \"\(name)\"; \(hint)")
            return nil
        }
        guard f.has("width") || f.has("height") else { return nil }
        guard f.has("width") && f.has("height") else {
            f.log.add(f.path, "give both \"width\" and \"height\" (or a \"preset\")")
            return nil
        }
        let width = evenDimension(f, "width", dimensions), height = evenDimension(f, "height", dimensions)
        guard let width, let height else { return nil }
        return .fixed(width: width, height: height)
    }

    static func evenDimension(_ f: JSONFields, _ key: String, _ range: ClosedRange<Int>) -> Int? {
        guard let n = f.integer(key, in: range) else { return nil }
        guard n % 2 == 0 else {
            f.log.add(f.path(key), "must be even for H.264 with 4:2:0 chroma, got \(n)")
            return nil
        }
        return n
    }

    static func decodeFrameRate(_ f: JSONFields) -> FrameRate? {
        guard let r = f.rational("frameRate") else { return nil }
        guard !r.isNegative, !r.isZero, r <= Rational(unchecked: Int64(CompositionFormat.maxFrameRate), 1) else {
            f.log.add(f.path("frameRate"), "must be above 0 and at most \(CompositionFormat.maxFrameRate) fps, "
                      + "got \(r.exactDecimalOrFraction)")
            return nil
        }
        guard let n = Int32(exactly: r.numerator), let d = Int32(exactly: r.denominator), let rate = try? FrameRate(n, d) else {
            f.log.add(f.path("frameRate"), "\(r) does not fit in 32-bit numerator and denominator")
            return nil
        }
        return rate
    }

    static func decodeAudioCodec(_ f: JSONFields) -> AudioCodecSettings {
        var settings = AudioCodecSettings()
        if let codec: AudioCodecSettings.Codec = f.choice("codec", "audio codec") { settings.codec = codec }
        if let rate = f.integer("sampleRate", in: 1...768_000) {
            if let r = Int32(exactly: rate), CompositionFormat.sampleRates.contains(r) {
                settings.sampleRate = r
            } else {
                let rates = CompositionFormat.sampleRates.map(String.init)
                f.log.add(f.path("sampleRate"), "\(rate) Hz is not supported; use one of \(Suggestion.list(rates, quoted: false, joinedBy: "or"))")
            }
        }
        if let layout = decodeLayout(f) { settings.layout = layout }
        if let kbps = f.integer("bitrate", in: 16...512) { settings.bitrateKbps = kbps }
        if let format: AudioCodecSettings.SampleFormat = f.choice("sampleFormat", "sample format") {
            if settings.codec != .pcm {
                f.log.add(f.path("sampleFormat"), "a sample format applies to pcm audio only (\"codec\": \"pcm\")")
            }
            settings.sampleFormat = format
        }
        if let loudness = f.object("loudness", keys: loudnessKeys, required: ["integrated"]) {
            settings.loudness = decodeLoudness(loudness)
        }
        checkEncoderLimits(settings, f)
        return settings
    }

    /// The layouts and rates the chosen encoder takes (`AudioCodecSettings.Codec.layouts`, `.sampleRates`).
    static func checkEncoderLimits(_ settings: AudioCodecSettings, _ f: JSONFields) {
        let codec = settings.codec
        if f.has("channels"), !codec.layouts.contains(settings.layout) {
            let names = Suggestion.list(codec.layouts.map(\.name), quoted: false, joinedBy: "or")
            f.log.add(f.path("channels"), "\(codec.rawValue) audio carries \(names), not \(settings.layout.name)")
        }
        if let rates = codec.sampleRates, !rates.contains(settings.sampleRate) {
            let names = Suggestion.list(rates.map(String.init), quoted: false, joinedBy: "or")
            f.log.add(f.path("sampleRate"), "\(codec.rawValue) audio is delivered at \(names) Hz, not \(settings.sampleRate)")
        }
    }

    /// `channels`: 1 or 2, or a layout's name (`mono`, `stereo`, `5.1`, `7.1`).
    static func decodeLayout(_ f: JSONFields) -> AudioLayout? {
        f.read("channels") { value throws(ValueProblem) in
            let names = Suggestion.list(AudioLayout.allCases.map(\.name), joinedBy: "or")
            if let n = value.int64Value {
                guard n == 1 || n == 2, let layout = AudioLayout(count: Int(n)) else {
                    throw ValueProblem("\(n) channels is not a layout; give 1, 2 or a layout name: \(names)")
                }
                return layout
            }
            guard case .string(let s) = value else { throw ValueProblem("expected 1, 2 or a layout name, got \(value.kindDescription)") }
            guard let layout = AudioLayout(rawValue: s) else { throw ValueProblem("unknown channel layout \"\(s)\"; valid layouts are \(names)") }
            return layout
        }
    }
}
