internal import CFFmpeg
import ReelModel

/// Decodes the first video stream of a file and returns pictures at the render size.
///
/// `frame(at:)` returns the last source frame whose media time is at or before the requested
/// time, so variable-frame-rate sources hold each frame until the next one; requests before the
/// first frame get the first frame and requests past the end get the last. Media time is
/// `pts × time_base − origin`, where the origin is the video stream's `start_time` (MPEG-TS
/// sources start near 1.4 s; their first frame is at media time 0). MP4 edit lists apply.
///
/// Pictures are yuv420p, BT.709 limited range, aspect-fitted with black bars (`ScalerFit` documents
/// the rounding) and rotated clockwise by the display matrix's rotation, as a player would show them.
///
/// `deepFrame(at:)` gives the same pictures as `DeepFrame`s (16-bit 4:4:4, the source's own matrix; see
/// `VideoFrameSource+Deep`), for the high-precision path.
///
/// Requests are expected in increasing time order: the source then decodes forward without
/// seeking. It seeks only when a request goes backwards or lies beyond the next keyframe. The last
/// converted picture is cached, so repeated requests (freeze frames, slow motion) cost nothing.
/// Decoding uses FFmpeg's threads; the result does not depend on them or on the request history.
///
/// Not thread-safe: create, use and release one source on one thread.
public final class VideoFrameSource {
    /// The file decoded.
    public let path: String
    /// The render size of every returned frame.
    public let width: Int
    public let height: Int
    /// Clockwise rotation applied to the source (0, 90, 180, 270), from its display matrix.
    public let rotation: Int

    let input: DecoderStream
    let scaler: Scaler
    /// The frame `frame(at:)` would return now, and the next decoded one (if read ahead).
    var current = DecoderFrame(), pending = DecoderFrame()
    var currentPTS: Int64? = nil, pendingPTS: Int64? = nil
    /// Whether `current` is the first frame of the stream (nothing comes before it).
    var currentIsFirst = false
    /// Whether decoding restarted at the start of the file (fresh, or a seek there).
    var fromFileStart = true
    var ended = false
    var cached: (pts: Int64, frame: PlanarFrame)? = nil
    /// The deep path's scaler (made on the first `deepFrame(at:)`) and its last picture.
    var deepScaler: Scaler? = nil
    var cachedDeep: (pts: Int64, frame: DeepFrame)? = nil
    /// What `deepFrame(at:)` does to each new picture in place before caching and returning it: the deep path's
    /// colour conversion into the working colour, so a repeated picture (a still, a frozen frame) is converted
    /// once. Set it before the first `deepFrame(at:)`; setting it drops the cached picture.
    public var deepConversion: ((inout DeepFrame) -> Void)? = nil {
        didSet { cachedDeep = nil }
    }
    let mirrored: Bool
    /// Diagnostics for tests: how many seeks, decoded frames and scaled frames so far.
    var seekCount = 0, decodeCount = 0, convertCount = 0

    /// Opens `path`, checked against `rules`, for decoding to `width × height`.
    /// - Throws: `MediaError.fileNotFound`, `.noVideoStream`, `.unsupportedCodec`, `.outsideRoots`, `.changed`,
    ///   or `.ffmpeg` naming the path and FFmpeg's message.
    public init(path: String, rules: InputRules = .anywhere, width: Int, height: Int) throws(MediaError) {
        guard width > 0, height > 0 else {
            throw .invalidData(path: path, message: "render size \(width)x\(height) is not positive")
        }
        self.path = path
        self.width = width
        self.height = height
        input = try DecoderStream(path: path, rules: rules, type: AVMEDIA_TYPE_VIDEO, threaded: true)
        let orientation = ScalerMirror.orientation(of: input.stream)
        rotation = orientation.rotation
        mirrored = orientation.mirrored
        scaler = Scaler(width: width, height: height, rotation: rotation, mirrored: orientation.mirrored, path: path)
    }

    /// The picture showing at `mediaTime`: the last frame whose media time is ≤ `mediaTime`.
    /// - Throws: `MediaError` when decoding fails or the stream has no decodable frame.
    public func frame(at mediaTime: RationalTime) throws(MediaError) -> PlanarFrame {
        let pts = try showing(at: mediaTime)
        if let c = cached, c.pts == pts { return c.frame }
        let picture = try scaler.convert(current)
        convertCount += 1
        cached = (pts, picture)
        return picture
    }

    /// Makes `current` the frame showing at `mediaTime` (both kinds of picture choose alike); returns its pts.
    func showing(at mediaTime: RationalTime) throws(MediaError) -> Int64 {
        try position(at: input.clock.ticks(atOrBefore: mediaTime))
        guard let pts = currentPTS else {
            throw .invalidData(path: path, message: "no decodable video frame")
        }
        return pts
    }

    /// Decodes the next frame into `pending`. - Returns: false at the end of the stream.
    func decodeNext() throws(MediaError) -> Bool {
        guard try input.next(into: pending) else { return false }
        decodeCount += 1
        let fallback = (pendingPTS ?? currentPTS).map { $0 + 1 } ?? 0
        pendingPTS = pending.timestamp ?? fallback
        return true
    }
}
