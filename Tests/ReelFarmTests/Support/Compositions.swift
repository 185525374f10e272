import Foundation

/// The compositions the tests share.
enum Compositions {
    /// Everything at once, 160x90, 6.6 s (198 frames at 30 fps):
    ///
    ///     A [0, 2.5) ─dissolve 0.5─ B [2.0, 4.0) ─push 0.5─ C (speed 2) [3.5, 5.0) ─wipe 0.4─ D [4.6, 6.6)
    ///     voice-over at 1.2 s (2 s); music from 0 with automation (duck 1→0.3, back, fade out) and ducking
    ///     under the voice-over (0.5, attack 1001/3000 s, release 0.45 s); a title; layer keys (B zooms and turns
    ///     inside a rounded rect, D fades by opacity), an overlay track (a circle-masked picture-in-picture of A
    ///     that moves and turns, [3, 5)), and a rounded-rect output mask over a coloured background
    static func rich(_ media: SharedClips, rate: OutputRate = .thirty) -> String {
        let c = media.clips
        let layerB = #", "volume": "0.8", "transform": [ { "time": "0", "value": { "scale": "0.8", "rotation": "0" } }, "#
            + #"{ "time": "2", "value": { "scale": "1", "rotation": "12" }, "ease": "in-out" } ], "#
            + #""mask": { "shape": "rounded-rect", "radius": "0.2", "feather": "2" }"#
        let layerD = #", "opacity": [ { "time": "0", "value": "1" }, { "time": "2", "value": "0.4" } ]"#
        let outputExtra = #", "audio": { "sampleRate": \#(rate.sampleRate), "channels": 2 }, "#
            + ##""mask": { "shape": "rounded-rect", "radius": "0.1", "feather": "2" }, "background": "#203040""##
        return """
        {
          \(Rendering.assets([("a", c[0]), ("b", c[1]), ("c", c[2]), ("d", c[3]), ("vo", media.voiceOver),
                              ("music", media.music)])),
          "videos": [
            \(Rendering.clip("a", duration: "2.5")),
            \(Rendering.clip("b", start: "0.5", duration: "2", extra: layerB)),
            \(Rendering.clip("c", duration: "3", speed: "2")),
            \(Rendering.clip("d", start: "0.25", duration: "2", extra: layerD))
          ],
          "overlays": [ [ { "asset": "a", "sourceRange": { "start": "0", "duration": "2" }, "at": "3", "audio": false,
                            "transform": [ { "time": "0", "value": { "scale": "0.35", "position": { "x": "0.75", "y": "0.3" } } },
                                           { "time": "2", "value": { "position": { "x": "0.3", "y": "0.3" }, "rotation": "-10" } } ],
                            "mask": { "shape": "circle", "radius": "0.9", "feather": "1" } } ] ],
          "transitions": [
            \(Rendering.transition("dissolve", "0.5")), \(Rendering.transition("push", "0.5")),
            \(Rendering.transition("wipe", "0.4"))
          ],
          "voiceOvers": [ { "asset": "vo", "sourceRange": { "start": "0", "duration": "2" }, "at": "1.2", "volume": "0.9" } ],
          "music": {
            "asset": "music", "sourceRange": { "start": "0", "duration": "7" }, "volume": "0.8",
            "volumeAutomation": [
              { "from": "1", "to": "0.3", "timeRange": { "start": "1", "duration": "0.5" } },
              { "from": "0.3", "to": "1", "timeRange": { "start": "3.2", "end": "3.7" } },
              { "from": "1", "to": "0", "timeRange": { "start": "5.6", "end": "6.6" } }
            ],
            "ducking": { "under": [0], "gain": "0.5", "attack": "1001/3000", "release": "0.45" }
          },
          "titles": [ { "text": "Reel", "size": 30, "position": "center", "timeRange": { "start": "0.5", "duration": "2.5" } } ],
          \(Rendering.output(width: 160, height: 90, fps: rate.fps,
                             extra: outputExtra))
        }
        """
    }

}

/// An output frame rate and sample rate, with the frame and sample counts of `Compositions.rich`
/// (6.6 s) worked out here in plain integers, apart from the model's own arithmetic.
struct OutputRate: Sendable, CustomStringConvertible {
    var fpsNum: Int64, fpsDen: Int64, sampleRate: Int64

    static let thirty = OutputRate(fpsNum: 30, fpsDen: 1, sampleRate: 48000)
    static let ntsc = OutputRate(fpsNum: 30000, fpsDen: 1001, sampleRate: 44100)

    var fps: String { fpsDen == 1 ? "\(fpsNum)" : "\(fpsNum)/\(fpsDen)" }
    var description: String { "\(fps) fps, \(sampleRate) Hz" }
    /// ceil(6.6 s · fps): the frames that start before the end.
    var richFrames: Int64 { (33 * fpsNum + 5 * fpsDen - 1) / (5 * fpsDen) }
    /// S(f) = floor(f · rate · fpsDen / fpsNum).
    func samples(frames: Int64) -> Int64 { frames * sampleRate * fpsDen / fpsNum }
}
