import ReelMedia

extension ColorTransform {
    /// `frame` in the output's colour.
    public func apply(_ frame: DeepFrame) -> DeepFrame {
        var out = DeepFrame(width: frame.width, height: frame.height)
        apply(frame, into: &out)
        return out
    }

    /// Writes `frame` in the output's colour into `out`, which must have the same size (so a caller can reuse
    /// one frame's planes for every frame of a source).
    public func apply(_ frame: DeepFrame, into out: inout DeepFrame) {
        precondition(out.width == frame.width && out.height == frame.height,
                     "colour transform of \(frame.width)x\(frame.height) into \(out.width)x\(out.height)")
        let kernel = PixelKernel(self)
        let count = frame.width * frame.height
        frame.y.withUnsafeBufferPointer { y in
            frame.u.withUnsafeBufferPointer { u in
                frame.v.withUnsafeBufferPointer { v in
                    out.y.withUnsafeMutableBufferPointer { oy in
                        out.u.withUnsafeMutableBufferPointer { ou in
                            out.v.withUnsafeMutableBufferPointer { ov in
                                let planes = PixelKernel.Planes(y: y.baseAddress!, u: u.baseAddress!, v: v.baseAddress!,
                                                                oy: oy.baseAddress!, ou: ou.baseAddress!,
                                                                ov: ov.baseAddress!)
                                // Row by row: a row's samples stay in cache through every step.
                                let rows = PixelKernel.Rows(width: max(frame.width, 1))
                                defer { rows.free() }
                                for row in stride(from: 0, to: count, by: max(frame.width, 1)) {
                                    kernel.run(planes, from: row, count: min(frame.width, count - row), rows: rows)
                                }
                            }
                        }
                    }
                }
            }
        }
        withExtendedLifetime(self) {}
    }
}
