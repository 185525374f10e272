import Foundation
import ReelMedia
import ReelModel
import ReelPlan

/// A loudness job's audio (`output.audio.loudness`). The gain needs the whole programme, and there are two ways to
/// have it before the end:
///
/// - **Ahead** (`RollingStitcher.measureLoudnessAhead`, what a farm's stitcher does): the stitch host mixes the
///   programme's audio itself, segment by segment with the renderer's own code (`SegmentRenderer.mixAudio`), while
///   the workers still render the video. Audio is far cheaper than video, so the gain (and any limiter trial) is
///   settled long before the last part; then each part's PCM is corrected and encoded as the part is appended,
///   interleaved with its video, and the tail is the last part's, as for any job. A part's PCM must be the PCM that
///   was measured: its SHA-256 is checked against the mix's, or the stitch refuses naming the segment.
/// - **Behind** (no measurement ahead: `Stitcher.stitch` over finished parts): `append` measures each part's PCM
///   while its video is copied, and `finish` reads the parts again, in order (the same files: `PCMPartReader.fileID`),
///   through the correction into the single audio encode. The muxer's interleaving queue then holds back only the
///   last 10 s of video (its delta), so the file has the picture up to 10 s before the end, then the sound.
///
/// Either way the gain, the limiter and the bytes written do not depend on the segmentation.
final class LoudnessPass {
    let target: LoudnessTarget
    let audio: AudioCodecSettings
    private(set) var meter: LoudnessMeter
    /// Behind: the parts measured so far, with the file each read opened, to be read again by `encode`.
    private(set) var parts: [(part: StitchPart, file: FileID)] = []
    /// Ahead: the correction in use, and the SHA-256 of each segment's measured PCM.
    private var ahead: (correction: LoudnessCorrection, digests: [Int: [UInt8]])?

    init(target: LoudnessTarget, audio: AudioCodecSettings) {
        self.target = target
        self.audio = audio
        meter = LoudnessMeter(sampleRate: Int(audio.sampleRate), channels: audio.channels)
    }

    /// Measures the programme from `mix` (each of `segments`, in order, handing its PCM to a body) and settles the
    /// gain; afterwards `append` encodes each part at once.
    func measureAhead(segments: [Int], mix: @escaping (Int, (AudioBuffer) throws -> Void) throws -> Void,
                      isCanceled: () -> Bool) throws {
        precondition(parts.isEmpty && ahead == nil, "the programme is measured ahead before any part is appended")
        var digests: [Int: [UInt8]] = [:]
        for segment in segments {
            if isCanceled() { throw RenderError.canceled }
            var hasher = PCMDigest(channels: audio.channels)
            try mix(segment) { buffer in
                meter.feed(buffer.samples)
                hasher.update(buffer)
            }
            digests[segment] = hasher.finalize()
        }
        func programme(_ body: (AudioBuffer) throws -> Void) throws {
            for segment in segments {
                if isCanceled() { throw RenderError.canceled }
                try mix(segment, body)
            }
        }
        let input = meter.reading()
        ahead = (correction(try settledGain(input: input, programme: programme), input: input), digests)
    }

    /// Checks one part's PCM: ahead, corrects and writes it into `muxer`; behind, measures it.
    func append(_ part: StitchPart, output: OutputSettings, into muxer: OutputMuxer) throws {
        guard let ahead else {
            let file = try Stitcher.readAudio(of: part, output: output) { meter.feed($0.samples) }
            parts.append((part, file))
            return
        }
        guard let expected = ahead.digests[part.segmentIndex] else {
            throw RenderError.seam(segment: part.segmentIndex, message: "segment was not in the measured programme")
        }
        var hasher = PCMDigest(channels: audio.channels)
        try Stitcher.readAudio(of: part, output: output) { buffer in
            hasher.update(buffer)
            try muxer.writeAudio(ahead.correction.process(buffer))
        }
        guard hasher.finalize() == expected else {
            throw RenderError.seam(segment: part.segmentIndex, message: "PCM part differs from the programme audio the "
                                   + "loudness was measured on (the part was rewritten or swapped); nothing was published")
        }
    }

    /// Writes what is left of the programme's audio into `muxer` and returns what was done: ahead, the limiter's
    /// look-ahead; behind, the whole programme read again, corrected and encoded.
    func finish(into muxer: OutputMuxer, output: OutputSettings, isCanceled: () -> Bool) throws -> LoudnessReport {
        if let ahead {
            try muxer.writeAudio(ahead.correction.finish())
            return ahead.correction.report
        }
        func programme(_ body: (AudioBuffer) throws -> Void) throws {
            for (part, file) in parts {
                if isCanceled() { throw RenderError.canceled }
                try Stitcher.readAudio(of: part, output: output, expected: file, body)
            }
        }
        let input = meter.reading()
        let correction = correction(try settledGain(input: input, programme: programme), input: input)
        try programme { try muxer.writeAudio(correction.process($0)) }
        try muxer.writeAudio(correction.finish())
        return correction.report
    }

    /// The gain to apply: the target minus the measured integrated loudness (none for a programme with no block above
    /// −70 LUFS: there is nothing to scale). Where the limiter acts it takes loudness away with the peaks, so a trial
    /// pass over `programme` (nothing written) measures the limited programme and the gain is raised by what it fell
    /// short, up to `refinements` times, until it reads within 0.01 LU; a programme the gain keeps under the ceiling
    /// needs no trial. Every pass reads the programme in order, so the result does not depend on the segmentation.
    private func settledGain(input: LoudnessReading,
                             programme: ((AudioBuffer) throws -> Void) throws -> Void) throws -> Double {
        let goal = target.integrated.doubleValue
        var gain = input.integrated.map { goal - $0 } ?? 0
        let ceiling = pow(10, target.truePeak.doubleValue / 20)
        guard input.truePeak * pow(10, gain / 20) >= ceiling * 0.999 else { return gain }
        for _ in 0..<Self.refinements {
            let trial = correction(gain, input: input)
            try programme { _ = trial.process($0) }
            _ = trial.finish()
            let report = trial.report
            guard report.limiterActed, let reached = report.outputIntegrated, abs(goal - reached) > 0.01 else { break }
            gain += goal - reached
        }
        return gain
    }

    /// Trial passes at most before the encode.
    static let refinements = 3

    private func correction(_ gain: Double, input: LoudnessReading) -> LoudnessCorrection {
        LoudnessCorrection(target: target, input: input, gainDB: gain, sampleRate: audio.sampleRate,
                           channels: audio.channels)
    }
}

/// The SHA-256 of each channel's samples (their bit patterns, in order): the same whatever the chunks they were fed in.
struct PCMDigest {
    private var channels: [SHA256]

    init(channels: Int) { self.channels = Array(repeating: SHA256(), count: channels) }

    mutating func update(_ buffer: AudioBuffer) {
        for (c, plane) in buffer.samples.enumerated() where c < channels.count {
            plane.withUnsafeBytes { channels[c].update($0) }
        }
    }

    mutating func finalize() -> [UInt8] {
        var digest: [UInt8] = []
        for c in channels.indices { digest += channels[c].finalize() }
        return digest
    }
}
