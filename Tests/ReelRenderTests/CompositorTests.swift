import ReelMedia
import ReelModel
import Testing
@testable import ReelRender

/// A frame whose samples encode their column (and plane) so shifts are visible.
private func columns(_ width: Int, _ height: Int, base: Int) -> PlanarFrame {
    RawFrames.makeFrame(width: width, height: height) { plane, x, _ in UInt8(base + plane * 60 + x) }
}

private func rows(_ width: Int, _ height: Int, base: Int) -> PlanarFrame {
    RawFrames.makeFrame(width: width, height: height) { plane, _, y in UInt8(base + plane * 60 + y) }
}

/// The documented dissolve rounding.
private func mixed(_ a: Int, _ b: Int, _ w: Int) -> UInt8 { UInt8((a * (256 - w) + b * w + 128) >> 8) }

private func r(_ n: Int64, _ d: Int64) -> Rational { try! Rational(n, d) }

@Test func emptyStackIsBlack() {
    let out = Compositor.composite([], width: 4, height: 2)
    #expect(out == PlanarFrame(width: 4, height: 2))
}

@Test(arguments: [(Int64(0), Int64(1), 0), (1, 4, 64), (1, 2, 128), (3, 4, 192), (1, 1, 256), (1, 3, 85), (7, 5, 256)])
func dissolveWeightIsRoundedProgress(n: Int64, d: Int64, expected: Int) {
    #expect(TransitionGeometry.dissolveWeight(r(n, d)) == expected)
}

@Test(arguments: [(Int64(0), Int64(1)), (1, 4), (1, 2), (3, 4), (9, 10)])
func dissolveMixesWithDocumentedRounding(n: Int64, d: Int64) {
    let a = PlanarFrame(width: 6, height: 4, y: 200, u: 40, v: 90)
    let b = PlanarFrame(width: 6, height: 4, y: 17, u: 220, v: 129)
    let out = Compositor.composite([.transition(kind: .dissolve, outgoing: a, incoming: b, progress: r(n, d))],
                                   width: 6, height: 4)
    let w = Int((n * 512 + d) / (2 * d))
    func mix(_ x: Int, _ y: Int) -> UInt8 { UInt8((x * (256 - w) + y * w + 128) >> 8) }
    #expect(Set(out.y) == [mix(200, 17)])
    #expect(Set(out.u) == [mix(40, 220)])
    #expect(Set(out.v) == [mix(90, 129)])
}

@Test func dissolveFromTransparentShowsTheLayerBelow() {
    let below = PlanarFrame(width: 4, height: 4, y: 100, u: 100, v: 100)
    let b = PlanarFrame(width: 4, height: 4, y: 200, u: 50, v: 150)
    let layers: [CompositorLayer<PlanarFrame>] = [.frame(below),
                                     .transition(kind: .dissolve, outgoing: nil, incoming: b, progress: r(1, 4))]
    let out = Compositor.composite(layers, width: 4, height: 4)
    let overBelow: Set<UInt8> = [mixed(100, 200, 64)]
    #expect(Set(out.y) == overBelow)
    let fadeOut = Compositor.composite([.transition(kind: .dissolve, outgoing: b, incoming: nil, progress: r(1, 4))],
                                       width: 4, height: 4)
    let overBlack: Set<UInt8> = [mixed(200, 16, 64)]
    #expect(Set(fadeOut.y) == overBlack, "over nothing: black")
}

@Test func pushAtHalfPutsRightHalfOfAOnTheLeft() {
    let a = columns(16, 4, base: 0), b = columns(16, 4, base: 100)
    let out = Compositor.composite([.transition(kind: .push, outgoing: a, incoming: b, progress: r(1, 2))],
                                   width: 16, height: 4)
    for row in 0..<4 {
        #expect(Array(out.y[row * 16..<row * 16 + 8]) == Array(a.y[row * 16 + 8..<row * 16 + 16]))
        #expect(Array(out.y[row * 16 + 8..<row * 16 + 16]) == Array(b.y[row * 16..<row * 16 + 8]))
    }
    #expect(Array(out.u[0..<4]) == Array(a.u[4..<8]))
    #expect(Array(out.u[4..<8]) == Array(b.u[0..<4]))
}

@Test(arguments: [(Int64(1), Int64(4), 4), (Int64(3), Int64(10), 5), (Int64(0), Int64(1), 0), (Int64(1), Int64(1), 16),
                  (Int64(1), Int64(3), 6), (Int64(2), Int64(3), 11)])
