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
        frame.y.withUnsafeBufferPointer { y in
            frame.u.withUnsafeBufferPointer { u in
                frame.v.withUnsafeBufferPointer { v in
                    out.y.withUnsafeMutableBufferPointer { oy in
                        out.u.withUnsafeMutableBufferPointer { ou in
                            out.v.withUnsafeMutableBufferPointer { ov in
                                run(PixelKernel.Planes(y: y.baseAddress!, u: u.baseAddress!, v: v.baseAddress!,
                                                       oy: oy.baseAddress!, ou: ou.baseAddress!, ov: ov.baseAddress!),
                                    width: frame.width, count: frame.width * frame.height)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Converts `frame` into the output's colour in its own planes (the deep path's sources: nothing allocated per
    /// frame). The same values as `apply(_:into:)`: each row is read whole before any of it is written.
    public func apply(inPlace frame: inout DeepFrame) {
        let width = frame.width, count = frame.width * frame.height
        frame.y.withUnsafeMutableBufferPointer { y in
            frame.u.withUnsafeMutableBufferPointer { u in
                frame.v.withUnsafeMutableBufferPointer { v in
                    run(PixelKernel.Planes(y: y.baseAddress!, u: u.baseAddress!, v: v.baseAddress!,
                                           oy: y.baseAddress!, ou: u.baseAddress!, ov: v.baseAddress!),
                        width: width, count: count)
                }
            }
        }
    }

    private func run(_ planes: PixelKernel.Planes, width: Int, count: Int) {
        let kernel = PixelKernel(self)
        // Row by row: a row's samples stay in cache through every step.
        let rows = PixelKernel.Rows(width: max(width, 1))
        defer { rows.free() }
        for row in stride(from: 0, to: count, by: max(width, 1)) {
            kernel.run(planes, from: row, count: min(width, count - row), rows: rows)
        }
        withExtendedLifetime(self) {}
    }
}
