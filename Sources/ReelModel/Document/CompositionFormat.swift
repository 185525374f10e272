/// Names and defaults of the composition JSON format (see docs/composition.md).
public enum CompositionFormat {
    /// The output size when neither `width`/`height` nor `preset` is given: 1280x720.
    static let defaultSize = CompositionDocument.OutputSize.fixed(width: 1280, height: 720)
    /// The output frame rate when none is given: 30 fps.
    public static let defaultFrameRate = try! FrameRate(30)
    /// Output size presets; "highest" means the largest source video after rotation.
    public static let sizePresets: [String: (width: Int, height: Int)] = [
        "640x480": (640, 480), "1280x720": (1280, 720), "1920x1080": (1920, 1080),
    ]
    /// x264 presets, fastest first.
    public static let x264Presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow",
                                     "slower", "veryslow", "placebo"]
    /// The SVT-AV1 preset (0 slowest … 13 fastest) when an av1 output names none.
    public static let svtAV1DefaultPreset = "8"
    /// Audio sample rates the AAC encoder accepts.
    public static let sampleRates: [Int32] = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000,
                                              64000, 88200, 96000]
    /// Named title positions (the centre of the title box, in normalised frame coordinates).
    public static let namedPositions: [String: Point] = [
        "center": point(1, 2, 1, 2), "top": point(1, 2, 1, 10), "bottom": point(1, 2, 9, 10),
        "lower-third": point(1, 2, 4, 5), "upper-third": point(1, 2, 1, 5),
        "top-left": point(1, 5, 1, 10), "top-right": point(4, 5, 1, 10),
        "bottom-left": point(1, 5, 9, 10), "bottom-right": point(4, 5, 9, 10),
    ]
    /// The largest output width or height accepted.
    public static let maxDimension = 8192
    /// The largest output frame rate accepted.
    public static let maxFrameRate = 240

    private static func point(_ xn: Int64, _ xd: Int64, _ yn: Int64, _ yd: Int64) -> Point {
        Point(x: try! Rational(xn, xd), y: try! Rational(yn, yd))
    }
}
