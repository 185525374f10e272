#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

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
                let w = sceneWeights
                for k in 0..<quads {
                    let o = k &* 16
                    var vr = r.loadUnaligned(fromByteOffset: o, as: V.self)
                    var vg = g.loadUnaligned(fromByteOffset: o, as: V.self)
                    var vb = b.loadUnaligned(fromByteOffset: o, as: V.self)
                    if let scene {
                        let gain = Self.light(scene, w.r * vr + w.g * vg + w.b * vb)
                        vr *= gain; vg *= gain; vb *= gain
                    }
                    if let m = gamut {
                        let (rr, gg, bb) = (vr, vg, vb)
                        vr = m.m0 * rr + m.m1 * gg + m.m2 * bb
                        vg = m.m3 * rr + m.m4 * gg + m.m5 * bb
                        vb = m.m6 * rr + m.m7 * gg + m.m8 * bb
                    }
                    if let tone, let gain = Self.gain(tone, vr, vg, vb) {
                        vr *= gain; vg *= gain; vb *= gain
                    }
                    r.storeBytes(of: vr, toByteOffset: o, as: V.self)
                    g.storeBytes(of: vg, toByteOffset: o, as: V.self)
                    b.storeBytes(of: vb, toByteOffset: o, as: V.self)
                }
            }
            if let display {
                let w = displayWeights
                for k in 0..<quads {
                    let o = k &* 16
                    let vr = r.loadUnaligned(fromByteOffset: o, as: V.self)
                    let vg = g.loadUnaligned(fromByteOffset: o, as: V.self)
                    let vb = b.loadUnaligned(fromByteOffset: o, as: V.self)
                    let k = Self.light(display, w.r * vr + w.g * vg + w.b * vb)
                    r.storeBytes(of: vr * k, toByteOffset: o, as: V.self)
                    g.storeBytes(of: vg * k, toByteOffset: o, as: V.self)
                    b.storeBytes(of: vb * k, toByteOffset: o, as: V.self)
                }
            }
            let fromLinear = fromLinear
            for k in 0..<quads {
                let o = k &* 16
                r.storeBytes(of: Self.light(fromLinear, r.loadUnaligned(fromByteOffset: o, as: V.self)), toByteOffset: o, as: V.self)
                g.storeBytes(of: Self.light(fromLinear, g.loadUnaligned(fromByteOffset: o, as: V.self)), toByteOffset: o, as: V.self)
                b.storeBytes(of: Self.light(fromLinear, b.loadUnaligned(fromByteOffset: o, as: V.self)), toByteOffset: o, as: V.self)
            }
        }

        /// `CodeTable.read` on four lanes.
        @inline(__always)
        static func code(_ table: UnsafePointer<Float>, _ x: V) -> V {
            let q = (x - CodeTable.low) * CodeTable.scale
            let p = larger(V(repeating: 0), smaller(q, V(repeating: Float(CodeTable.count - 1))))
            let (i, whole) = Self.truncate(p)
            let (a, b) = gather(table, i)
            return a + (b - a) * (p - whole)
        }

        /// `LightTable.read` on four lanes.
        @inline(__always)
        static func light(_ table: UnsafePointer<Float>, _ x: V) -> V {
            let c = smaller(larger(V(repeating: LightTable.low), x), V(repeating: LightTable.top))
            let bits = unsafeBitCast(c, to: SIMD4<Int32>.self) &- Int32(bitPattern: LightTable.base)
            let i = bits &>> Int32(LightTable.mantissaShift)
            let frac = V(bits & Int32(LightTable.mantissaMask)) * (1 / Float(1 << LightTable.mantissaShift))
            let (a, b) = gather(table, i)
            return a + (b - a) * frac
        }

        /// `ToneCurve.gain` on four lanes, or nil where every lane is at or below the knee (its gain is exactly 1
        /// there): a quad of pictures' darker parts skips the division.
        @inline(__always)
        static func gain(_ t: ToneCurve, _ r: V, _ g: V, _ b: V) -> V? {
            let sig = larger(larger(r, g), larger(b, V(repeating: 1e-6))) * t.toOutput
            guard any(sig .> t.knee) else { return nil }
            let rolled = t.c * (sig + t.a) / ((sig + t.b) * sig)
            return rolled.replacing(with: V(repeating: 1), where: sig .<= t.knee)
        }

        /// `a > b ? a : b` in each lane: SSE's `maxps`, one instruction (Swift's `max` is another select).
        @inline(__always)
        static func larger(_ a: V, _ b: V) -> V {
            #if arch(x86_64)
            _mm_max_ps(a, b)
            #else
            b.replacing(with: a, where: a .> b)
            #endif
        }

        /// `a < b ? a : b` in each lane: SSE's `minps`.
        @inline(__always)
        static func smaller(_ a: V, _ b: V) -> V {
            #if arch(x86_64)
            _mm_min_ps(a, b)
            #else
            b.replacing(with: a, where: a .< b)
            #endif
        }

        /// Lanes already in 0…65535 truncated toward zero, as `Int(p)` does, as integers and as floats.
        @inline(__always)
        static func truncate(_ p: V) -> (SIMD4<Int32>, V) {
            #if arch(x86_64)
            // SSE2's truncating conversion, one instruction each way (Swift's own reaches it only lane by lane).
            let i = _mm_cvttps_epi32(p)
            return (unsafeBitCast(i, to: SIMD4<Int32>.self), _mm_cvtepi32_ps(i))
            #else
            // Adding 2²³ rounds to the nearest integer (ties to even), one less where that went up, and the
            // float's pattern then holds the integer.
            let magic = V(repeating: 8_388_608)
            let rounded = (p + magic) - magic
            let whole = rounded - V(repeating: 1).replacing(with: 0, where: .!(rounded .> p))
            let pattern = unsafeBitCast(whole + magic, to: SIMD4<Int32>.self)
            return (pattern &- magic[0].bitPattern.toInt32, whole)
            #endif
        }

        /// `table[i]` and `table[i + 1]` for each lane (every `i` is non-negative).
        @inline(__always)
        static func gather(_ t: UnsafePointer<Float>, _ i: SIMD4<Int32>) -> (V, V) {
            #if arch(x86_64)
            // Two indices per 64-bit move out of the vector register, each neighbour pair in one 8-byte load, and
            // four shuffles that sort the pairs into `table[i]` and `table[i + 1]`. Written as integer unpacks: as
            // float shuffles LLVM rewrote them into six (HLG → SDR 17.1 → 16.3 ms a 1080p frame with these).
            let v = unsafeBitCast(i, to: __m128i.self)
            let low = UInt64(bitPattern: _mm_cvtsi128_si64(v))
            let high = UInt64(bitPattern: _mm_cvtsi128_si64(_mm_unpackhi_epi64(v, v)))
            func pair(_ index: UInt64) -> __m128i {
                _mm_loadl_epi64(UnsafeRawPointer(t + Int(truncatingIfNeeded: index & 0xFFFF_FFFF))
                    .assumingMemoryBound(to: __m128i.self))
            }
            let p01 = _mm_unpacklo_epi32(pair(low), pair(low >> 32)), p23 = _mm_unpacklo_epi32(pair(high), pair(high >> 32))
            return (_mm_castsi128_ps(_mm_unpacklo_epi64(p01, p23)), _mm_castsi128_ps(_mm_unpackhi_epi64(p01, p23)))
            #else
            let (i0, i1, i2, i3) = (Int(i[0]), Int(i[1]), Int(i[2]), Int(i[3]))
            return (V(t[i0], t[i1], t[i2], t[i3]), V(t[i0 + 1], t[i1 + 1], t[i2 + 1], t[i3 + 1]))
            #endif
        }
    }
}

private extension UInt32 {
    var toInt32: Int32 { Int32(bitPattern: self) }
}
