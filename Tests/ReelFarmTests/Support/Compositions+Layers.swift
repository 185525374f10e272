import Foundation

extension Compositions {
    /// `rich`'s timeline (same clips, transitions and audio) with every layer key on the clips:
    /// A zooms and turns with an in-out ease and fades in; B is circle-masked and moves (a component
    /// left out holds); C (speed 2) turns by exactly 90° at half size with a crop; D has an anchor,
    /// a rounded-rect mask and fades out. The output has a rounded-rect mask over a cream background, and a watermark when one is given. An overlay track holds a moving, turning, masked picture-in-picture (0.7–2.2 s) and a still corner one (4–6 s). The dissolve, push and wipe all have layered sides.
    static func layered(_ media: SharedClips, rate: OutputRate = .thirty, watermark: URL? = nil) -> String {
        let c = media.clips
        let a = #", "transform": [ { "time": "0", "value": { "scale": "1", "rotation": "0" } }, "#
            + #"{ "time": "2.5", "value": { "scale": "1.3", "rotation": "7" }, "ease": "in-out" } ], "#
            + #""opacity": [ { "time": "0", "value": "0.4" }, { "time": "1", "value": "1" } ]"#
        let b = #", "mask": { "shape": "circle", "radius": "0.9", "feather": "3" }, "#
            + #""transform": [ { "time": "0", "value": { "position": { "x": "0.4", "y": "0.5" }, "scale": "0.8" } }, "#
            + #"{ "time": "1", "value": { "scale": "0.6" } }, "#
            + #"{ "time": "2", "value": { "position": { "x": "0.6", "y": "0.45" } }, "ease": "in-out" } ]"#
        let cc = #", "transform": [ { "time": "0", "value": { "rotation": "90", "scale": "0.5", "#
            + #""crop": { "x": "0.1", "y": "0", "width": "0.8", "height": "1" } } } ]"#
        let d = #", "mask": { "shape": "rounded-rect", "radius": "0.3" }, "#
            + #""transform": [ { "time": "0", "value": { "anchor": { "x": "0", "y": "0" }, "position": { "x": "0.1", "y": "0.1" }, "scale": "0.7" } } ], "#
            + #""opacity": [ { "time": "1", "value": "1" }, { "time": "2", "value": "0.2", "ease": "in-out" } ]"#
        return """
        {
          \(Rendering.assets([("a", c[0]), ("b", c[1]), ("c", c[2]), ("d", c[3])])),
          \(watermark.map { #""watermark": { "image": "\#($0.path)", "position": "bottom-right", "opacity": "0.6", "scale": "0.25" },"# } ?? "")
          "videos": [
            \(Rendering.clip("a", duration: "2.5", extra: a)),
            \(Rendering.clip("b", start: "0.5", duration: "2", extra: b)),
            \(Rendering.clip("c", duration: "3", speed: "2", extra: cc)),
            \(Rendering.clip("d", start: "0.25", duration: "2", extra: d))
          ],
          "overlays": [ [
            { "asset": "b", "sourceRange": { "start": "0", "duration": "1.5" }, "at": "0.7", "audio": false,
              "transform": [ { "time": "0", "value": { "scale": "0.3", "position": { "x": "0.8", "y": "0.25" } } },
                             { "time": "1.5", "value": { "position": { "x": "0.25", "y": "0.3" }, "rotation": "-20" }, "ease": "in-out" } ],
              "mask": { "shape": "rounded-rect", "radius": "0.2" } },
            { "asset": "a", "sourceRange": { "start": "1", "duration": "2" }, "at": "4", "audio": false,
              "transform": [ { "time": "0", "value": { "scale": "0.25", "position": { "x": "0.85", "y": "0.2" } } } ] }
          ] ],
          "transitions": [
            \(Rendering.transition("dissolve", "0.5")), \(Rendering.transition("push", "0.5")),
            \(Rendering.transition("wipe", "0.4"))
          ],
          \(Rendering.output(width: 160, height: 90, fps: rate.fps,
                             extra: #", "audio": { "sampleRate": \#(rate.sampleRate), "channels": 2 }, "#
                                + ##""mask": { "shape": "rounded-rect", "radius": "0.5", "feather": "2" }, "background": "#F0E0C0""##))
        }
        """
    }
}
