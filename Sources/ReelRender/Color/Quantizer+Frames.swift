import ReelMedia

extension Quantizer {
    /// `frame` dithered to `bits` with the pattern of programme frame `programmeFrame`, every code put back on the
    /// 16-bit scale (`code << (16 − bits)`, the low bits zero), which `VideoPartWriter.append(_: DeepFrame)`'s
    /// rounding passes unchanged.
    public func quantize(_ frame: DeepFrame, programmeFrame: Int64) -> DeepFrame {
        let shift = UInt16(16 - bits)
        func plane(_ samples: [UInt16], _ index: Int) -> [UInt16] {
            var codes = quantize(samples, width: frame.width, height: frame.height, plane: index,
                                 programmeFrame: programmeFrame)
            codes.withUnsafeMutableBufferPointer { for i in $0.indices { $0[i] <<= shift } }
            return codes
        }
        return DeepFrame(width: frame.width, height: frame.height, y: plane(frame.y, 0), u: plane(frame.u, 1),
                         v: plane(frame.v, 2))
    }
}
