/// Version constants.
public enum Reel {
    /// The program version.
    public static let version = "0.1.0"
    /// Goes into every content hash: bump it when rendering changes pixels or samples.
    public static let rendererVersion = "reel-render-2"
}
