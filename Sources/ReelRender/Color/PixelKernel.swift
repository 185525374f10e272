import ReelMedia

/// A `ColorTransform`'s per-pixel loops: every constant in a local `Float` and every table behind a raw pointer,
/// so nothing is allocated or checked per sample. A row is converted one step at a time through three float
/// rows (R, G, B), so the arithmetic steps vectorise and only the table reads run a sample at a time. The kernel
/// borrows the transform's tables: it lives only inside `ColorTransform.apply`, which keeps the transform alive.
struct PixelKernel {
    struct Planes {
        let y: UnsafePointer<UInt16>, u: UnsafePointer<UInt16>, v: UnsafePointer<UInt16>
        let oy: UnsafeMutablePointer<UInt16>, ou: UnsafeMutablePointer<UInt16>, ov: UnsafeMutablePointer<UInt16>
    }

    /// One row of R, G and B in floats, reused for every row of a frame.
    struct Rows {
        let r: UnsafeMutablePointer<Float>, g: UnsafeMutablePointer<Float>, b: UnsafeMutablePointer<Float>

        init(r: UnsafeMutablePointer<Float>, g: UnsafeMutablePointer<Float>, b: UnsafeMutablePointer<Float>) {
            (self.r, self.g, self.b) = (r, g, b)
        }

        init(width: Int) {
            r = .allocate(capacity: width)
            g = .allocate(capacity: width)
            b = .allocate(capacity: width)
        }

        func free() {
            r.deallocate()
            g.deallocate()
            b.deallocate()
        }
    }

    let d: YCbCrCoding.Decode
    let e: YCbCrCoding.Encode
    let path: LightPath?
    let gamut: Matrix3F?

    init(_ t: ColorTransform) {
        d = t.decode
        e = t.encode
        path = t.light
        gamut = t.light?.gamut.map(Matrix3F.init)
    }

    /// Converts `count` samples from `start`: the matrices one sample at a time (loops the compiler vectorises),
    /// the linear-light steps between them four at a time (`Lanes`) and the last `count % 4` one at a time. Lanes
    /// and single samples give the same bits: the same IEEE operations in the same order (`PixelKernelLanesTests`).
    func run(_ p: Planes, from start: Int, count n: Int, rows: Rows) {
        let r = rows.r, g = rows.g, b = rows.b
        for x in 0..<n {
            let i = start &+ x
            let yn = (Float(p.y[i]) - d.yo) * d.yk, cb = Float(p.u[i]) - 32768, cr = Float(p.v[i]) - 32768
            r[x] = yn + d.rv * cr
            g[x] = yn + d.gu * cb + d.gv * cr
            b[x] = yn + d.bu * cb
        }
        if let path {
            let lanes = n & ~3
            if lanes > 0 { Lanes(path: path, gamut: gamut).run(rows, count: lanes) }
            if lanes < n { lightScalar(path, from: lanes, to: n, rows) }
        }
        for x in 0..<n {
            let i = start &+ x, luma = e.kr * r[x] + e.kg * g[x] + e.kb * b[x]
            p.oy[i] = Self.code(e.yo + e.ys * luma)
            p.ou[i] = Self.code(32768 + e.u * (b[x] - luma))
            p.ov[i] = Self.code(32768 + e.v * (r[x] - luma))
        }
    }

    /// Steps 2 to 7 one sample at a time, for the samples from `start` to `end` of the row.
    private func lightScalar(_ path: LightPath, from start: Int, to end: Int, _ rows: Rows) {
        let r = rows.r + start, g = rows.g + start, b = rows.b + start, n = end - start
        let toLinear = path.toLinear.samples.base
        for x in 0..<n {
            r[x] = CodeTable.read(toLinear, r[x])
            g[x] = CodeTable.read(toLinear, g[x])
            b[x] = CodeTable.read(toLinear, b[x])
        }
        let shifted = Rows(r: r, g: g, b: b)
        if let scene = path.sceneGain?.samples.base { Self.scale(shifted, n, scene, path.sceneWeights) }
        if let m = gamut {
            for x in 0..<n {
                let (rr, gg, bb) = (r[x], g[x], b[x])
                r[x] = m.m0 * rr + m.m1 * gg + m.m2 * bb
                g[x] = m.m3 * rr + m.m4 * gg + m.m5 * bb
                b[x] = m.m6 * rr + m.m7 * gg + m.m8 * bb
            }
        }
        if let tone = path.tone {
            for x in 0..<n {
                let k = tone.gain(r[x], g[x], b[x])
                r[x] *= k; g[x] *= k; b[x] *= k
            }
        }
        if let display = path.displayGain?.samples.base { Self.scale(shifted, n, display, path.displayWeights) }
        let fromLinear = path.fromLinear.samples.base
        for x in 0..<n {
            r[x] = LightTable.read(fromLinear, r[x])
            g[x] = LightTable.read(fromLinear, g[x])
            b[x] = LightTable.read(fromLinear, b[x])
        }
    }

    /// Scales R, G and B by a gain read from `table` at their weighted sum (HLG's OOTF and its inverse).
    private static func scale(_ rows: Rows, _ n: Int, _ table: UnsafePointer<Float>, _ w: (r: Float, g: Float, b: Float)) {
        let r = rows.r, g = rows.g, b = rows.b
        for x in 0..<n {
            let k = LightTable.read(table, w.r * r[x] + w.g * g[x] + w.b * b[x])
            r[x] *= k; g[x] *= k; b[x] *= k
        }
    }

    /// `a > b ? a : b`, as SSE's `maxps` picks (its first operand where the comparison holds, so a NaN in `a` gives
    /// `b`): the one-sample reads and curves write their clamps with these so that `Lanes`, which uses `maxps` and
    /// `minps`, gives the same bits.
    @inline(__always)
    static func larger(_ a: Float, _ b: Float) -> Float { a > b ? a : b }

    /// `a < b ? a : b`, as SSE's `minps` picks.
    @inline(__always)
    static func smaller(_ a: Float, _ b: Float) -> Float { a < b ? a : b }

    /// Rounded to nearest (ties to even) and clamped to the 16-bit scale; NaN reads as 0 (`x > 0` is false for it).
    /// Adding 2²³ puts the value where a float's spacing is 1, so the hardware rounds it and the low 16 bits of the
    /// pattern are the code: no trapping conversion, so the loop vectorises.
    @inline(__always)
    private static func code(_ x: Float) -> UInt16 {
        UInt16(truncatingIfNeeded: ((x > 0 ? min(x, 65535) : 0) + 8_388_608).bitPattern)
    }
}

/// A gamut matrix as nine `Float`s the loop keeps in registers.
struct Matrix3F {
    let m0: Float, m1: Float, m2: Float, m3: Float, m4: Float, m5: Float, m6: Float, m7: Float, m8: Float

    init(_ m: [Float]) {
        (m0, m1, m2, m3, m4, m5, m6, m7, m8) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
    }
}
