import ReelModel

/// Describes one segment's inputs canonically and hashes them.
///
/// Everything is written relative to the segment: video relative to `T0 = t(f0)` (instructions
/// as frame offsets from `f0`, each clip as its media time at `T0` and its speed, transitions
/// with their start relative to `T0`), titles relative to `T0`, audio relative to
/// `A0 = S(f0) / sampleRate` (sample offsets from `S(f0)`). With the frame and sample counts,
/// the output settings and the renderer version, that fixes every pixel and sample, and nothing
/// in it depends on where the segment lies on the timeline.
struct SegmentHasher {
    let plan: Plan
    let frames: Range<Int64>
    let samples: Range<Int64>
    var e = CanonicalEncoder()

    init(plan: Plan, frames: Range<Int64>, samples: Range<Int64>) {
        self.plan = plan
        self.frames = frames
        self.samples = samples
    }

    consuming func hash(instructions: Range<Int>, titles: [Int], sounds: [AudioContribution]) throws -> String {
        e.string("reel-segment-v1")
        e.string(plan.options.rendererVersion)
        encodeOutput(plan.composition.output)
        e.int(Int64(frames.count))
        e.int(Int64(samples.count))
        let t0 = try plan.clock.time(ofFrame: frames.lowerBound)
        for i in instructions { try encode(plan.instructions[i], t0: t0) }
        e.tag(0xF1)
        for i in titles { try encode(plan.composition.titles[i], t0: t0) }
        e.tag(0xF2)
        let a0 = try plan.clock.time(ofSample: samples.lowerBound)
        for c in sounds { try encode(c, a0: a0) }
        e.tag(0xF3)
        return e.sha256Hex()
    }

    private mutating func encodeOutput(_ o: OutputSettings) {
        e.int(o.width); e.int(o.height)
        e.int(Int64(o.frameRate.numerator)); e.int(Int64(o.frameRate.denominator))
        e.string(o.video.codec.rawValue); e.string(o.video.preset)
        switch o.video.rateControl {
        case .crf(let q): e.tag(1); e.int(q)
        case .bitrate(let kbps): e.tag(2); e.int(kbps)
        case .lossless: e.tag(3)
        }
        e.string(o.audio.codec.rawValue); e.int(Int64(o.audio.sampleRate)); e.int(o.audio.channels)
        e.int(o.audio.bitrateKbps)
        e.string(o.container.rawValue)
        // Only when set away from the defaults, so that existing compositions keep their hashes.
        if !o.video.hasOnlyBaseSettings {
            e.tag(0xE0); e.string(o.video.profile); e.int(o.video.bitDepth); e.string(o.video.chroma.rawValue)
        }
        // The encoder's output depends on its thread count: a part made with another count is another part.
        if let threads = o.video.threads { e.tag(0xE1); e.int(threads) }
        encodeColor(o)
        encodeFrameShape(o)
        encodeWatermark(plan.composition.watermark)
    }

    private mutating func encode(_ instruction: VideoInstruction, t0: RationalTime) throws {
        let shown = plan.clock.frames(in: instruction.timeRange).clamped(to: frames)
        guard !shown.isEmpty else { return }
        e.tag(0x10)
        e.int(shown.lowerBound - frames.lowerBound)
        e.int(shown.upperBound - frames.lowerBound)
        e.int(instruction.layers.count)
        for layer in instruction.layers {
            switch layer {
            case .passthrough(let c):
                e.tag(0x11)
                try encodeClip(c, t0: t0)
            case .transition(let k):
                let t = plan.transitions[k]
                e.tag(0x12)
                e.string(t.transition.kind.rawValue)
                e.range(start: try t.range.start - t0, duration: t.range.duration)
                try encodeOptionalClip(t.outgoing, t0: t0)
                try encodeOptionalClip(t.incoming, t0: t0)
            }
        }
    }

    private mutating func encodeOptionalClip(_ c: Int?, t0: RationalTime) throws {
        e.bool(c != nil)
        if let c { try encodeClip(c, t0: t0) }
    }

    /// A clip as the linear map it applies: media time at `t0` and speed (or its frozen frame).
    private mutating func encodeClip(_ c: Int, t0: RationalTime) throws {
        let placed = plan.clips[c]
        e.string(plan.identity(of: placed.clip.asset))
        encodeSourceMatrix(placed.clip.asset)
        e.bool(placed.clip.freeze)
        if placed.clip.freeze {
            e.time(placed.clip.sourceRange.start)
        } else {
            e.time(try placed.mediaTime(at: t0))
            e.rational(placed.clip.speed)
        }
        if !placed.clip.layer.isEmpty { try encodeLayer(placed, t0: t0) }
    }

    private mutating func encode(_ title: Title, t0: RationalTime) throws {
        e.tag(0x20)
        e.string(title.text); e.string(title.image); e.string(title.font)
        // What the files hold, not only their names: a replaced logo changes the hash.
        e.string(title.image.flatMap { plan.options.titleFiles[.image($0)] })
        e.string(title.font.flatMap { plan.options.titleFiles[.font($0)] })
        e.int(title.size)
        e.bytesOf(title.color)
        e.rational(title.position.x); e.rational(title.position.y)
        e.range(start: try title.timeRange.start - t0, duration: title.timeRange.duration)
        e.int(title.opacity.count)
        for k in title.opacity { e.time(k.time); e.rational(k.value) }
        e.int(title.positionKeys.count)
        for k in title.positionKeys { e.time(k.time); e.rational(k.value.x); e.rational(k.value.y) }
        e.int(title.scale.count)
        for k in title.scale { e.time(k.time); e.rational(k.value) }
    }

    private mutating func encode(_ c: AudioContribution, a0: RationalTime) throws {
        e.tag(0x30)
        e.string(plan.identity(of: c.asset))
        e.int(c.samples.lowerBound - samples.lowerBound)
        e.int(c.samples.upperBound - samples.lowerBound)
        e.range(start: try c.timelineRange.start - a0, duration: c.timelineRange.duration)
        e.time(c.mediaStart)
        e.rational(c.speed)
        e.rational(c.gain)
        e.int(c.envelopes.count)
        for envelope in c.envelopes {
            e.int(envelope.pieces.count)
            for p in envelope.pieces {
                e.range(start: try p.range.start - a0, duration: p.range.duration)
                e.rational(p.from); e.rational(p.to)
            }
        }
        // Only a route that is set enters the hash, so unrouted segments keep their hashes.
        if let route = c.route { encode(route) }
    }

    private mutating func encode(_ route: AudioRoute) {
        switch route {
        case .channels(let list):
            e.tag(0x31)
            e.int(list.count)
            for c in list { e.string(c.rawValue) }
        case .map(let entries):
            e.tag(0x32)
            e.int(entries.count)
            for entry in entries {
                e.rational(entry.gain)
                e.int(entry.to.count)
                for c in entry.to { e.string(c.rawValue) }
            }
        }
    }
}

extension CanonicalEncoder {
    mutating func bytesOf(_ c: RGBA) {
        tag(c.r); tag(c.g); tag(c.b); tag(c.a)
    }
}
