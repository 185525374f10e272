import ReelModel

/// Every audio voice of a plan, indexed by time buckets so a window finds its voices quickly.
struct AudioMap: Sendable {
    let voices: [AudioVoice]
    let clock: TimelineClock
    /// Bucket width in samples.
    private let bucketSamples: Int64
    private let buckets: [[Int32]]

    init(voices: [AudioVoice], clock: TimelineClock, totalSamples: Int64) {
        self.voices = voices
        self.clock = clock
        let width = max(Int64(clock.sampleRate) * 4, 1)
        bucketSamples = width
        let count = Int(max(1, (totalSamples + width - 1) / width))
        var b = [[Int32]](repeating: [], count: count)
        for (i, v) in voices.enumerated() {
            let r = clock.samples(in: v.active)
            guard !r.isEmpty, r.lowerBound < totalSamples, r.upperBound > 0 else { continue }
            let first = Int(max(0, r.lowerBound) / width), last = Int(min(totalSamples, r.upperBound) - 1) / Int(width)
            for k in first...min(last, count - 1) { b[k].append(Int32(i)) }
        }
        buckets = b
    }

    /// The voices that sound in samples `[s0, s1)`, cut to that window, in voice order.
    func contributions(_ window: Range<Int64>) throws -> [AudioContribution] {
        guard !window.isEmpty else { return [] }
        let first = Int(max(0, window.lowerBound) / bucketSamples)
        let last = Int(max(0, window.upperBound - 1) / bucketSamples)
        var ids: [Int32] = []
        for k in first...last where k < buckets.count { ids.append(contentsOf: buckets[k]) }
        ids.sort()
        let range = try TimeRange(start: clock.time(ofSample: window.lowerBound),
                                  end: clock.time(ofSample: window.upperBound))
        var out: [AudioContribution] = []
        var previous: Int32 = -1
        for id in ids where id != previous {
            previous = id
            try cut(voices[Int(id)], to: range, samples: window, into: &out)
        }
        return out
    }

    private func cut(_ v: AudioVoice, to window: TimeRange, samples: Range<Int64>,
                     into out: inout [AudioContribution]) throws {
        guard let period = v.loopPeriod, !period.isZero else {
            if let c = try piece(v, range: v.active, mediaStart: v.mediaStart, source: v.source,
                                 window: window, samples: samples) { out.append(c) }
            return
        }
        guard case .audioItem(let item, _) = v.source, let span = v.active.intersection(window) else { return }
        let firstRep = try ((span.start - v.active.start).rational / period.rational).floor
        let lastRep = try ((span.end - v.active.start).rational / period.rational).ceil
        for k in firstRep..<max(firstRep, lastRep) {
            let start = try v.active.start + period * Rational(k)
            let end = min(try start + period, v.active.end)
            guard start < end else { continue }
            if let c = try piece(v, range: try TimeRange(start: start, end: end), mediaStart: v.mediaStart,
                                 source: .audioItem(item, repetition: k), window: window, samples: samples) {
                out.append(c)
            }
        }
    }

    private func piece(_ v: AudioVoice, range: TimeRange, mediaStart: RationalTime, source: AudioContribution.Source,
                       window: TimeRange, samples: Range<Int64>) throws -> AudioContribution? {
        let heard = clock.samples(in: range).clamped(to: samples)
        guard !heard.isEmpty, let part = range.intersection(window) else { return nil }
        let media = try mediaStart + (part.start - range.start) * v.speed
        // A part where an envelope holds 1 (ducking far from any trigger) leaves it out, so the
        // segment's hash does not change with envelopes that do not touch it.
        let envelopes = try v.envelopes.map { try $0.clipped(to: part) }.filter { !$0.isUnity }
        return AudioContribution(source: source, asset: v.asset, timelineRange: part, samples: heard,
                                 mediaStart: media, speed: v.speed, gain: v.gain, envelopes: envelopes, route: v.route)
    }
}
