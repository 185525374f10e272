import ReelMedia
import ReelModel

/// One track's contribution to an output frame, for `Compositor`, on pictures of type `Picture`
/// (`PlanarFrame` on the 8-bit path, `DeepFrame` on the high-precision one).
///
/// Layers are listed bottom → top. A track that shows nothing at this frame (a gap) contributes no
/// layer: gaps are transparent. Every frame a layer carries must have the output's width and height.
public enum CompositorLayer<Picture: PlanarPicture>: Sendable, Hashable {
    /// An opaque full-frame picture: it replaces everything below it.
    case frame(Picture)

    /// A transition between two items of one track at `progress` (0 at the transition's first frame,
    /// `j/n` at frame `j` of `n`; clamped to 0…1). A nil side is transparent: the layers below show
    /// through where that side would be (black when there is nothing below).
    case transition(kind: TransitionKind, outgoing: Picture?, incoming: Picture?, progress: Rational)

    /// A clip with layer keys (transform, opacity, mask), drawn over the layers below.
    case layer(LayerPicture<Picture>)

    /// Whether this layer covers every pixel, so nothing below it can show.
    var isOpaque: Bool {
        switch self {
        case .frame: return true
        case let .transition(kind, outgoing, incoming, _):
            return kind == .cut ? incoming != nil : (outgoing != nil && incoming != nil)
        case .layer(let picture):
            return picture.isPlain || picture.paintsEveryPixel
        }
    }
}
