import Testing
import ReelModel
@testable import ReelMedia

/// A deterministic pseudo-random sequence (LCG) for request orders.
struct InputSeededSequence {
    var state: UInt64
    mutating func next(below n: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(n))
    }
}

@Suite struct InputVideoTests {
    /// Time `hundredths / 100` s.
    func time(_ hundredths: Int) throws -> RationalTime { try RationalTime(value: Int64(hundredths), timescale: 100) }

    func shownFrame(_ source: VideoFrameSource, _ t: RationalTime) throws -> Int {
        MediaFixtures.codedFrameNumber(PlanarFrameProbe(try source.frame(at: t)))
    }

    @Test func forwardSweepDecodesEveryFrameWithoutSeeking() throws {
        let source = try VideoFrameSource(path: try MediaFixtures.lumaCoded(), width: 64, height: 48)
        for n in 0..<MediaFixtures.codedFrames {
            let start = try FrameRate(25).time(ofFrame: Int64(n))
            let justBefore = try start - RationalTime(value: 1, timescale: 1000)
            if n > 0 { #expect(try shownFrame(source, justBefore) == n - 1) }
            #expect(try shownFrame(source, start) == n)
        }
        #expect(source.seekCount == 0)
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func randomRequestsReturnTheRightFrame(seed: UInt64) throws {
        let source = try VideoFrameSource(path: try MediaFixtures.lumaCoded(), width: 64, height: 48)
        var random = InputSeededSequence(state: seed)
        for _ in 0..<30 {
            let hundredths = random.next(below: 280) - 20
            let expected = min(max(hundredths * 25 / 100, 0), MediaFixtures.codedFrames - 1)
            #expect(try shownFrame(source, time(hundredths)) == expected, "at \(hundredths)/100 s")
        }
        #expect(source.seekCount > 0)
    }

    @Test func forwardJumpPastAKeyframeSeeksInsteadOfDecodingThrough() throws {
        let source = try VideoFrameSource(path: try MediaFixtures.lumaCoded(), width: 64, height: 48)
        #expect(try shownFrame(source, time(8)) == 2)
        let decoded = source.decodeCount
        #expect(try shownFrame(source, time(200)) == 50)   // keyframe 48 lies between
        #expect(source.seekCount == 1)
        #expect(source.decodeCount - decoded < 12)
        #expect(try shownFrame(source, time(204)) == 51)   // same GOP: decode forward
        #expect(source.seekCount == 1)
    }

    @Test func repeatedRequestsReuseTheConvertedFrame() throws {
        let source = try VideoFrameSource(path: try MediaFixtures.lumaCoded(), width: 64, height: 48)
        let a = try source.frame(at: time(50))
        let decoded = source.decodeCount
        let b = try source.frame(at: time(51))
        #expect(a == b)
        #expect(source.convertCount == 1)
        #expect(source.decodeCount == decoded)
    }

    @Test func variableFrameRateHoldsTheLastFrame() throws {
        let source = try VideoFrameSource(path: try MediaFixtures.lumaCodedVFR(), width: 64, height: 48)
        var random = InputSeededSequence(state: 7)
        let requests = (0..<MediaFixtures.codedFrames).map { $0 * 4 } + (0..<20).map { _ in random.next(below: 240) }
        for hundredths in requests {
            let slot = min(hundredths * 25 / 100, MediaFixtures.codedFrames - 1)
            let expected = (0...slot).last { !MediaFixtures.vfrDropped.contains($0) }!
            #expect(try shownFrame(source, time(hundredths)) == expected, "at \(hundredths)/100 s")
        }
    }

    @Test func mpegTSStartsAtMediaTimeZero() throws {
        let path = try MediaFixtures.lumaCodedTS()
        let facts = try MediaProbe.probe(path: path)
        let rows = try MediaFixtures.probeCSV(path, stream: "v", entries: "stream=start_time")
        #expect(Double(rows.first?.first ?? "") ?? 0 > 1)
        #expect(facts.video?.duration == (try RationalTime(value: 12, timescale: 5)))
        #expect(facts.video?.keyframes == [], "MPEG-TS has no index to list keyframes from")
        let scanned = try MediaProbe.probe(path: path, scanKeyframes: true).video?.keyframes
        #expect(scanned == (try [0, 12, 24, 36, 48].map { try FrameRate(25).time(ofFrame: $0) }))
        let source = try VideoFrameSource(path: path, width: 64, height: 48)
        for n in [0, 1, 2, 30, 59, 13, 12, 11, 0, 47] {
            #expect(try shownFrame(source, try FrameRate(25).time(ofFrame: Int64(n))) == n)
        }
        #expect(try shownFrame(source, time(-10)) == 0)
        #expect(try shownFrame(source, time(900)) == 59)
    }

    @Test func fourByThreeIntoSixteenByNineHasEvenBars() throws {
        let source = try VideoFrameSource(path: try MediaFixtures.white4x3(), width: 640, height: 360)
        let probe = PlanarFrameProbe(try source.frame(at: .zero))
        #expect(probe.meanLuma(x0: 0, x1: 80, y0: 0, y1: 360) == 16)
        #expect(probe.meanLuma(x0: 560, x1: 640, y0: 0, y1: 360) == 16)
        #expect(probe.meanLuma(x0: 80, x1: 560, y0: 0, y1: 360) == 235)
        #expect(probe.frame.u.allSatisfy { $0 == 128 })
    }

    @Test(arguments: [(ScalerFit(sourceWidth: 320, sourceHeight: 240, rotation: 0, width: 640, height: 360), [80, 0, 480, 360]),
                      (ScalerFit(sourceWidth: 1920, sourceHeight: 1080, rotation: 0, width: 1280, height: 720), [0, 0, 1280, 720]),
                      (ScalerFit(sourceWidth: 1920, sourceHeight: 1080, rotation: 90, width: 1280, height: 720), [436, 0, 406, 720]),
                      (ScalerFit(sourceWidth: 1920, sourceHeight: 800, rotation: 0, width: 1280, height: 720), [0, 92, 1280, 534]),
                      (ScalerFit(sourceWidth: 720, sourceHeight: 576, sampleAspect: (64, 45), rotation: 0,
                                 width: 1280, height: 720), [0, 0, 1280, 720]),
                      (ScalerFit(sourceWidth: 100, sourceHeight: 100, rotation: 180, width: 640, height: 361), [138, 0, 362, 361])])
    func fittedRectangleRounding(fit: ScalerFit, expected: [Int]) {
        #expect([fit.x, fit.y, fit.width, fit.height] == expected)
    }

    /// (rotate tag written by FFmpeg 5.1's CLI, clockwise rotation, bright quadrant after display).
    @Test(arguments: [(270, 90, "top-right"), (180, 180, "bottom-right"), (90, 270, "bottom-left"), (0, 0, "top-left")])
    func rotatedSourcesComeOutRotated(tag: Int, rotation: Int, bright: String) throws {
        let path = try MediaFixtures.quadrant(rotateTag: tag)
        #expect(try MediaProbe.probe(path: path).video?.rotation == rotation)
        let turned = rotation % 180 != 0
        let (w, h) = turned ? (240, 320) : (320, 240)
        let source = try VideoFrameSource(path: path, width: w, height: h)
        #expect(source.rotation == rotation)
        let probe = PlanarFrameProbe(try source.frame(at: .zero))
        let quadrants = ["top-left": (0, 0), "top-right": (w / 2, 0), "bottom-left": (0, h / 2),
                         "bottom-right": (w / 2, h / 2)]
        for (name, (x, y)) in quadrants {
            let mean = probe.meanLuma(x0: x + 4, x1: x + w / 2 - 4, y0: y + 4, y1: y + h / 2 - 4)
            #expect(name == bright ? mean > 220 : mean < 30, "\(name) quadrant mean \(mean)")
        }
    }

    @Test func missingAndAudioOnlyFilesFail() throws {
        let missing = try MediaFixtures.scratch("missing.mp4")
        #expect(throws: MediaError.fileNotFound(path: missing)) {
            try VideoFrameSource(path: missing, width: 64, height: 48)
        }
        let audio = try MediaFixtures.audioOnly()
        #expect(throws: MediaError.noVideoStream(path: audio)) {
            try VideoFrameSource(path: audio, width: 64, height: 48)
        }
    }
}
