import Foundation
import ReelMedia
import ReelModel

/// A loudness job's audio (`output.audio.loudness`). The gain needs the whole programme, so its audio cannot be
/// encoded as parts arrive: `append` measures each part's PCM in order (the seam checks run then, as for any job)
/// while its video is copied, and `finish` reads the parts again, in order, through `LoudnessCorrection` into the
/// single audio encode. The video's packets are all written before the audio's; the muxer's interleaving queue holds
/// the last 10 s of them back (its delta), so the file holds the picture up to 10 s before the end, then the sound,
/// then the last 10 s interleaved, in any segmentation the same bytes. The tail is the last part's measurement plus reading, correcting and encoding the
/// whole programme's audio (bench-stitch measures it).
final class LoudnessPass {
    let target: LoudnessTarget
    private(set) var meter: LoudnessMeter
    /// The parts measured so far, with the file each read opened, to be read again by `encode` (the same files).
    private(set) var parts: [(part: StitchPart, file: FileID)] = []

    init(target: LoudnessTarget, audio: AudioCodecSettings) {
        self.target = target
        meter = LoudnessMeter(sampleRate: Int(audio.sampleRate), channels: audio.channels)
    }

    /// Checks and measures one part's PCM.
    func measure(_ part: StitchPart, output: OutputSettings) throws {
        let file = try Stitcher.readAudio(of: part, output: output) { meter.feed($0.samples) }
        parts.append((part, file))
    }

    /// Corrects and encodes the whole programme's audio into `muxer`; returns what was done.
    ///
    /// The gain is the target minus the measured integrated loudness (none for a programme with no block above
    /// −70 LUFS: there is nothing to scale). Where the limiter acts it takes loudness away with the peaks, so a
    /// trial pass (nothing written) measures the limited programme and the gain is raised by what it fell short, up
    /// to `refinements` times, until it reads within 0.01 LU; a programme the gain keeps under the ceiling needs no
    /// trial. Every pass reads the parts in order, so the result does not depend on the segmentation.
    func encode(into muxer: OutputMuxer, output: OutputSettings, isCanceled: () -> Bool) throws -> LoudnessReport {
        let input = meter.reading()
        let goal = target.integrated.doubleValue
        var gain = input.integrated.map { goal - $0 } ?? 0
        let ceiling = pow(10, target.truePeak.doubleValue / 20)
        if input.truePeak * pow(10, gain / 20) >= ceiling * 0.999 {
            for _ in 0..<Self.refinements {
                let trial = try run(gain, input: input, output: output, isCanceled: isCanceled) { _ in }
                guard trial.limiterActed, let reached = trial.outputIntegrated, abs(goal - reached) > 0.01 else { break }
                gain += goal - reached
            }
        }
        return try run(gain, input: input, output: output, isCanceled: isCanceled) { try muxer.writeAudio($0) }
    }

    /// Trial passes at most before the encode.
    static let refinements = 3

    /// One pass over the parts at `gain` dB, giving each corrected chunk to `body`.
    private func run(_ gain: Double, input: LoudnessReading, output: OutputSettings, isCanceled: () -> Bool,
                     _ body: (AudioBuffer) throws -> Void) throws -> LoudnessReport {
        let correction = LoudnessCorrection(target: target, input: input, gainDB: gain,
                                            sampleRate: output.audio.sampleRate, channels: output.audio.channels)
        for (part, file) in parts {
            if isCanceled() { throw RenderError.canceled }
            try Stitcher.readAudio(of: part, output: output, expected: file) { try body(correction.process($0)) }
        }
        try body(correction.finish())
        return correction.report
    }
}
