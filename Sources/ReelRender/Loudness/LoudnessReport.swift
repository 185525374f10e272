/// What the stitcher did to reach an `output.audio.loudness` target: the programme as mixed, the gain, the limiter,
/// and the programme as written (measured again on the samples given to the audio encoder).
public struct LoudnessReport: Sendable, Equatable {
    /// The target, LUFS, and the ceiling, dBTP.
    public var target: Double
    public var ceiling: Double
    /// The mix's integrated loudness, LUFS (nil: nothing above −70 LUFS, the programme is left as it is).
    public var inputIntegrated: Double?
    /// The mix's loudness range (EBU Tech 3342), LU.
    public var inputRange: Double
    /// The mix's true peak, dBTP.
    public var inputTruePeak: Double
    /// The one gain applied to the whole programme, dB.
    public var gain: Double
    /// Whether the true-peak limiter reduced any sample, and by how much at most, dB (0 when it did not act).
    public var limiterActed: Bool
    public var limiterReduction: Double
    /// The written programme's integrated loudness, LUFS, and true peak, dBTP.
    public var outputIntegrated: Double?
    public var outputTruePeak: Double

    public init(target: Double, ceiling: Double, inputIntegrated: Double?, inputRange: Double, inputTruePeak: Double,
                gain: Double, limiterActed: Bool, limiterReduction: Double, outputIntegrated: Double?,
                outputTruePeak: Double) {
        self.target = target
        self.ceiling = ceiling
        self.inputIntegrated = inputIntegrated
        self.inputRange = inputRange
        self.inputTruePeak = inputTruePeak
        self.gain = gain
        self.limiterActed = limiterActed
        self.limiterReduction = limiterReduction
        self.outputIntegrated = outputIntegrated
        self.outputTruePeak = outputTruePeak
    }
}
