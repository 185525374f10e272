import ReelMedia
import ReelModel
import Testing
@testable import ReelRender

/// The renderer's own bounds, for titles that reach it without validation (a library caller, an old job):
/// nothing traps and nothing huge is allocated.
@Suite struct TitleBoundsTests {
    func title(_ text: String, x: Rational, scale: Int64 = 1, size: Int = 48) throws -> Title {
        Title(text: text, size: size, position: Point(x: x, y: try Rational(1, 2)),
              timeRange: try TimeRange(start: .zero, duration: .seconds(4)), origin: "titles[0]",
              scaleConstant: try Rational(scale))
    }

    @Test(arguments: [Int64.max / 2, 9_000_000_000_000_000_000, -9_000_000_000_000_000_000, 1_000_000])
    func aTitleFarOutsideTheFrameDrawsNothing(x: Int64) throws {
        var frame = PlanarFrame(width: 320, height: 180)
        let before = frame
        try TitleRenderer().draw(try title("Hi", x: try Rational(x)), at: .seconds(2), onto: &frame)
        #expect(frame == before, "a title at x = \(x) changed the frame")
    }

    @Test func aTitleTooLargeToRasteriseIsRefusedWithItsName() throws {
        var frame = PlanarFrame(width: 320, height: 180)
        // About 95,000 × 560 pixels: over the 4096 × 4096 a title may cover, measured by FreeType's layout.
        let huge = try title(String(repeating: "W", count: 200), x: try Rational(1, 2), scale: 10)
        do {
            try TitleRenderer().draw(huge, at: .seconds(2), onto: &frame)
            Issue.record("a 200-character title at scale 10 was drawn")
        } catch {
            guard case let .tooLarge(name, message) = error else { throw error }
            #expect(name == "titles[0]" && message.contains("pixels"), "\(message)")
        }
    }

    @Test func aPixelSizeAboveTheLimitIsRefusedBeforeFreeTypeSeesIt() throws {
        var frame = PlanarFrame(width: 320, height: 180)
        let big = try title("W", x: try Rational(1, 2), scale: 20, size: 2000)
        #expect(throws: TitleError.self) { try TitleRenderer().draw(big, at: .seconds(2), onto: &frame) }
    }
}

private extension Title {
    init(text: String, size: Int, position: Point, timeRange: TimeRange, origin: String, scaleConstant: Rational) {
        self.init(text: text, size: size, position: position, timeRange: timeRange, opacity: [Keyframe(time: .zero, value: .one)],
                  scale: [Keyframe(time: .zero, value: scaleConstant)], origin: origin)
    }
}
