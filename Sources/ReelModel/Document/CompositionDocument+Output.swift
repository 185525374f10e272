/// Decoding of the output settings.
extension CompositionDocument {
    static let outputKeys = ["width", "height", "preset", "frameRate", "video", "audio", "container", "mask", "background"]
    static let videoCodecKeys = ["codec", "crf", "bitrate", "lossless", "preset"]
    static let audioCodecKeys = ["codec", "sampleRate", "channels", "bitrate", "sampleFormat"]

    static func decodeOutput(_ f: JSONFields) -> OutputEntry {
        var out = OutputEntry()
        if let size = decodeSize(f) { out.size = size }
        if let rate = decodeFrameRate(f) { out.frameRate = rate }
        if let video = f.object("video", keys: videoCodecKeys) { out.video = decodeVideoCodec(video) }
        if let container: Container = f.choice("container", "container") { out.container = container }
        if let audio = f.object("audio", keys: audioCodecKeys) { out.audio = decodeAudioCodec(audio, container: out.container) }
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

    static func decodeVideoCodec(_ f: JSONFields) -> VideoCodecSettings {
        var settings = VideoCodecSettings()
        if let codec = f.string("codec"), codec != "h264" {
            f.log.add(f.path("codec"), "unknown video codec \"\(codec)\"; the only video codec is h264")
        }
        let modes = ["crf", "bitrate", "lossless"].filter { f.has($0) }
        if modes.count > 1 { f.log.add(f.path, "give only one of \(Suggestion.list(modes, joinedBy: "or"))") }
        if let crf = f.integer("crf", in: 0...51) { settings.rateControl = .crf(crf) }
        if let kbps = f.integer("bitrate", in: 100...200_000) { settings.rateControl = .bitrate(kbps: kbps) }
        if f.bool("lossless") == true { settings.rateControl = .lossless }
        if let preset = f.string("preset") {
            if CompositionFormat.x264Presets.contains(preset) {
                settings.preset = preset
            } else {
                let hint = Suggestion.closest(to: preset, in: CompositionFormat.x264Presets).map { "did you mean \"\($0)\"?" }
                    ?? "valid presets are \(Suggestion.list(CompositionFormat.x264Presets, quoted: false))"
                f.log.add(f.path("preset"), "unknown x264 preset \"\(preset)\"; \(hint)")
            }
        }
        return settings
    }

    static func decodeAudioCodec(_ f: JSONFields, container: Container) -> AudioCodecSettings {
        var settings = AudioCodecSettings()
        if let codec: AudioCodecSettings.Codec = f.choice("codec", "audio codec") {
            if codec == .pcm && container != .mov { f.log.add(f.path("codec"), "pcm audio needs the mov container") }
            settings.codec = codec
        }
        if let rate = f.integer("sampleRate", in: 1...768_000) {
            if let r = Int32(exactly: rate), CompositionFormat.sampleRates.contains(r) {
                settings.sampleRate = r
            } else {
                let rates = CompositionFormat.sampleRates.map(String.init)
                f.log.add(f.path("sampleRate"), "\(rate) Hz is not supported; use one of \(Suggestion.list(rates, quoted: false, joinedBy: "or"))")
            }
        }
        if let channels = f.integer("channels", in: 1...2) { settings.channels = channels }
        if let kbps = f.integer("bitrate", in: 16...512) { settings.bitrateKbps = kbps }
        if let format: AudioCodecSettings.SampleFormat = f.choice("sampleFormat", "sample format") {
            if settings.codec != .pcm {
                f.log.add(f.path("sampleFormat"), "a sample format applies to pcm audio only (\"codec\": \"pcm\")")
            }
            settings.sampleFormat = format
        }
        return settings
    }
}
