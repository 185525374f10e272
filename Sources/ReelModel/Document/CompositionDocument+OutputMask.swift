/// Decoding of `output.mask` and `output.background`.
extension CompositionDocument {
    static func decodeFrameShape(_ f: JSONFields, into out: inout OutputEntry) {
        if let m = f.object("mask", keys: maskKeys, required: ["shape"]), let mask = decodeMask(m) { out.mask = mask }
        if let color = f.read("background", parseColor) {
            if color.a != 255 {
                f.log.add(f.path("background"), "must be opaque (\"#RRGGBB\" or alpha FF): the output has no alpha")
            } else {
                out.background = color
            }
        }
    }
}
