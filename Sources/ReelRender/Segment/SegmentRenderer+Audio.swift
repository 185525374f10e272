import Foundation
import ReelMedia
import ReelModel
import ReelPlan

extension SegmentRenderer {
    /// Block length of the audio render, in samples: one second at the output rate.
    var audioBlock: Int64 { Int64(plan.composition.output.audio.sampleRate) }

    /// Mixes samples `segment.samples` into a PCM part at `path`, in blocks of one second.
    func renderAudio(_ segment: SegmentPlan, to path: String, isCanceled: () -> Bool) throws {
        let settings = plan.composition.output.audio
        let writer = try PCMPartWriter(path: path, sampleRate: settings.sampleRate, channels: settings.channels)
        try mixAudio(segment, isCanceled: isCanceled) { try writer.append($0) }
        try writer.finish()
    }

    /// Mixes samples `segment.samples` in blocks of one second, in order, handing each block to `body`: the PCM a
    /// part of `segment` holds, sample for sample. A loudness stitch measures the programme with it while the
    /// video still renders (`RollingStitcher.measureLoudnessAhead`).
    public func mixAudio(_ segment: SegmentPlan, isCanceled: () -> Bool = { false },
                         _ body: (AudioBuffer) throws -> Void) throws {
        let settings = plan.composition.output.audio
        var sources = AudioSources(renderer: self, sampleRate: settings.sampleRate, channels: settings.channels)
        var s = segment.samples.lowerBound
        while s < segment.samples.upperBound {
            if isCanceled() { throw RenderError.canceled }
            let end = min(segment.samples.upperBound, s + audioBlock)
            try body(try mixBlock(s..<end, sources: &sources))
            s = end
        }
    }

    /// The mixed samples of the timeline range `block`.
    func mixBlock(_ block: Range<Int64>, sources: inout AudioSources) throws -> AudioBuffer {
        let settings = plan.composition.output.audio
        let mixer = AudioMixer(sampleRate: settings.sampleRate, channels: settings.channels)
        var inputs: [MixerInput] = []
        for contribution in try plan.audioContributions(samples: block) where !contribution.samples.isEmpty {
            let samples = try sources.read(contribution)
            let offset = Int(contribution.samples.lowerBound - block.lowerBound)
            inputs.append(MixerInput(samples: Self.padded(samples, front: offset, sampleRate: settings.sampleRate),
                                     envelopes: contribution.envelopes.map(Self.mixerEnvelope),
                                     gain: contribution.gain,
                                     matrix: Self.matrix(contribution.route, samples.channelCount, settings.layout)))
        }
        return mixer.mix(inputs, start: block.lowerBound, count: block.count)
    }

    /// How a source of `channels` channels mixes into `layout`: its route, else the standard matrix (nil where the
    /// decoder already converted).
    static func matrix(_ route: AudioRoute?, _ channels: Int, _ layout: AudioLayout) -> ChannelMatrix? {
        route.map { $0.matrix(sourceChannels: channels, to: layout) } ?? ChannelMatrix.standard(sourceChannels: channels, to: layout)
    }

    /// `buffer` preceded by `front` samples of silence, so it lines up with the block start.
    static func padded(_ buffer: AudioBuffer, front: Int, sampleRate: Int32) -> AudioBuffer {
        guard front > 0 else { return buffer }
        let pad = [Float](repeating: 0, count: front)
        return AudioBuffer(sampleRate: sampleRate, samples: buffer.samples.map { pad + $0 })
    }

    static func mixerEnvelope(_ envelope: Envelope) -> GainEnvelope {
        GainEnvelope(pieces: envelope.pieces.map {
            ReelRender.GainPiece(start: $0.range.start, end: $0.range.end, from: $0.from, to: $0.to)
        })
    }
}

/// The open audio decoders of one segment, keyed by contribution source (clip or audio item).
///
/// **Speed.** At speed 1 sample `s` reads media sample `floor(m(s) · sr)` where `m(s)` is the exact
/// media time of timeline sample `s`. At other speeds the pitch follows the speed (varispeed, like
/// tape): sample `s` is the linear interpolation between media samples `⌊p⌋` and `⌊p⌋ + 1` at the
/// exact position `p = m(s) · sr`. Both depend only on `s`, never on where a block or segment began.
struct AudioSources {
    let renderer: SegmentRenderer
    let sampleRate: Int32
    let channels: Int
    private var open: [AudioContribution.Source: AudioSampleSource] = [:]

    init(renderer: SegmentRenderer, sampleRate: Int32, channels: Int) {
        self.renderer = renderer
        self.sampleRate = sampleRate
        self.channels = channels
    }

    mutating func read(_ c: AudioContribution) throws -> AudioBuffer {
        let source = try self.source(for: c)
        let first = try RationalTime(value: c.samples.lowerBound, timescale: sampleRate)
        let media = try c.mediaTime(at: first)
        let count = c.samples.count
        if c.speed == .one { return try source.samples(from: media, count: count) }
        return try varispeed(source, media: media, speed: c.speed, count: count)
    }

    /// Linear interpolation at exact positions `p(i) = (media + i·speed/sr) · sr`.
    func varispeed(_ source: AudioSampleSource, media: RationalTime, speed: Rational, count: Int) throws -> AudioBuffer {
        // p(i) = (P + i·B) / D exactly, with P/D = media·sr and B/D = speed.
        let start = try media.rational * Rational(Int64(sampleRate))
        let d = Int128(start.denominator) * Int128(speed.denominator)
        let p0 = Int128(start.numerator) * Int128(speed.denominator)
        let step = Int128(speed.numerator) * Int128(start.denominator)
        let firstIndex = Int64(floorDiv(p0, d))
        let lastIndex = Int64(floorDiv(p0 + step * Int128(count - 1), d)) + 1
        let raw = try source.samples(from: RationalTime(value: firstIndex, timescale: sampleRate),
                                     count: Int(lastIndex - firstIndex + 1))
        var out = [[Float]](repeating: [Float](repeating: 0, count: count), count: raw.channelCount)
        for i in 0..<count {
            let p = p0 + step * Int128(i)
            let k = floorDiv(p, d)
            let frac = Float(Double(p - k * d) / Double(d))
            let j = Int(Int64(k) - firstIndex)
            for c in 0..<raw.channelCount {
                let a = raw.samples[c][j], b = raw.samples[c][j + 1]
                out[c][i] = a + (b - a) * frac
            }
        }
        return AudioBuffer(sampleRate: sampleRate, samples: out)
    }

    mutating func source(for c: AudioContribution) throws -> AudioSampleSource {
        let key = Self.key(c.source)
        if let open = open[key] { return open }
        let layout = renderer.plan.composition.output.audio.layout
        // Keep a source's own channels wherever a `ChannelMatrix` mixes them; else the decoder converts.
        let source = try AudioSampleSource(path: try renderer.path(of: c.asset), rules: renderer.rules, sampleRate: sampleRate,
                                           channelsFor: { c.route == nil && ChannelMatrix.standard(sourceChannels: $0, to: layout) == nil ? channels : $0 })
        open[key] = source
        return source
    }

    /// Loop repetitions of one audio item share a decoder.
    static func key(_ source: AudioContribution.Source) -> AudioContribution.Source {
        if case .audioItem(let i, _) = source { return .audioItem(i, repetition: 0) }
        return source
    }
}

func floorDiv(_ n: Int128, _ d: Int128) -> Int128 {
    let q = n / d
    return (n % d != 0 && (n < 0) != (d < 0)) ? q - 1 : q
}
