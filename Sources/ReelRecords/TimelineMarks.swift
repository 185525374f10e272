/// What a monitor draws over a job's segment strip: the frame rate and the transitions, in output frames.
/// The coordinator records them with the job (inside its `RenderRequest`) so that `reel serve` can mark them
/// without probing media it may not be able to reach.
public struct TimelineMarks: Codable, Sendable, Hashable {
    /// One transition: frames `[start, end)` and its kind ("dissolve", "push", "wipe" …).
    public struct Transition: Codable, Sendable, Hashable {
        public var start: Int64
        public var end: Int64
        public var kind: String

        public init(start: Int64, end: Int64, kind: String) {
            self.start = start
            self.end = end
            self.kind = kind
        }
    }

    /// Output frames per second, exact: numerator and denominator.
    public var frameRate: [Int32]
    public var transitions: [Transition]

    public init(frameRate: [Int32], transitions: [Transition]) {
        self.frameRate = frameRate
        self.transitions = transitions
    }

    /// Seconds of `frames` output frames at this rate; nil for a malformed rate.
    public func seconds(ofFrames frames: Int64) -> Double? {
        guard frameRate.count == 2, frameRate[0] > 0, frameRate[1] > 0 else { return nil }
        return Double(frames) * Double(frameRate[1]) / Double(frameRate[0])
    }
}
