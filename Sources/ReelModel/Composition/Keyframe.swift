/// How a keyframe is approached from the key before it.
public enum KeyEase: String, Sendable, Hashable, CaseIterable {
    /// A straight line from the previous key.
    case linear
    /// Smoothstep (`3f² − 2f³` of the linear fraction `f`): starts and ends at rest.
    case inOut = "in-out"
}

/// A value at a time, in a `KeyframeTrack`. `time` counts from the start of what the track animates: a clip's
/// first visible frame on the timeline, or a title's start. `ease` shapes the move from the previous key to
/// this one; a title's keys are always linear (their JSON has no `ease`).
public struct Keyframe<Value: Sendable & Hashable>: Sendable, Hashable {
    public var time: RationalTime
    public var value: Value
    public var ease: KeyEase

    public init(time: RationalTime, value: Value, ease: KeyEase = .linear) {
        self.time = time
        self.value = value
        self.ease = ease
    }
}
