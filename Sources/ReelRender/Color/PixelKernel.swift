import ReelMedia

/// A `ColorTransform`'s per-pixel loop: every constant in a local `Float` and every table behind a raw pointer,
/// so the loop allocates nothing and checks nothing per sample. It borrows the transform's tables: it lives only
/// inside `ColorTransform.apply`, which keeps the transform alive.
struct PixelKernel {
    struct Planes {
        let y: UnsafePointer<UInt16>, u: UnsafePointer<UInt16>, v: UnsafePointer<UInt16>
        let oy: UnsafeMutablePointer<UInt16>, ou: UnsafeMutablePointer<UInt16>, ov: UnsafeMutablePointer<UInt16>
    }

    let d: YCbCrCoding.Decode
    let e: YCbCrCoding.Encode
    let light: Bool
    let toLinear: UnsafePointer<Float>, fromLinear: UnsafePointer<Float>
    let sceneGain: UnsafePointer<Float>?, displayGain: UnsafePointer<Float>?
    let sw: (r: Float, g: Float, b: Float), dw: (r: Float, g: Float, b: Float)
    let m: [Float]
    let gamut: Bool
    let tone: ToneCurve?

    /// Stands in for the tables of a matrix-only transform, which never reads them.
    private static let noTable = SampleTable([0])

    init(_ t: ColorTransform) {
        d = t.decode
        e = t.encode
        let path = t.light
        light = path != nil
        // A matrix-only transform never reads the tables; any valid pointer stands in.
        let none = Self.noTable.base
        toLinear = path?.toLinear.samples.base ?? none
        fromLinear = path?.fromLinear.samples.base ?? none
        sceneGain = path?.sceneGain?.samples.base
        displayGain = path?.displayGain?.samples.base
        sw = path?.sceneWeights ?? (0, 0, 0)
        dw = path?.displayWeights ?? (0, 0, 0)
        gamut = path?.gamut != nil
        m = path?.gamut ?? [1, 0, 0, 0, 1, 0, 0, 0, 1]
        tone = path?.tone
    }

    func run(_ p: Planes, from start: Int, to end: Int) {
        if light {
            m.withUnsafeBufferPointer { m in
                for i in start..<end { convertLight(p, i, m.baseAddress!) }
            }
        } else {
            for i in start..<end {
                let (r, g, b) = decodePixel(p.y[i], p.u[i], p.v[i])
                store(p, i, r, g, b)
            }
        }
    }

    @inline(__always)
    private func convertLight(_ p: Planes, _ i: Int, _ m: UnsafePointer<Float>) {
        var (r, g, b) = decodePixel(p.y[i], p.u[i], p.v[i])
        r = CodeTable.read(toLinear, r)
        g = CodeTable.read(toLinear, g)
        b = CodeTable.read(toLinear, b)
        if let sceneGain {
            let k = LightTable.read(sceneGain, sw.r * r + sw.g * g + sw.b * b)
            r *= k; g *= k; b *= k
        }
        if gamut {
            (r, g, b) = (m[0] * r + m[1] * g + m[2] * b, m[3] * r + m[4] * g + m[5] * b, m[6] * r + m[7] * g + m[8] * b)
        }
        if let tone {
            let k = tone.gain(r, g, b)
            r *= k; g *= k; b *= k
        }
        if let displayGain {
            let k = LightTable.read(displayGain, dw.r * r + dw.g * g + dw.b * b)
            r *= k; g *= k; b *= k
        }
        store(p, i, LightTable.read(fromLinear, r), LightTable.read(fromLinear, g), LightTable.read(fromLinear, b))
    }

    @inline(__always)
    private func decodePixel(_ y: UInt16, _ u: UInt16, _ v: UInt16) -> (Float, Float, Float) {
        let yn = (Float(y) - d.yo) * d.yk, cb = Float(u) - 32768, cr = Float(v) - 32768
        return (yn + d.rv * cr, yn + d.gu * cb + d.gv * cr, yn + d.bu * cb)
    }

    @inline(__always)
    private func store(_ p: Planes, _ i: Int, _ r: Float, _ g: Float, _ b: Float) {
        let luma = e.kr * r + e.kg * g + e.kb * b
        p.oy[i] = Self.code(e.yo + e.ys * luma)
        p.ou[i] = Self.code(32768 + e.u * (b - luma))
        p.ov[i] = Self.code(32768 + e.v * (r - luma))
    }

    /// Rounded to nearest and clamped to the 16-bit scale (NaN reads as 0: `x > 0` is false for it).
    @inline(__always)
    private static func code(_ x: Float) -> UInt16 {
        UInt16((x > 0 ? min(x, 65535) : 0) + 0.5)
    }
}
