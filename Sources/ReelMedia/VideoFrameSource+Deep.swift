internal import CFFmpeg
import ReelModel

/// The deep path of a source: the same frame choice, seeking and caching as `frame(at:)`, converted by a scaler
/// of its own to a `DeepFrame`, so asking for both kinds of picture never rebuilds either scaler.
extension VideoFrameSource {
    /// The colour of the pictures `deepFrame(at:)` returns, from the stream's tags (untagged fields as
    /// `ColorDescription.assumed(width:height:)` says, by the stored size).
    ///
    /// Matrix, primaries and transfer are the source's. `range` is always `.limited`: full-range sources are
    /// scaled to limited range on the way in (`sourceIsFullRange` says the file was full range).
    /// - Throws: `MediaError.invalidData` naming the file for a matrix, primaries or transfer Reel does not read.
    public var colorDescription: ColorDescription {
        get throws(MediaError) {
            var color = try ColorDescription(parameters: input.stream.pointee.codecpar, path: path)
            color.range = .limited
            return color
        }
    }

    /// Whether the file's pictures are full range (tagged so, or a JPEG pixel format), before scaling.
    public var sourceIsFullRange: Bool { ColorDescription.isFullRange(input.stream.pointee.codecpar) }

    /// The picture showing at `mediaTime` (as `frame(at:)` chooses it) as a 16-bit 4:4:4 `DeepFrame`: yuv444p16
    /// code values of the source's matrix, limited range, fitted with limited-range black bars and rotated and
    /// mirrored like the 8-bit picture. A 10-bit sample `s` of an unscaled plane comes out as `s << 6`.
    /// - Throws: `MediaError` when decoding fails or the stream has no decodable frame.
    ///
    /// With `deepConversion` set, the picture is the converted one (and the cache holds that). The last picture's
    /// planes are written again for the next one when nothing else still holds them (a renderer lets go of a
    /// picture once its frame is composited), so a stream of frames maps no new memory; a picture still held is
    /// left as it is (copy on write) and the next one gets planes of its own.
    public func deepFrame(at mediaTime: RationalTime) throws(MediaError) -> DeepFrame {
        let pts = try showing(at: mediaTime)
        if let c = cachedDeep, c.pts == pts { return c.frame }
        let scaler = deepScaler ?? Scaler(width: width, height: height, rotation: rotation, mirrored: mirrored,
                                          deep: true, path: path)
        deepScaler = scaler
        var reuse = cachedDeep?.frame
        cachedDeep = nil
        var picture = try scaler.convertDeep(current, reusing: &reuse)
        deepConversion?(&picture)
        convertCount += 1
        cachedDeep = (pts, picture)
        return picture
    }
}
