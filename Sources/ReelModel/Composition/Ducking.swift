/// Automatic ducking of a music item under other audio, like an editor's "duck music under dialogue".
///
/// It is derived from the time ranges of the items it ducks under, never from their signal, so the
/// gain at any instant depends only on the timeline: exact, and the same wherever a segment starts.
/// While a trigger plays the gain is `gain`; it ramps 1 → `gain` over `attack` before the trigger
/// starts and `gain` → 1 over `release` after it ends. Triggers closer together than
/// `attack + release` merge into one dip. The ducking gain multiplies `volume` and `automation`.
public struct Ducking: Sendable, Hashable {
    /// What the music ducks under.
    public enum Trigger: Sendable, Hashable {
        /// Every voice-over.
        case voiceOvers
        /// Every clip whose own audio plays.
        case clips
        /// The voice-overs with these indices in the composition's `voiceOvers` list.
        case voiceOverIndices([Int])
    }

    public var under: Trigger
    /// The gain while a trigger plays, 0…1.
    public var gain: Rational
    /// How long the gain takes to fall before a trigger starts.
    public var attack: RationalTime
    /// How long the gain takes to rise after a trigger ends.
    public var release: RationalTime
    /// Where it was written, for messages: "music.ducking".
    public var origin: String

    public init(under: Trigger = .voiceOvers, gain: Rational, attack: RationalTime, release: RationalTime,
                origin: String = "") {
        self.under = under
        self.gain = gain
        self.attack = attack
        self.release = release
        self.origin = origin
    }
}
