/// `PixelKernel`'s linear-light steps four samples at a time: every step of a pixel in `SIMD4<Float>` registers
/// (only the table reads load a lane at a time), so the arithmetic around each of the seven table reads costs a
/// quarter of the one-sample loop's. Each operation is the scalar loop's, lane by lane, in the same order: the
/// results are the same bits (`PixelKernelLanesTests` holds it on random and extreme codes).
extension PixelKernel {
    struct Lanes {
        typealias V = SIMD4<Float>

        let toLinear: UnsafePointer<Float>
        let scene: UnsafePointer<Float>?
        let sceneWeights: (r: Float, g: Float, b: Float)
        let gamut: Matrix3F?
        let tone: ToneCurve?
        let display: UnsafePointer<Float>?
        let displayWeights: (r: Float, g: Float, b: Float)
        let fromLinear: UnsafePointer<Float>

        init(path: LightPath, gamut: Matrix3F?) {
            toLinear = path.toLinear.samples.base
            scene = path.sceneGain?.samples.base
            sceneWeights = path.sceneWeights
            self.gamut = gamut
            tone = path.tone
            display = path.displayGain?.samples.base
            displayWeights = path.displayWeights
            fromLinear = path.fromLinear.samples.base
        }

        /// The first `count` samples of the float rows (a multiple of 4), in place: a few passes, each with one table
        /// read per sample, four samples per iteration. A pass's iterations do not depend on each other, so the
        /// processor overlaps many of them (a table read waits on memory); a pixel carried through all the steps
        /// at once is one long chain of dependent reads that leaves it waiting (measured: 35 → 30 ms per 1080p
        /// HLG → SDR frame). The passes are written out, not passed as closures: the optimiser merged similar
        /// closures into one function called per iteration. Folding the matrices into the first and last passes
        /// was slower (34 ms): the longer body overlaps less.
        func run(_ rows: Rows, count: Int) {
            let r = UnsafeMutableRawPointer(rows.r), g = UnsafeMutableRawPointer(rows.g)
            let b = UnsafeMutableRawPointer(rows.b)
            let quads = count / 4
            let toLinear = toLinear
            for k in 0..<quads {
                let o = k &* 16
                r.storeBytes(of: Self.code(toLinear, r.loadUnaligned(fromByteOffset: o, as: V.self)), toByteOffset: o, as: V.self)
                g.storeBytes(of: Self.code(toLinear, g.loadUnaligned(fromByteOffset: o, as: V.self)), toByteOffset: o, as: V.self)
                b.storeBytes(of: Self.code(toLinear, b.loadUnaligned(fromByteOffset: o, as: V.self)), toByteOffset: o, as: V.self)
            }
            // The scene gain (HLG's OOTF), the gamut and the tone curve: one table read, then arithmetic.
            if scene != nil || gamut != nil || tone != nil {
                let w = sceneWeights, sceneZero = scene.map { V(repeating: $0[LightTable.zeroIndex]) } ?? V()
                for k in 0..<quads {
                    let o = k &* 16
                    var vr = r.loadUnaligned(fromByteOffset: o, as: V.self)
                    var vg = g.loadUnaligned(fromByteOffset: o, as: V.self)
                    var vb = b.loadUnaligned(fromByteOffset: o, as: V.self)
                    if let scene {
                        let gain = Self.light(scene, sceneZero, w.r * vr + w.g * vg + w.b * vb)
                        vr *= gain; vg *= gain; vb *= gain
                    }
                    if let m = gamut {
                        let (rr, gg, bb) = (vr, vg, vb)
                        vr = m.m0 * rr + m.m1 * gg + m.m2 * bb
                        vg = m.m3 * rr + m.m4 * gg + m.m5 * bb
                        vb = m.m6 * rr + m.m7 * gg + m.m8 * bb
                    }
                    if let tone {
                        let gain = Self.gain(tone, vr, vg, vb)
                        vr *= gain; vg *= gain; vb *= gain
                    }
                    r.storeBytes(of: vr, toByteOffset: o, as: V.self)
                    g.storeBytes(of: vg, toByteOffset: o, as: V.self)
                    b.storeBytes(of: vb, toByteOffset: o, as: V.self)
                }
            }
            if let display {
                let w = displayWeights, zero = V(repeating: display[LightTable.zeroIndex])
                for k in 0..<quads {
                    let o = k &* 16
                    let vr = r.loadUnaligned(fromByteOffset: o, as: V.self)
                    let vg = g.loadUnaligned(fromByteOffset: o, as: V.self)
                    let vb = b.loadUnaligned(fromByteOffset: o, as: V.self)
                    let k = Self.light(display, zero, w.r * vr + w.g * vg + w.b * vb)
                    r.storeBytes(of: vr * k, toByteOffset: o, as: V.self)
                    g.storeBytes(of: vg * k, toByteOffset: o, as: V.self)
                    b.storeBytes(of: vb * k, toByteOffset: o, as: V.self)
                }
            }
            let zero = V(repeating: fromLinear[LightTable.zeroIndex]), fromLinear = fromLinear
            for k in 0..<quads {
                let o = k &* 16
                r.storeBytes(of: Self.light(fromLinear, zero, r.loadUnaligned(fromByteOffset: o, as: V.self)), toByteOffset: o, as: V.self)
                g.storeBytes(of: Self.light(fromLinear, zero, g.loadUnaligned(fromByteOffset: o, as: V.self)), toByteOffset: o, as: V.self)
                b.storeBytes(of: Self.light(fromLinear, zero, b.loadUnaligned(fromByteOffset: o, as: V.self)), toByteOffset: o, as: V.self)
            }
        }

