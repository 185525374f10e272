/// Decoding of `output.video`: the codec and the settings that codec takes, each checked at its JSON path.
extension CompositionDocument {
    static func decodeVideoCodec(_ f: JSONFields) -> VideoCodecSettings {
        var settings = VideoCodecSettings()
        if let codec: VideoCodec = f.choice("codec", "video codec") { settings.codec = codec }
        let codec = settings.codec
        if codec == .av1 { settings.preset = CompositionFormat.svtAV1DefaultPreset }
        decodeRateControl(f, into: &settings)
        decodePreset(f, into: &settings)
        if let profile = f.string("profile") {
            if codec.profiles.isEmpty {
                f.log.add(f.path("profile"), "\(codec.rawValue) takes no profile; \(codec == .hevc ? "bitDepth 8 is Main, 10 is Main10" : "bitDepth sets it")")
            } else if codec.profiles.contains(profile) {
                settings.profile = profile
            } else {
                f.log.add(f.path("profile"), "unknown \(codec.rawValue) profile \"\(profile)\"; valid profiles are \(Suggestion.list(codec.profiles, quoted: false))")
            }
        }
        if let depth = f.integer("bitDepth", in: 1...16) {
            if codec.bitDepths.contains(depth) { settings.bitDepth = depth } else { f.log.add(f.path("bitDepth"), layoutProblem(codec, "bitDepth", "bit depth \(depth)")) }
        }
        if let chroma: ChromaFormat = f.choice("chroma", "chroma format") {
            if codec.chromaFormats.contains(chroma) { settings.chroma = chroma } else { f.log.add(f.path("chroma"), layoutProblem(codec, "chroma", "chroma \(chroma.rawValue)")) }
        }
        settings.threads = f.integer("threads", in: VideoCodecSettings.threadRange)
        checkH264Profile(f, settings)
        return settings
    }

    private static func layoutProblem(_ codec: VideoCodec, _ key: String, _ what: String) -> String {
        if codec.isIntraOnly { return "\(codec.rawValue)'s profile sets the bit depth and chroma; leave out \(key)" }
        let depths = Suggestion.list(codec.bitDepths.map(String.init), quoted: false, joinedBy: "or")
        let chromas = Suggestion.list(codec.chromaFormats.map(\.label), quoted: false, joinedBy: "or")
        return "\(codec.rawValue) here takes bit depth \(depths) and chroma \(chromas), not \(what)"
    }

    /// crf, bitrate or lossless: one of them, each only where the codec has it.
    private static func decodeRateControl(_ f: JSONFields, into settings: inout VideoCodecSettings) {
        let codec = settings.codec
        let modes = ["crf", "bitrate", "lossless"].filter { f.has($0) }
        if codec.isIntraOnly {
            for mode in modes { f.log.add(f.path(mode), "\(codec.rawValue) has no rate control: its profile sets the quality") }
            return
        }
        if modes.count > 1 { f.log.add(f.path, "give only one of \(Suggestion.list(modes, joinedBy: "or"))") }
        if let crf = f.integer("crf", in: 0...(codec == .av1 ? 63 : 51)) { settings.rateControl = .crf(crf) }
        if codec == .av1, f.has("bitrate") || f.has("lossless") {
            f.log.add(f.path(f.has("bitrate") ? "bitrate" : "lossless"), "av1 takes crf only (SVT-AV1 has no lossless mode Reel uses)")
            return
        }
        if let kbps = f.integer("bitrate", in: 100...200_000) { settings.rateControl = .bitrate(kbps: kbps) }
        if f.bool("lossless") == true { settings.rateControl = .lossless }
    }

    private static func decodePreset(_ f: JSONFields, into settings: inout VideoCodecSettings) {
        let codec = settings.codec
        guard f.has("preset") else { return }
        if codec.isIntraOnly {
            f.log.add(f.path("preset"), "\(codec.rawValue) has no preset: its profile sets the quality")
        } else if codec == .av1 {
            if let n = f.integer("preset", in: 0...13) { settings.preset = String(n) }
        } else if let preset = f.string("preset") {
            let names = CompositionFormat.x264Presets, encoder = codec == .hevc ? "x265" : "x264"
            if names.contains(preset) {
                settings.preset = preset
            } else {
                let hint = Suggestion.closest(to: preset, in: names).map { "did you mean \"\($0)\"?" }
                    ?? "valid presets are \(Suggestion.list(names, quoted: false))"
                f.log.add(f.path("preset"), "unknown \(encoder) preset \"\(preset)\"; \(hint)")
            }
        }
    }

    /// An H.264 profile must admit the bit depth and chroma (baseline/main/high: 8-bit 4:2:0, high10: 4:2:0).
    /// Lossless picks High 4:4:4 Predictive itself.
    private static func checkH264Profile(_ f: JSONFields, _ settings: VideoCodecSettings) {
        guard settings.codec == .h264, let profile = settings.profile else { return }
        if case .lossless = settings.rateControl {
            f.log.add(f.path("profile"), "lossless H.264 is High 4:4:4 Predictive; leave out profile")
            return
        }
        let fits = switch profile {
        case "high10": settings.chroma == .yuv420
        case "high422": true
        default: settings.bitDepth == 8 && settings.chroma == .yuv420
        }
        if !fits {
            f.log.add(f.path("profile"), "H.264 profile \(profile) cannot carry \(settings.bitDepth)-bit \(settings.chroma.label); use high10 or high422")
        }
    }
}
