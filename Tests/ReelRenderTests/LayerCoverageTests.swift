import ReelMedia
import ReelModel
@testable import ReelRender
import Testing

/// A layer that paints every pixel from its own samples (opaque, unmasked, every pixel's taps inside the crop: a
/// full-frame Ken Burns move) is the compositor's base: nothing below it is drawn and the frame is not painted
/// black first. What it draws must not depend on what the output held, and a layer that leaves any pixel to
/// what lies below (a corner uncovered, a mask, a fade, a crop) must not count.
@Suite struct LayerCoverageTests {
    static let (width, height) = (96, 64)

    /// A picture with a different value at every sample, so a tap from the wrong place shows.
    static func picture<P: PlanarPicture>(_: P.Type) -> P {
        let cw = P.chromaSize(width), ch = P.chromaSize(height)
        func plane(_ n: Int, _ seed: Int) -> [P.Sample] {
            (0..<n).map { P.Sample(truncatingIfNeeded: ((($0 &* 2654435761) >> 7) &+ seed) << P.sampleShift) }
        }
        return P(width: width, height: height, y: plane(width * height, 3), u: plane(cw * ch, 5), v: plane(cw * ch, 9))
    }

    static func state(scale: Double, rotation: Double) -> LayerState {
        var s = LayerState()
        s.scale = scale
        s.rotation = rotation
        return s
    }

    @Test func kenBurnsMoveCoversTheFrame() {
        for frame in [Self.picture(PlanarFrame.self)] {
            let moved = LayerPicture(frame: frame, state: Self.state(scale: 1.1, rotation: 2))
            #expect(moved.paintsEveryPixel, "scale 1.1, 2°: every pixel's taps lie inside the picture")
            #expect(CompositorLayer.layer(moved).isOpaque)
        }
        let deep = LayerPicture(frame: Self.picture(DeepFrame.self), state: Self.state(scale: 1.1, rotation: 2))
        #expect(deep.paintsEveryPixel)
    }

    @Test func layersThatLeaveSomethingBelowDoNot() {
        let frame = Self.picture(PlanarFrame.self)
        var faded = Self.state(scale: 1.1, rotation: 2)
        faded.opacity = 0.99
        var cropped = Self.state(scale: 1.1, rotation: 0)
        cropped.crop = (x: 0.2, y: 0, width: 0.8, height: 1)
        let cases: [(String, LayerPicture<PlanarFrame>)] = [
            ("turned at scale 1: corners uncovered", LayerPicture(frame: frame, state: Self.state(scale: 1, rotation: 5))),
            ("scale 0.9", LayerPicture(frame: frame, state: Self.state(scale: 0.9, rotation: 0))),
            ("opacity 0.99", LayerPicture(frame: frame, state: faded)),
            ("cropped to the right 80 %", LayerPicture(frame: frame, state: cropped)),
            ("masked", LayerPicture(frame: frame, state: Self.state(scale: 1.1, rotation: 2),
                                    mask: MaskPlanes(Mask(shape: .rect), width: Self.width, height: Self.height))),
        ]
        for (name, layer) in cases {
            #expect(!layer.paintsEveryPixel, "\(name) leaves pixels to what lies below")
            #expect(!CompositorLayer.layer(layer).isOpaque, "\(name)")
        }
    }

    /// The output's earlier content never reaches a frame: composited into a frame full of other values, the move
    /// gives what it gives over black, and a layer stacked under it changes nothing.
    @Test func coveredFrameIgnoresWhatWasThere() {
        for rotation in [2.0, -3.5, 0.0] {
            let layer = CompositorLayer<PlanarFrame>.layer(LayerPicture(frame: Self.picture(PlanarFrame.self),
                                                                        state: Self.state(scale: 1.15, rotation: rotation)))
            let overBlack = Compositor.composite([layer], width: Self.width, height: Self.height)
            var used = PlanarFrame(width: Self.width, height: Self.height, y: 200, u: 30, v: 220)
            Compositor.composite([.frame(PlanarFrame(width: Self.width, height: Self.height, y: 90)), layer], into: &used)
            #expect(used == overBlack, "rotation \(rotation)°: the covered frame kept something of the output or the layer below")
        }
    }
}
