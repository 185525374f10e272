/// Reduces 16-bit `DeepFrame` samples to 8 or 10 bits with an ordered dither, so a smooth 10-bit (or deeper)
/// gradient in an 8-bit output shows no bands.
///
/// The method (docs/colour.md): a sample `s` becomes `(s + T) >> k`, clamped to the depth's top code, where
/// `k = 16 − bits` and `T` is the 8×8 Bayer threshold of the pixel, `T = (t + ½)·2^k / 64` for `t` in 0…63. Over
/// any 8×8 tile the codes average to the sample's exact value (to 1/64 of a code), a sample already on the output's
/// grid (an 8-bit source's `s << 8`) is never moved, and nothing is random. The pattern is shifted, per plane and per
/// frame, by an offset hashed from the plane and the frame's index in the programme, so the pattern does not sit
/// still under moving pictures. It depends on nothing else (not on the segment), so a picture
/// quantized in segment 3 of 7 has the same bytes as in a one-segment render.
public struct Quantizer: Sendable, Hashable {
    /// The output depth: 8 or 10.
    public let bits: Int

    /// - Parameter bits: the output depth, 8 or 10.
    public init(bits: Int) {
        precondition(bits == 8 || bits == 10, "Reel quantizes to 8 or 10 bits, not \(bits)")
        self.bits = bits
    }

    /// 8×8 Bayer matrix, row-major: each of 0…63 once, neighbours as far apart in value as they can be.
    static let bayer: [Int] = {
        var m = [0]
        var n = 1
        while n < 8 {
            var next = [Int](repeating: 0, count: 4 * n * n)
            for y in 0..<n {
                for x in 0..<n {
                    let v = 4 * m[y * n + x]
                    next[y * 2 * n + x] = v
                    next[y * 2 * n + x + n] = v + 2
                    next[(y + n) * 2 * n + x] = v + 3
                    next[(y + n) * 2 * n + x + n] = v + 1
                }
            }
            m = next
            n *= 2
        }
        return m
    }()

    /// One plane at `bits` depth (codes 0…2^bits − 1), in a `UInt16` each.
    /// - Parameters:
    ///   - samples: the plane, `width × height` 16-bit samples.
    ///   - plane: 0 for Y, 1 for Cb, 2 for Cr (each plane gets its own pattern offset).
    ///   - programmeFrame: the frame's index in the whole programme, never within a segment.
    public func quantize(_ samples: [UInt16], width: Int, height: Int, plane: Int, programmeFrame: Int64) -> [UInt16] {
        var out = [UInt16](repeating: 0, count: samples.count)
        out.withUnsafeMutableBufferPointer {
            run(samples, width: width, height: height, plane: plane, programmeFrame: programmeFrame, into: $0)
        }
        return out
    }

    /// One plane at 8 bits (`bits` must be 8).
    public func quantize8(_ samples: [UInt16], width: Int, height: Int, plane: Int, programmeFrame: Int64) -> [UInt8] {
        precondition(bits == 8, "quantize8 of a \(bits)-bit quantizer")
        var out = [UInt8](repeating: 0, count: samples.count)
        out.withUnsafeMutableBufferPointer {
            run(samples, width: width, height: height, plane: plane, programmeFrame: programmeFrame, into: $0)
        }
        return out
    }

    private func run<Code: FixedWidthInteger & UnsignedInteger>(
        _ samples: [UInt16], width: Int, height: Int, plane: Int, programmeFrame: Int64,
        into out: UnsafeMutableBufferPointer<Code>
    ) {
        precondition(samples.count == width * height, "plane of \(samples.count) samples is not \(width)x\(height)")
        var rows = [UInt16](repeating: 0, count: 8 * width)
        rows.withUnsafeMutableBufferPointer { thresholdRows(plane: plane, programmeFrame: programmeFrame, into: $0) }
        rows.withUnsafeBufferPointer { t in
            samples.withUnsafeBufferPointer { s in
                for y in 0..<height {
                    Self.row(s.baseAddress! + y * width, t.baseAddress! + (y & 7) * width, count: width,
                             bits: bits, into: out.baseAddress! + y * width)
                }
            }
        }
    }

    /// The thresholds of one plane of one programme frame as eight rows of `rows.count / 8` samples: row `y & 7`
    /// of the buffer is what picture row `y` adds before the shift (the pattern's offset already applied).
    public func thresholdRows(plane: Int, programmeFrame: Int64, into rows: UnsafeMutableBufferPointer<UInt16>) {
        precondition(rows.count % 8 == 0, "threshold rows of \(rows.count) samples")
        let width = rows.count / 8, shift = 16 - bits
        let (dx, dy) = Self.offset(plane: plane, programmeFrame: programmeFrame)
        for r in 0..<8 {
            let pattern = ((r + dy) & 7) * 8
            for x in 0..<width {
                rows[r * width + x] = UInt16((2 * Self.bayer[pattern + ((x + dx) & 7)] + 1) << shift / 128)
            }
        }
    }

    /// Rounding to nearest at `bits` expressed as threshold rows: every threshold is half a code, so `row` rounds
    /// (ties up) where the dithered rows dither. One kernel for both.
    public static func roundingRows(bits: Int, into rows: UnsafeMutableBufferPointer<UInt16>) {
        rows.update(repeating: UInt16(1 << (15 - bits)))
    }

    /// One row: `out[x] = min((s[x] + t[x]) >> (16 − bits), 2^bits − 1)`. Contiguous loads and stores only, so the
    /// loop vectorises; the caller picks the threshold row.
    @inline(__always)
    public static func row<Code: FixedWidthInteger & UnsignedInteger>(
        _ s: UnsafePointer<UInt16>, _ t: UnsafePointer<UInt16>, count: Int, bits: Int, into out: UnsafeMutablePointer<Code>
    ) {
        let shift = UInt32(16 - bits), top = UInt32((1 << bits) - 1)
        for x in 0..<count {
            out[x] = Code(truncatingIfNeeded: code(UInt32(s[x]), t[x], shift: shift, top: top))
        }
    }

    /// One sample: `min((s + t) >> shift, top)`, for a 16-bit sample `s` (or the mean of several) and threshold `t`.
    @inline(__always)
    static func code(_ s: UInt32, _ t: UInt16, shift: UInt32, top: UInt32) -> UInt32 {
        min((s &+ UInt32(t)) &>> shift, top)
    }

    /// The pattern's offset for one plane of one programme frame (SplitMix64's finaliser of both).
    static func offset(plane: Int, programmeFrame: Int64) -> (x: Int, y: Int) {
        var z = UInt64(bitPattern: programmeFrame) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(plane) &* 0xD1B5_4A32_D192_ED03
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return (Int(z & 7), Int((z >> 3) & 7))
    }
}
