import Testing
@testable import ReelModel

private typealias F = Fixtures

/// One video entry and two neighbours, used by many cases.
private let a5 = F.video("a", "0", "5"), b2 = F.video("b", "0", "2"), a1 = F.video("a", "0", "1")

private func title(_ members: String) -> String {
    F.composition(#""videos": [\#(a5)], "titles": [{"timeRange": {"start": 0, "duration": 2}\#(members)}]"#)
}

private func output(_ members: String) -> String {
    F.composition(#""videos": [\#(a1)], "output": {\#(members)}"#)
}

/// Bad compositions, each with the exact diagnostics expected (in order).
private let badCompositions: [(String, [String])] = [
    // Syntax and structure.
    (#"{"assets": {"a": "a.mp4",}}"#, ["not valid JSON: line 1, column 26: unexpected '}'; expected a key in double quotes"]),
    ("{}", [#"missing required key "assets""#, #"missing required key "videos""#]),
    (F.composition(#""videos": {}"#), ["videos: expected an array, got an object"]),
    (F.composition(#""videos": []"#), ["videos: a composition needs at least one video clip"]),
    (F.composition(#""videos": [\#(a1)], "titels": []"#), [#"titels: unknown key "titels"; did you mean "titles"?"#]),
    (F.composition(#""videos": [\#(a1)], "extra": 1"#),
     [#"extra: unknown key "extra"; expected "$schema", "assets", "videos", "transitions", "defaultTransition", "voiceOvers", "music", "titles", "output", "watermark" or "overlays""#]),
    (F.composition(#""videos": [\#(F.video("a", "0", "2", #""sped": 2"#))]"#),
     [#"videos[0].sped: unknown key "sped"; did you mean "speed"?"#]),
    (F.composition(#""videos": [{"asset": "a"}]"#), [#"videos[0]: missing required key "sourceRange" (or "duration" for a still image)"#]),
    (F.composition(#""videos": [\#(F.video("a", "0", "1", #""asset": "b""#))]"#), [#"videos[0].asset: duplicate key "asset""#]),
    (F.composition(#""videos": [\#(F.video("a", "0", "1", #""speed": true"#))]"#),
     [#"videos[0].speed: expected an exact number such as 2, "0.5" or "1/2", got true"#]),
    // Assets.
    (F.composition(#""videos": [\#(F.video("bb", "0", "1"))]"#), [#"videos[0].asset: unknown asset "bb"; did you mean "b"?"#]),
    (F.composition(#""videos": [\#(F.video("zzz", "0", "1"))]"#),
     [#"videos[0].asset: unknown asset "zzz"; the assets are "a", "b", "silent", "vo", "song" and "portrait""#]),
    (#"{"assets": {"a": "a.mp4", "gone": "gone.mp4"}, "videos": [\#(a1)]}"#,
     [#"assets.gone: cannot open "/media/gone.mp4": No such file or directory"#]),
    (F.composition(#""videos": [\#(F.video("vo", "0", "1"))]"#), [#"videos[0].asset: /media/vo.wav: asset "vo" has no video stream"#]),
    (F.composition(#""videos": [\#(F.video("silent", "0", "1", #""audio": true"#))]"#),
     [#"videos[0].audio: /media/silent.mp4: asset "silent" has no audio stream"#]),
    // Times and ranges.
    (F.composition(#""videos": [\#(F.video("a", "0", "0"))]"#), ["videos[0].sourceRange.duration: must be positive, got 0.0 s"]),
    (F.composition(#""videos": [\#(F.video("a", "-1", "2"))]"#), ["videos[0].sourceRange.start: must not be negative, got -1.0 s"]),
    (F.composition(#""videos": [{"asset": "a", "sourceRange": {"start": 2.5, "duration": 1}}]"#),
     [#"videos[0].sourceRange.start: 2.5 is a binary floating-point number in JSON; write it exactly as the string "2.5" or "5/2""#]),
    (F.composition(#""videos": [\#(F.video("a", "1/3000000000", "1"))]"#),
     [#"videos[0].sourceRange.start: timescale 3000000000 in "1/3000000000" does not fit in 32 bits (at most 2147483647)"#]),
    (F.composition(#""videos": [{"asset": "a", "sourceRange": {"start": 0, "duration": 1, "end": 1}}]"#),
     [#"videos[0].sourceRange: give either "duration" or "end", not both"#]),
    (F.composition(#""videos": [{"asset": "a", "sourceRange": {"start": 2, "end": 1}}]"#),
     ["videos[0].sourceRange.end: 1.0 s is not after the start (2.0 s)"]),
    (F.composition(#""videos": [\#(F.video("b", "1.5", "6"))]"#), [#"videos[0].sourceRange: ends at 7.5 s but asset "b" lasts 6.0 s"#]),
    (F.composition(#""videos": [\#(F.video("a", "0", "1", #""speed": 0"#))]"#), ["videos[0].speed: must be positive, got 0"]),
    (F.composition(#""videos": [\#(F.video("a", "0", "1", #""speed": 1.5"#))]"#),
     [#"videos[0].speed: 1.5 is a binary floating-point number in JSON; write it exactly as the string "1.5" or "3/2""#]),
    (F.composition(#""videos": [\#(F.video("a", "0", "1", #""volume": "-0.5""#))]"#), ["videos[0].volume: must not be negative, got -0.5"]),
    // Transitions.
    (F.composition(#""videos": [\#(a5), \#(b2)], "transitions": [{"type": "fade", "duration": 1}]"#),
     [#"transitions[0].type: unknown transition "fade"; valid transitions are dissolve, push, wipe and cut"#]),
    (F.composition(#""videos": [\#(a5), \#(b2)], "transitions": [{"type": "dissolve", "duration": 3}]"#),
     ["transitions[0]: 3.0 s dissolve is longer than clip videos[1] (2.0 s)"]),
    (F.composition(#""videos": [\#(a5), \#(b2)], "defaultTransition": {"type": "dissolve", "duration": 3}"#),
     ["defaultTransition: 3.0 s dissolve between videos[0] and videos[1] is longer than clip videos[1] (2.0 s)"]),
    (F.composition(#""videos": [\#(a5), \#(b2), \#(a5)], "transitions": [{"type": "dissolve", "duration": "1.5"}, {"type": "wipe", "duration": 1}]"#),
     ["videos[1]: transitions[0] (1.5 s) and transitions[1] (1.0 s) overlap inside this clip: together they take 2.5 s but the clip lasts 2.0 s"]),
    (F.composition(#""videos": [\#(a5), \#(b2)], "transitions": [null, null]"#),
     ["transitions: has 2 entries but 2 videos need 1 (one between each pair of neighbours; use null for the default)"]),
    (F.composition(#""videos": [\#(a5), \#(b2)], "transitions": [{"type": "cut", "duration": 1}]"#),
     ["transitions[0].duration: a cut takes no time; use dissolve, push or wipe for an overlap"]),
    (F.composition(#""videos": [\#(a5), \#(b2)], "transitions": [{"type": "push"}]"#),
     [#"transitions[0]: missing required key "duration" (a push needs one)"#]),
    // Voice-overs and music.
    (F.composition(#""videos": [\#(a1)], "voiceOvers": [{"asset": "silent", "sourceRange": {"start": 0, "duration": 1}, "at": 0}]"#),
     [#"voiceOvers[0].asset: /media/silent.mp4: asset "silent" has no audio stream"#]),
    (F.composition(#""videos": [\#(a1)], "voiceOvers": [{"asset": "vo", "sourceRange": {"start": 0, "duration": 1}}]"#),
     [#"voiceOvers[0]: missing required key "at""#]),
    (F.composition(#""videos": [\#(a1)], "voiceOvers": [{"asset": "vo", "sourceRange": {"start": 5, "end": 10}, "at": 0}]"#),
     [#"voiceOvers[0].sourceRange: ends at 10.0 s but asset "vo" lasts 8.0 s"#]),
    (F.composition(#""videos": [\#(a1)], "music": {"asset": "silent", "sourceRange": {"start": 0, "duration": 1}}"#),
     [#"music.asset: /media/silent.mp4: asset "silent" has no audio stream"#]),
    (F.composition(#""videos": [\#(a1)], "music": [{"asset": "song", "sourceRange": {"start": 0, "duration": 9}, "volumeAutomation": [{"from": 1, "to": 0, "timeRange": {"start": 0, "duration": 2}}, {"from": 0, "to": 1, "timeRange": {"start": 1, "duration": 2}}]}]"#),
     ["music[0].volumeAutomation[1].timeRange: overlaps volumeAutomation[0], which runs from 0.0 s to 2.0 s"]),
    // Titles.
    (title(""), [#"titles[0]: a title needs a non-empty "text" or an "image""#]),
    (title(#", "text": "Hi", "color": "red""#), [##"titles[0].color: expected a colour "#RRGGBB" or "#RRGGBBAA", got the string "red""##]),
    (title(#", "text": "Hi", "position": "middle""#),
     [#"titles[0].position: unknown position "middle"; valid positions are bottom, bottom-left, bottom-right, center, lower-third, top, top-left, top-right and upper-third, or {"x": "0.5", "y": "0.8"}"#]),
    (title(#", "text": "Hi", "opacity": [{"time": 0, "value": 0}, {"time": 1, "value": 1}, {"time": "0.5", "value": 0}]"#),
     ["titles[0].opacity[2].time: 0.5 s is not after the previous keyframe (1.0 s); keyframes must be in time order"]),
    (title(#", "text": "Hi", "opacity": [{"time": 0, "value": 0}, {"time": 3, "value": 1}]"#),
     ["titles[0].opacity[1].time: 3.0 s is past the title's end at 2.0 s (keyframe times count from the title's start)"]),
    (title(#", "text": "Hi", "opacity": [{"time": 0, "value": 2}]"#), ["titles[0].opacity[0].value: must be between 0 and 1, got 2"]),
    // Output.
    (output(#""width": 1279, "height": 720"#), ["output.width: must be even for H.264 with 4:2:0 chroma, got 1279"]),
    (output(#""width": 1280"#), [#"output: give both "width" and "height" (or a "preset")"#]),
    (output(#""preset": "1280x720", "width": 1280, "height": 720"#), [#"output: give either "preset" or "width" and "height", not both"#]),
    (output(#""preset": "4k""#), [#"output.preset: unknown preset "4k"; size presets are "640x480", "1280x720", "1920x1080" and "highest"; "#
      + #"delivery presets are "prores-422-hq-1080p", "prores-4444-1080p", "dnxhr-hq-1080p", "hevc-1080p", "#
      + #""hevc-2160p", "hevc-hlg-2160p", "hevc-pq-2160p", "web-1080p", "broadcast-ebu-r128", "prores-422" and "prores-4444", or an AVFoundation "#
      + #"export preset name listed in docs/composition.md"#]),
    (output(#""frameRate": 0"#), ["output.frameRate: must be above 0 and at most 240 fps, got 0"]),
    (output(#""container": "avi""#), [#"output.container: unknown container "avi"; valid containers are mp4, mov, m4v, mkv, webm and mxf"#]),
    (output(#""video": {"crf": 60}"#), ["output.video.crf: must be between 0 and 51, got 60"]),
    (output(#""video": {"preset": "veryfats"}"#), [#"output.video.preset: unknown x264 preset "veryfats"; did you mean "veryfast"?"#]),
    (output(#""audio": {"codec": "pcm"}"#), ["output.container: pcm audio needs one of the containers mov, mkv or mxf, got mp4, which takes aac, ac3, eac3, flac or opus audio"]),
    // Video codecs and the containers that take them (issue 20).
    (output(#""video": {"codec": "prores"}"#), ["output.container: prores video needs a mov container, got mp4"]),
    (output(#""video": {"codec": "dnxhr"}, "container": "mkv""#), ["output.container: dnxhr video needs one of the containers mov or mxf, got mkv"]),
    (output(#""video": {"codec": "av1"}, "container": "mov""#), ["output.container: av1 video needs one of the containers mp4, mkv or webm, got mov"]),
    (output(#""video": {"codec": "h264", "lossless": true}"#),
     ["output.container: pcm audio (lossless video is delivered with pcm audio) needs one of the containers mov, mkv or mxf, got mp4, which takes aac, ac3, eac3, flac or opus audio"]),
    (output(#""video": {"codec": "dnxhr"}, "container": "mxf", "frameRate": 15, "audio": {"codec": "pcm", "sampleRate": 44100}"#),
     ["output.frameRate: mxf (OP1a) takes 24000/1001, 24, 25, 30000/1001, 30, 50, 60000/1001 or 60 fps, got 15",
      "output.audio.sampleRate: mxf takes 48000 Hz audio only, got 44100", "output.audio.sampleFormat: mxf takes pcm in s16 or s24, got f32"]),
    (output(#""video": {"codec": "vp9"}"#), ["output.video.codec: unknown video codec \"vp9\"; valid video codecs are h264, hevc, prores, dnxhr and av1"]),
    (output(#""video": {"codec": "prores", "profile": "ultra"}, "container": "mov""#),
     [#"output.video.profile: unknown prores profile "ultra"; valid profiles are proxy, lt, standard, hq, 4444 and 4444xq"#]),
    (output(#""video": {"codec": "prores", "crf": 18}, "container": "mov""#), ["output.video.crf: prores has no rate control: its profile sets the quality"]),
    (output(#""video": {"codec": "dnxhr", "bitDepth": 10}, "container": "mov""#), ["output.video.bitDepth: dnxhr's profile sets the bit depth and chroma; leave out bitDepth"]),
    (output(#""video": {"codec": "hevc", "chroma": "422"}"#), ["output.video.chroma: hevc here takes bit depth 8 or 10 and chroma 4:2:0, not chroma 422"]),
    (output(#""video": {"codec": "hevc", "profile": "main10"}"#), ["output.video.profile: hevc takes no profile; bitDepth 8 is Main, 10 is Main10"]),
    (output(#""video": {"codec": "h264", "bitDepth": 12}"#), ["output.video.bitDepth: h264 here takes bit depth 8 or 10 and chroma 4:2:0 or 4:2:2, not bit depth 12"]),
    (output(#""video": {"codec": "h264", "profile": "main", "bitDepth": 10}"#), ["output.video.profile: H.264 profile main cannot carry 10-bit 4:2:0; use high10 or high422"]),
    (output(#""video": {"codec": "h264", "profile": "high10", "lossless": true}, "container": "mov""#), ["output.video.profile: lossless H.264 is High 4:4:4 Predictive; leave out profile"]),
    (output(#""video": {"codec": "av1", "preset": 14}"#), ["output.video.preset: must be between 0 and 13, got 14"]),
    (output(#""video": {"codec": "h264", "threads": 0}"#), ["output.video.threads: must be between 1 and 16, got 0"]),
    (output(#""video": {"codec": "hevc", "threads": 17}"#), ["output.video.threads: must be between 1 and 16, got 17"]),
    (output(#""video": {"codec": "av1", "lossless": true}"#), ["output.video.lossless: av1 takes crf only (SVT-AV1 has no lossless mode Reel uses)"]),
    (output(#""video": {"codec": "hevc", "preset": "fastest"}"#), [#"output.video.preset: unknown x265 preset "fastest"; did you mean "faster"?"#]),
    (output(#""container": "mov", "audio": {"codec": "flac"}"#),
     ["output.container: flac audio needs one of the containers mp4 or mkv, got mov, which takes aac, pcm, ac3 or eac3 audio"]),
    (output(#""container": "m4v", "audio": {"codec": "ac3"}"#),
     ["output.container: ac3 audio needs one of the containers mp4, mov or mkv, got m4v, which takes aac audio"]),
    (output(#""audio": {"codec": "opus", "sampleRate": 44100}"#),
     ["output.audio.sampleRate: opus audio is delivered at 48000 Hz, not 44100"]),
    (output(#""audio": {"codec": "eac3", "channels": "7.1"}"#),
     ["output.audio.channels: eac3 audio carries mono, stereo or 5.1, not 7.1"]),
    (output(#""audio": {"channels": "5.2"}"#),
     [#"output.audio.channels: unknown channel layout "5.2"; valid layouts are "mono", "stereo", "5.1" or "7.1""#]),
    (F.composition(#""videos": [\#(F.video("a", "0", "1", #""route": "Centre""#))]"#),
     [#"videos[0].route: unknown channel "Centre"; valid channels are L, R, C, LFE, Ls, Rs, Lrs, Rrs, Lss and Rss"#]),
    (F.composition(#""videos": [\#(a1)], "voiceOvers": [{"asset": "vo", "sourceRange": {"start": 0, "duration": 1}, "at": 0, "route": "C"}]"#),
     ["voiceOvers[0].route: channel C is not in the stereo output (L and R)"]),
    (F.composition(#""videos": [\#(a1)], "music": {"asset": "song", "sourceRange": {"start": 0, "duration": 1}, "route": {"map": ["L", "R", "C"]}}, "output": {"audio": {"channels": "5.1"}}"#),
     [#"music.route.map: 3 entries for asset "song" of 2 channels; give one per source channel"#]),
    (F.composition(#""videos": [\#(a1)], "music": {"asset": "song", "sourceRange": {"start": 0, "duration": 1}, "route": {"map": [["L", "Centre"], {"to": "R", "gain": "-1"}]}}"#),
     [#"music.route.map[0][1]: unknown channel "Centre"; valid channels are L, R, C, LFE, Ls, Rs, Lrs, Rrs, Lss and Rss"#,
      "music.route.map[1].gain: must not be negative, got -1"]),
    (output(#""audio": {"channels": 6}"#),
     [#"output.audio.channels: 6 channels is not a layout; give 1, 2 or a layout name: "mono", "stereo", "5.1" or "7.1""#]),
    (output(#""audio": {"sampleRate": 44000}"#),
     ["output.audio.sampleRate: 44000 Hz is not supported; use one of 8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000, 64000, 88200 or 96000"]),
    (output(#""audio": {"loudness": {"integrated": "-80"}}"#),
     ["output.audio.loudness.integrated: an integrated target must be between -70 and 0 LUFS, got -80"]),
    (output(#""audio": {"loudness": {"integrated": -23, "truePeak": "0.5"}}"#),
     ["output.audio.loudness.truePeak: a true-peak ceiling must be between -9 and 0 dBTP, got 0.5"]),
    (output(#""audio": {"loudness": {"integrated": -23, "standard": "r128"}}"#),
     [#"output.audio.loudness.standard: unknown loudness standard "r128"; valid loudness standards are bs1770-4"#]),
    (output(#""audio": {"loudness": {"truePeak": -1}}"#), [#"output.audio.loudness: missing required key "integrated""#]),
    (output(#""audio": {"loudness": {"integrated": -23, "gain": 2}}"#),
     [#"output.audio.loudness.gain: unknown key "gain"; expected "integrated", "truePeak" or "standard""#]),
]

@Suite struct BadCompositionTests {
    @Test(arguments: badCompositions)
    func reportsTheExactProblem(json: String, expected: [String]) {
        #expect(Fixtures.diagnostics(json) == expected)
    }

    @Test func reportsEveryProblemNotJustTheFirst() throws {
        let json = #"""
            {"assets": {"a": "a.mp4", "b": "b.mp4", "gone": "gone.mp4"},
             "videos": [{"asset": "a", "sourceRange": {"start": 0, "duration": 2}, "sped": 2},
                        {"asset": "bb", "sourceRange": {"start": 0, "duration": 2}},
                        {"asset": "b", "sourceRange": {"start": "1.5", "duration": 6}}],
             "transitions": [{"type": "fade", "duration": 1}, {"type": "dissolve", "duration": 3}],
             "titles": [{"timeRange": {"start": 0, "duration": 1}}],
             "output": {"video": {"crf": 99}}}
            """#
        let expected = [
            #"videos[0].sped: unknown key "sped"; did you mean "speed"?"#,
            #"videos[1].asset: unknown asset "bb"; did you mean "b"?"#,
            #"transitions[0].type: unknown transition "fade"; valid transitions are dissolve, push, wipe and cut"#,
            #"titles[0]: a title needs a non-empty "text" or an "image""#,
            "output.video.crf: must be between 0 and 51, got 99",
            #"assets.gone: cannot open "/media/gone.mp4": No such file or directory"#,
            #"videos[2].sourceRange: ends at 7.5 s but asset "b" lasts 6.0 s"#,
        ]
        #expect(Fixtures.diagnostics(json) == expected)
        let error = try #require(throws: CompositionLoadError.self) { try Fixtures.load(json) }
        #expect(error.description == expected.joined(separator: "\n"))
    }

    @Test func aValidCompositionHasNoDiagnostics() {
        #expect(Fixtures.diagnostics(F.composition(#""videos": [\#(a5), \#(b2)], "transitions": [{"type": "dissolve", "duration": 2}]"#)) == [])
    }
}
