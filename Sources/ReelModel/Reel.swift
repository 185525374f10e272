/// Version constants.
public enum Reel {
    /// The program version.
    public static let version = "0.1.0"
    /// Goes into every content hash: bump it when rendering changes pixels or samples.
    public static let rendererVersion = "reel-render-2"
    /// Goes into the content hash of every plan on the deep (16-bit) picture path, after `rendererVersion`: bump it
    /// when only the deep path's pixels change, so the 8-bit path's parts keep their hashes and stay reusable.
    /// 2: the deep path's own 4:2:0 chroma resampling and the light table's dark end (stop 38).
    public static let deepPathVersion = "reel-deep-2"
}