func pushShiftIsCeilOfProgressTimesWidth(n: Int64, d: Int64, shift: Int) {
    #expect(TransitionGeometry.pushShift(r(n, d), width: 16) == shift)
    let a = columns(16, 2, base: 0), b = columns(16, 2, base: 100)
    let out = Compositor.composite([.transition(kind: .push, outgoing: a, incoming: b, progress: r(n, d))],
                                   width: 16, height: 2)
    let expected = Array(a.y[shift..<16]) + Array(b.y[0..<shift])
    #expect(Array(out.y[0..<16]) == expected)
}

@Test func pushWithOddShiftAveragesChroma() {
    let a = columns(16, 2, base: 0), b = columns(16, 2, base: 100)
    // p = 3/10 → shift 5: chroma A columns average pairs, the split column mixes A's last with B's first.
    let out = Compositor.composite([.transition(kind: .push, outgoing: a, incoming: b, progress: r(3, 10))],
                                   width: 16, height: 2)
    let au: [Int] = a.u.map { Int($0) }, bu: [Int] = b.u.map { Int($0) }
    var expected: [Int] = (0..<5).map { (k: Int) -> Int in (au[k + 2] + au[k + 3] + 1) >> 1 }
    expected.append((au[7] + bu[0] + 1) >> 1)
    expected += (6..<8).map { (k: Int) -> Int in (bu[k - 6] + bu[k - 5] + 1) >> 1 }
    #expect(out.u.map { Int($0) } == expected)
}

@Test(arguments: [(Int64(0), Int64(1), 0), (Int64(1), Int64(4), 2), (Int64(1), Int64(2), 4), (Int64(9), Int64(10), 8),
                  (Int64(1), Int64(3), 3), (Int64(1), Int64(1), 8)])
func wipeRevealsIncomingFromTheTop(n: Int64, d: Int64, revealed: Int) {
    #expect(TransitionGeometry.wipeRows(r(n, d), height: 8) == revealed)
    let a = rows(4, 8, base: 0), b = rows(4, 8, base: 100)
    let out = Compositor.composite([.transition(kind: .wipe, outgoing: a, incoming: b, progress: r(n, d))],
                                   width: 4, height: 8)
    let split = revealed * 4
    #expect(out.y[..<split] == b.y[..<split])
    #expect(out.y[split...] == a.y[split...])
}

@Test func opaqueTopLayerReplacesAndTransparentSideShowsBelow() {
    let low = PlanarFrame(width: 8, height: 4, y: 50), top = PlanarFrame(width: 8, height: 4, y: 180)
    #expect(Compositor.composite([.frame(low), .frame(top)], width: 8, height: 4) == top)
    let wiped = Compositor.composite([.frame(low), .transition(kind: .wipe, outgoing: top, incoming: nil,
                                                               progress: r(1, 2))], width: 8, height: 4)
    let low50: Set<UInt8> = [50], top180: Set<UInt8> = [180]
    #expect(Set(wiped.y[..<16]) == low50, "rows 0..<2 show the layer below")
    #expect(Set(wiped.y[16...]) == top180)
    let cut = Compositor.composite([.frame(low), .transition(kind: .cut, outgoing: low, incoming: top,
                                                             progress: .zero)], width: 8, height: 4)
    #expect(cut == top)
}

@Test func compositingIsDeterministicAndInPlaceMatches() {
    let a = RawFrames.makeFrame(width: 33, height: 17) { p, x, y in UInt8((x * 7 + y * 13 + p * 5) & 255) }
    let b = RawFrames.makeFrame(width: 33, height: 17) { p, x, y in UInt8((x * 3 + y * 29 + p * 11) & 255) }
    for kind in TransitionKind.allCases {
        for j in 0..<7 {
            let layers: [CompositorLayer<PlanarFrame>] = [.transition(kind: kind, outgoing: a, incoming: b, progress: r(Int64(j), 7))]
            let first = Compositor.composite(layers, width: 33, height: 17)
            var reused = PlanarFrame(width: 33, height: 17, y: 99)
            Compositor.composite(layers, into: &reused)
            #expect(first == reused, "\(kind) at \(j)/7")
            #expect(first == Compositor.composite(layers, width: 33, height: 17))
        }
    }
}
