import Foundation
import ReelMedia
import ReelModel

/// One pass of a loudness job over the programme, in order: one gain, the true-peak limiter (`LoudnessLimiter`) at
/// the ceiling, and a meter on what comes out, so the report says what was written. Not `Sendable`: use it on one
/// thread.
final class LoudnessCorrection {
    let target: LoudnessTarget
    let input: LoudnessReading
    /// The gain, dB, and as a factor.
    let gainDB: Double
    private let gain: Double
    private let sampleRate: Int32
    private var limiter: LoudnessLimiter
    private var outputMeter: LoudnessMeter

    init(target: LoudnessTarget, input: LoudnessReading, gainDB: Double, sampleRate: Int32, channels: Int) {
        self.target = target
        self.input = input
        self.sampleRate = sampleRate
        self.gainDB = gainDB
        gain = pow(10, gainDB / 20)
        limiter = LoudnessLimiter(ceiling: pow(10, target.truePeak.doubleValue / 20), channels: channels,
                                  sampleRate: Int(sampleRate))
        outputMeter = LoudnessMeter(sampleRate: Int(sampleRate), channels: channels)
    }

    /// The corrected samples that are ready (the limiter holds back its look-ahead until `finish`).
    func process(_ buffer: AudioBuffer) -> AudioBuffer {
        let gained = buffer.samples.map { plane in plane.map { Float(Double($0) * gain) } }
        return measured(limiter.process(gained))
    }

    /// The rest of the programme.
    func finish() -> AudioBuffer { measured(limiter.finish()) }

    private func measured(_ planes: [[Float]]) -> AudioBuffer {
        outputMeter.feed(planes)
        return AudioBuffer(sampleRate: sampleRate, samples: planes)
    }

    /// The report, once `finish` has run.
    var report: LoudnessReport {
        let output = outputMeter.reading()
        return LoudnessReport(target: target.integrated.doubleValue, ceiling: target.truePeak.doubleValue,
                              inputIntegrated: input.integrated, inputRange: input.range,
                              inputTruePeak: input.truePeakDB, gain: gainDB, limiterActed: limiter.lowestGain < 1,
                              limiterReduction: -20 * log10(limiter.lowestGain), outputIntegrated: output.integrated,
                              outputTruePeak: output.truePeakDB)
    }
}
