/// The inverse map of a layer's transform on one plane, in 16.16 fixed point, and the crop rectangle.
///
/// For output pixel `(x, y)` the layer is sampled at `(a·x + b·y + c, d·x + e·y + f) / 65536` in
/// source pixel indices (pixel centres at integers). Only taps inside `[x0, x1) × [y0, y1)` count.
struct PlaneMap: Sendable, Hashable {
    var a = 0, b = 0, c = 0, d = 0, e = 0, f = 0
    var x0 = 0, y0 = 0, x1 = 0, y1 = 0
    /// The output pixels the layer can touch: `[left, right) × [top, bottom)`, clamped to the plane.
    var left = 0, top = 0, right = 0, bottom = 0
    /// False when the layer covers nothing (scale too small, empty crop).
    var visible = true
}

/// The geometry of a layer on a plane of `width × height` (the luma plane, or a chroma plane at half
/// size: normalised values scale with the plane, so chroma follows luma).
///
/// With anchor `A` (in layer pixels), position `P` (in output pixels), scale `s` and clockwise rotation
/// `θ`, a layer point `u` lands at `P + s·R(θ)·(u − A)`; the inverse, at a pixel centre `p = (x + ½, y + ½)`,
/// is `u = A + R(−θ)·(p − P)/s`, sampled at `u − ½`. Coefficients are rounded to 1/65536 pixel once per
/// frame; the per-pixel walk adds them in integers, so every machine gets the same taps. At multiples
/// of 90° the sine and cosine are exact, and a layer on the pixel grid is copied without filtering.
enum LayerGeometry {
    static let one = 65536.0

    /// - Parameter r: the source was box-reduced by `r` (`LayerReduction`): the map samples the reduced
    ///   plane (`⌊w/r⌋ × ⌊h/r⌋`) at `u/r − ½`, and the crop rectangle shrinks with it.
    static func map(_ s: LayerState, width w: Int, height h: Int, reduction r: Int = 1) -> PlaneMap {
        var m = PlaneMap()
        let fw = Double(w), fh = Double(h)
        m.x0 = clamp(Int((s.crop.x * fw).rounded()), 0, w)
        m.y0 = clamp(Int((s.crop.y * fh).rounded()), 0, h)
        m.x1 = clamp(Int(((s.crop.x + s.crop.width) * fw).rounded()), m.x0, w)
        m.y1 = clamp(Int(((s.crop.y + s.crop.height) * fh).rounded()), m.y0, h)
        guard s.scale >= 1.0 / 4096, m.x1 > m.x0, m.y1 > m.y0 else { m.visible = false; return m }
        let (cosine, sine) = Trig.cosSin(degrees: s.rotation)
        let a = cosine / s.scale, b = sine / s.scale, d = -sine / s.scale, e = cosine / s.scale
        let px = s.position.x * fw, py = s.position.y * fh, ax = s.anchor.x * fw, ay = s.anchor.y * fh
        let c = a * (0.5 - px) + b * (0.5 - py) + ax - 0.5
        let f = d * (0.5 - px) + e * (0.5 - py) + ay - 0.5
        bounds(&m, s, cosine, sine, px, py, ax, ay, w, h)
        guard r > 1 else {
            (m.a, m.b, m.c, m.d, m.e, m.f) = (fixed(a), fixed(b), fixed(c), fixed(d), fixed(e), fixed(f))
            return m
        }
        let k = Double(r)
        (m.a, m.b, m.d, m.e) = (fixed(a / k), fixed(b / k), fixed(d / k), fixed(e / k))
        (m.c, m.f) = (fixed((c + 0.5) / k - 0.5), fixed((f + 0.5) / k - 0.5))
        (m.x0, m.y0) = (m.x0 / r, m.y0 / r)
        (m.x1, m.y1) = (min((m.x1 + r - 1) / r, w / r), min((m.y1 + r - 1) / r, h / r))
        if m.x1 <= m.x0 || m.y1 <= m.y0 { m.visible = false }
        return m
    }

    /// The output box around the crop rectangle's four corners moved forward (`P + s·R(θ)·(u − A)`),
    /// widened by two pixels for the bilinear taps and rounding; the sampler visits only this box.
    static func bounds(_ m: inout PlaneMap, _ s: LayerState, _ cosine: Double, _ sine: Double,
                       _ px: Double, _ py: Double, _ ax: Double, _ ay: Double, _ w: Int, _ h: Int) {
        var lo = (x: Double.infinity, y: Double.infinity), hi = (x: -Double.infinity, y: -Double.infinity)
        for (ux, uy) in [(m.x0, m.y0), (m.x1, m.y0), (m.x0, m.y1), (m.x1, m.y1)] {
            let dx = Double(ux) - ax, dy = Double(uy) - ay
            let x = px + s.scale * (cosine * dx - sine * dy), y = py + s.scale * (sine * dx + cosine * dy)
            lo = (min(lo.x, x), min(lo.y, y))
            hi = (max(hi.x, x), max(hi.y, y))
        }
        guard lo.x.isFinite, lo.y.isFinite, hi.x.isFinite, hi.y.isFinite else { return }
        m.left = clamp(Int(max(-1e9, lo.x.rounded(.down))) - 2, 0, w)
        m.top = clamp(Int(max(-1e9, lo.y.rounded(.down))) - 2, 0, h)
        m.right = clamp(Int(min(1e9, hi.x.rounded(.up))) + 2, m.left, w)
        m.bottom = clamp(Int(min(1e9, hi.y.rounded(.up))) + 2, m.top, h)
    }

    /// `v · 65536` rounded, clamped far outside any frame (a wild value must not trap).
    static func fixed(_ v: Double) -> Int {
        let x = (v * one).rounded()
        guard x.isFinite else { return 0 }
        return Int(max(-1e12, min(1e12, x)))
    }

    static func clamp(_ v: Int, _ lo: Int, _ hi: Int) -> Int { max(lo, min(hi, v)) }
}

/// Cosine and sine of an angle in degrees with IEEE arithmetic only (no libm, whose last bit may differ
/// between machines). Multiples of 90° are exact.
enum Trig {
    static func cosSin(degrees: Double) -> (Double, Double) {
        guard degrees.isFinite else { return (1, 0) }
        let quarter = (degrees / 90).rounded()
        let r = degrees - quarter * 90
        let q = Int(quarter.truncatingRemainder(dividingBy: 4) + 4) % 4
        let x = r * (Double.pi / 180)
        let (c0, s0) = r == 0 ? (1.0, 0.0) : (cosine(x), sine(x))
        switch q {
        case 0: return (c0, s0)
        case 1: return (-s0, c0)
        case 2: return (-c0, -s0)
        default: return (s0, -c0)
        }
    }

    /// Taylor series to x¹³ for |x| ≤ π/4: error below 1e-15.
    static func sine(_ x: Double) -> Double {
        let x2 = x * x
        var term = x, sum = x
        for n in stride(from: 2, through: 14, by: 2) {
            term = -term * x2 / Double(n * (n + 1))
            sum += term
        }
        return sum
    }

    static func cosine(_ x: Double) -> Double {
        let x2 = x * x
        var term = 1.0, sum = 1.0
        for n in stride(from: 1, through: 13, by: 2) {
            term = -term * x2 / Double(n * (n + 1))
            sum += term
        }
        return sum
    }
}