        /// `CodeTable.read` on four lanes.
        @inline(__always)
        static func code(_ table: UnsafePointer<Float>, _ x: V) -> V {
            let q = (x - CodeTable.low) * CodeTable.scale
            let top = V(repeating: Float(CodeTable.count - 1))
            // `q > 0 ? min(q, top) : 0`, with Swift's `min` (the second where it is smaller): NaN reads as 0.
            let p = V(repeating: 0).replacing(with: top.replacing(with: q, where: .!(top .< q)), where: q .> 0)
            let (i, whole) = Self.truncate(p)
            let (a, b) = gather(table, i)
            return a + (b - a) * (p - whole)
        }

        /// `LightTable.read` on four lanes; `zero` is the table's value at 0 (`LightTable.zeroIndex`), read once by
        /// the caller.
        @inline(__always)
        static func light(_ table: UnsafePointer<Float>, _ zero: V, _ x: V) -> V {
            let low = V(repeating: LightTable.low)
            // Swift's `max(x, low)` is `low >= x ? low : x`: at least `low`, or NaN. Without the sign bit every
            // pattern is a non-negative Int32 whose order is the float's, and a NaN's lies above `high`'s, as
            // the scalar read's unsigned compare has it.
            let m = x.replacing(with: low, where: low .>= x)
            let pattern = unsafeBitCast(m, to: SIMD4<Int32>.self) & Int32.max
            let top = SIMD4<Int32>(repeating: Int32(bitPattern: LightTable.high.bitPattern &- 1))
            let bits = pattern.replacing(with: top, where: top .< pattern) &- Int32(bitPattern: LightTable.base)
            let i = bits &>> Int32(LightTable.mantissaShift)
            let frac = V(bits & Int32(LightTable.mantissaMask)) * (1 / Float(1 << LightTable.mantissaShift))
            let (a, b) = gather(table, i)
            let zeroV = V(repeating: 0)
            let positive = x.replacing(with: zeroV, where: zeroV .>= x)   // Swift's `max(x, 0)`
            let dark = zero + (a - zero) * (positive * (1 / LightTable.low))
            return (a + (b - a) * frac).replacing(with: dark, where: x .< low)
        }

        /// `ToneCurve.gain` on four lanes.
        @inline(__always)
        static func gain(_ t: ToneCurve, _ r: V, _ g: V, _ b: V) -> V {
            // Swift's `max(a, b)` is `b >= a ? b : a`.
            func maximum(_ a: V, _ b: V) -> V { a.replacing(with: b, where: b .>= a) }
            let sig = maximum(maximum(r, g), maximum(b, V(repeating: 1e-6))) * t.toOutput
            let rolled = t.c * (sig + t.a) / ((sig + t.b) * sig)
            return rolled.replacing(with: V(repeating: 1), where: sig .<= t.knee)
        }

        /// Lanes already in 0…65535 truncated toward zero, as `Int(p)` does, as integers and as floats, without a
        /// conversion instruction (SSE2 has none Swift reaches for four lanes): adding 2²³ rounds to the nearest
        /// integer (ties to even), one less where that went up, and the float's pattern then holds the integer.
        @inline(__always)
        static func truncate(_ p: V) -> (SIMD4<Int32>, V) {
            let magic = V(repeating: 8_388_608)
            let rounded = (p + magic) - magic
            let whole = rounded - V(repeating: 1).replacing(with: 0, where: .!(rounded .> p))
            let pattern = unsafeBitCast(whole + magic, to: SIMD4<Int32>.self)
            return (pattern &- magic[0].bitPattern.toInt32, whole)
        }

        /// `table[i]` and `table[i + 1]` for each lane.
        @inline(__always)
        static func gather(_ t: UnsafePointer<Float>, _ i: SIMD4<Int32>) -> (V, V) {
            let (i0, i1, i2, i3) = (Int(i[0]), Int(i[1]), Int(i[2]), Int(i[3]))
            return (V(t[i0], t[i1], t[i2], t[i3]), V(t[i0 + 1], t[i1 + 1], t[i2 + 1], t[i3 + 1]))
        }
    }
}

private extension UInt32 {
    var toInt32: Int32 { Int32(bitPattern: self) }
}
