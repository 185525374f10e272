/// Named delivery presets for `output.preset` (`"prores-422-hq-1080p"`, `"broadcast-ebu-r128"`, AVFoundation's
/// `AVAssetExportPresetHEVC1920x1080` …).
///
/// A preset is nothing but a documented expansion into `output` members, so it is validated, hashed and written back
/// exactly as if the user had typed those members. What the user writes next to the preset wins:
/// - `width`/`height` replace the preset's size;
/// - inside `video` and `audio`, each member the user gives replaces the preset's, unless the user names another
///   `codec`, in which case the preset's settings for that stream are dropped (a ProRes profile means nothing to H.264);
/// - any other member (`container`, `frameRate`, …) replaces the preset's; another `colour` also drops the preset's
///   `masteringDisplay`, `maxCLL` and `maxFALL` (PQ metadata means nothing to HLG).
///
/// Size presets (`"1920x1080"`, `"highest"`) stay what they were; a delivery preset without a size keeps the
/// composition's size rules.
public enum DeliveryPreset {
    /// Every delivery preset's name and its expansion, as JSON text (the table docs/composition.md shows).
    public static let expansions: [(name: String, json: String)] = [
        ("prores-422-hq-1080p", """
         { "width": 1920, "height": 1080, "container": "mov", "video": { "codec": "prores", "profile": "hq" },
           "audio": { "codec": "pcm", "sampleFormat": "s24", "sampleRate": 48000 } }
         """),
        ("prores-4444-1080p", """
         { "width": 1920, "height": 1080, "container": "mov", "video": { "codec": "prores", "profile": "4444" },
           "audio": { "codec": "pcm", "sampleFormat": "s24", "sampleRate": 48000 } }
         """),
        ("dnxhr-hq-1080p", """
         { "width": 1920, "height": 1080, "container": "mov", "video": { "codec": "dnxhr", "profile": "hq" },
           "audio": { "codec": "pcm", "sampleFormat": "s24", "sampleRate": 48000 } }
         """),
        ("hevc-1080p", """
         { "width": 1920, "height": 1080, "container": "mp4", "video": { "codec": "hevc", "crf": 22, "preset": "medium" },
           "audio": { "codec": "aac", "sampleRate": 48000, "bitrate": 192 } }
         """),
        ("hevc-2160p", """
         { "width": 3840, "height": 2160, "container": "mp4", "video": { "codec": "hevc", "crf": 22, "preset": "medium" },
           "audio": { "codec": "aac", "sampleRate": 48000, "bitrate": 192 } }
         """),
        ("hevc-hlg-2160p", """
         { "width": 3840, "height": 2160, "container": "mp4", "colour": "hlg",
           "video": { "codec": "hevc", "bitDepth": 10, "crf": 22, "preset": "medium" },
           "audio": { "codec": "aac", "sampleRate": 48000, "bitrate": 192 } }
         """),
        ("hevc-pq-2160p", """
         { "width": 3840, "height": 2160, "container": "mp4", "colour": "pq", "masteringDisplay": "P3-D65 1000",
           "video": { "codec": "hevc", "bitDepth": 10, "crf": 22, "preset": "medium" },
           "audio": { "codec": "aac", "sampleRate": 48000, "bitrate": 192 } }
         """),
        ("web-1080p", """
         { "width": 1920, "height": 1080, "container": "mp4", "video": { "codec": "h264", "crf": 20, "preset": "medium" },
           "audio": { "codec": "aac", "sampleRate": 48000, "bitrate": 192 } }
         """),
        ("broadcast-ebu-r128", """
         { "container": "mov", "audio": { "codec": "pcm", "sampleFormat": "s24", "sampleRate": 48000,
           "loudness": { "integrated": "-23", "truePeak": "-1", "standard": "bs1770-4" } } }
         """),
        ("prores-422", """
         { "preset": "highest", "container": "mov", "video": { "codec": "prores", "profile": "standard" },
           "audio": { "codec": "pcm", "sampleFormat": "s24", "sampleRate": 48000 } }
         """),
        ("prores-4444", """
         { "preset": "highest", "container": "mov", "video": { "codec": "prores", "profile": "4444" },
           "audio": { "codec": "pcm", "sampleFormat": "s24", "sampleRate": 48000 } }
         """),
    ]

    /// AVFoundation export preset names and the delivery preset each maps onto (only where they match).
    public static let avFoundationNames: [(name: String, preset: String)] = [
        ("AVAssetExportPreset1920x1080", "web-1080p"),
        ("AVAssetExportPresetHEVC1920x1080", "hevc-1080p"),
        ("AVAssetExportPresetHEVC3840x2160", "hevc-2160p"),
        ("AVAssetExportPresetAppleProRes422LPCM", "prores-422"),
        ("AVAssetExportPresetAppleProRes4444LPCM", "prores-4444"),
    ]

    /// Every name `output.preset` takes as a delivery preset, AVFoundation's included.
    public static var names: [String] { expansions.map(\.name) + avFoundationNames.map(\.name) }

    /// The expansion's members for `name` (an AVFoundation name resolves to its preset), nil if it is none.
    public static func members(of name: String) -> [JSONMember]? {
        let resolved = avFoundationNames.first { $0.name == name }?.preset ?? name
        guard let text = expansions.first(where: { $0.name == resolved })?.json else { return nil }
        // The table is a constant checked by DeliveryPresetTests; a parse failure is a programming error.
        guard let members = (try? JSONParser.parse(text))?.objectMembers else {
            preconditionFailure("delivery preset \(resolved) is not a JSON object")
        }
        return members
    }

    /// `output` with a delivery preset replaced by its members, the user's own members winning (see the type's
    /// documentation); unchanged when `output.preset` is absent, not a string, or a size preset.
    static func expand(_ output: JSONValue) -> JSONValue {
        guard let user = output.objectMembers, let name = output["preset"]?.stringValue,
              let preset = members(of: name) else { return output }
        let userKeys = Set(user.map(\.key))
        let userSize = userKeys.contains("width") || userKeys.contains("height")
        // Another colour drops the preset's HDR metadata, as another codec drops its stream settings.
        let otherColor = output["colour"].map { $0 != preset.first { $0.key == "colour" }?.value } ?? false
        var result: [JSONMember] = preset.filter { member in
            if userSize && ["width", "height", "preset"].contains(member.key) { return false }
            if otherColor && ["masteringDisplay", "maxCLL", "maxFALL"].contains(member.key) { return false }
            return !userKeys.contains(member.key)
        }
        for member in user where member.key != "preset" {
            if let base = preset.first(where: { $0.key == member.key }), ["video", "audio"].contains(member.key) {
                result.append(JSONMember(key: member.key, value: merged(base.value, under: member.value)))
            } else {
                result.append(member)
            }
        }
        return .object(result)
    }

    /// The preset's stream settings under the user's: per member, unless the user chose another codec.
    private static func merged(_ base: JSONValue, under user: JSONValue) -> JSONValue {
        guard let baseMembers = base.objectMembers, let userMembers = user.objectMembers else { return user }
        if let codec = user["codec"], codec != base["codec"] { return user }
        let userKeys = Set(userMembers.map(\.key))
        return .object(baseMembers.filter { !userKeys.contains($0.key) } + userMembers)
    }
}
