import Dispatch
import ReelModel
import Synchronization

/// How the one audio encode of a render may run on several cores: the programme cut into fixed chunks, each encoded
/// by its own encoder that starts `prerollFrames` frames early and runs `postrollFrames` past its end, the packets
/// outside the chunk dropped (docs/scaling.md, "Parallel audio"). Only AAC is chunked (every AAC frame decodes
/// from that packet and the one before it, so a join needs no more than one shared frame of overlap, which the
/// pre-roll gives); other codecs are encoded once whatever this says.
///
/// The chunks are fixed by `chunkFrames`, never by the thread count or by timing, so the same programme gives the
/// same bytes with 2 threads or 16. A programme no longer than one chunk (plus its post-roll) is one encoder from
/// sample 0: exactly the single encode.
public struct AudioChunking: Sendable, Hashable {
    /// Encoders at work at once (≥ 2).
    public var threads: Int
    /// A chunk's length, in 1024-sample frames (the default, 960, is 20.48 s at 48 kHz).
    public var chunkFrames: Int
    /// Frames each chunk's encoder is fed before the chunk (its state settles; the first kept packet's overlap with
    /// the previous chunk's last one is then coded from the same signal by both).
    public var prerollFrames: Int
    /// Frames fed after the chunk, so its last kept packets are coded with the look-ahead the single encode had.
    public var postrollFrames: Int

    public static let defaultChunkFrames = 960

    /// - Precondition: `threads ≥ 2`, `chunkFrames > prerollFrames + postrollFrames`, pre- and post-roll ≥ 1.
    ///
    /// The default roll, 48 frames before (1.02 s at 48 kHz) and 4 after, was measured: FFmpeg's AAC encoder adapts
    /// its rate control over about a second, and with 4 frames of pre-roll the coding error in the 2,048 samples
    /// around a join was 1.21 × the single encode's there on average (up to 1.40 ×); with 48 it is 1.03 × (up to
    /// 1.25 ×), like anywhere else in the programme (`OutputChunkedAudioTests`). The encoders then code 5.4 % more
    /// audio than the programme holds.
    public init(threads: Int, chunkFrames: Int = defaultChunkFrames, prerollFrames: Int = 48, postrollFrames: Int = 4) {
        precondition(threads >= 2, "a chunked encode needs at least two threads")
        precondition(prerollFrames >= 1 && postrollFrames >= 1 && chunkFrames > prerollFrames + postrollFrames,
                     "a chunk must be longer than its pre- and post-roll")
        self.threads = threads
        self.chunkFrames = chunkFrames
        self.prerollFrames = prerollFrames
        self.postrollFrames = postrollFrames
    }

    /// Any roll, 0 included: a pre-roll of 0 is the naive splice (each chunk's encoder starts cold at the join and
    /// its first packet overlaps a frame another encoder coded), which the tests use to show what the roll prevents.
    init(unchecked threads: Int, chunkFrames: Int, prerollFrames: Int, postrollFrames: Int) {
        self.threads = threads
        self.chunkFrames = chunkFrames
        self.prerollFrames = prerollFrames
        self.postrollFrames = postrollFrames
    }
}

/// The chunked encode behind `AudioEncoder` (see `AudioChunking`): collects the programme's samples, hands every
/// chunk whose post-roll has arrived to an encoder of its own on a concurrent queue, and returns the chunks'
/// packets in programme order as they finish, re-stamped onto the programme's timeline as the single encoder
/// stamps them (pts from −1024, AAC's priming, in samples). At most `2 × threads` chunks are queued or running:
/// `encode` waits for the oldest beyond that, so the samples held stay bounded.
final class ChunkedAudioEncode {
    let settings: AudioCodecSettings
    let chunking: AudioChunking
    private let frameSize = AudioEncoder.frameSamples
    private let queue = DispatchQueue(label: "reel-audio-chunks", attributes: .concurrent)
    private let slots: DispatchSemaphore
    /// The samples from `heldStart` on, per channel: the next chunk's pre-roll onwards.
    private var held: [[Float]]
    private var heldStart: Int64 = 0
    private var received: Int64 = 0
    /// The next chunk to start.
    private var nextChunk = 0
    /// Started chunks not yet returned, oldest first.
    private var pending: [ChunkTask] = []

    init(settings: AudioCodecSettings, chunking: AudioChunking) {
        self.settings = settings
        self.chunking = chunking
        slots = DispatchSemaphore(value: chunking.threads)
        held = Array(repeating: [], count: settings.channels)
    }

    private var chunkSamples: Int64 { Int64(chunking.chunkFrames * frameSize) }
    private var preroll: Int64 { Int64(chunking.prerollFrames * frameSize) }
    private var postroll: Int64 { Int64(chunking.postrollFrames * frameSize) }

    /// Where chunk `k`'s encoder starts, and the programme samples `keep ..< keepEnd` it keeps (all to the end when it
    /// is the last chunk, whatever `keepEnd` says).
    private func span(_ k: Int) -> (start: Int64, keep: Int64, keepEnd: Int64?) {
        let from = Int64(k) * chunkSamples
        return (k == 0 ? 0 : from - preroll, from, from + chunkSamples)
    }

    func encode(_ buffer: AudioBuffer) throws(MediaError) -> [Packet] {
        for c in 0..<settings.channels { held[c] += buffer.samples[c] }
        received += Int64(buffer.frameCount)
        // A chunk starts once its post-roll is here; the last one waits for `finish` (it runs to the end).
        while true {
            let s = span(nextChunk)
            guard let end = s.keepEnd, received >= end + postroll else { break }
            start(nextChunk, from: s.start, to: end + postroll, last: false)
        }
        var packets = try collect(wait: false)
        while pending.count > 2 * chunking.threads { packets += try collect(wait: true, one: true) }
        return packets
    }

    /// Starts the last chunk (it runs to the end, with the encoder's own flush) and returns every packet left.
    func finish() throws(MediaError) -> [Packet] {
        start(nextChunk, from: span(nextChunk).start, to: received, last: true)
        return try collect(wait: true)
    }

    /// Starts chunk `k` over programme samples `from ..< to`, then drops the held samples the next chunk no longer
    /// needs.
    private func start(_ k: Int, from: Int64, to: Int64, last: Bool) {
        let lo = Int(from - heldStart), hi = Int(to - heldStart)
        let input = AudioBuffer(sampleRate: settings.sampleRate, samples: held.map { Array($0[lo..<hi]) })
        let s = span(k)
        let task = ChunkTask(index: k, start: from, keep: s.keep, keepEnd: last ? nil : s.keepEnd)
        let settings = self.settings, slots = self.slots
        slots.wait()
        queue.async {
            defer { slots.signal() }
            task.run(settings: settings, input: input)
        }
        pending.append(task)
        nextChunk = k + 1
        let keepFrom = span(nextChunk).start
        if keepFrom > heldStart {
            let drop = Int(keepFrom - heldStart)
            for c in 0..<held.count { held[c].removeFirst(min(drop, held[c].count)) }
            heldStart = keepFrom
        }
    }

    /// The packets of the oldest finished chunks, in order: all of them with `wait` (or just one with `one`),
    /// else only those already done.
    private func collect(wait: Bool, one: Bool = false) throws(MediaError) -> [Packet] {
        var packets: [Packet] = []
        while let first = pending.first {
            guard wait || first.isDone else { break }
            packets += try first.result()
            pending.removeFirst()
            if one { break }
        }
        return packets
    }
}

/// One chunk's encode: run on the chunk queue, read once by the encoding thread after `done`.
final class ChunkTask: @unchecked Sendable {
    let index: Int
    let start: Int64, keep: Int64, keepEnd: Int64?
    private let done = DispatchSemaphore(value: 0)
    private let finished = Atomic<Bool>(false)
    private var packets: [Packet] = []
    private var failure: MediaError?

    init(index: Int, start: Int64, keep: Int64, keepEnd: Int64?) {
        self.index = index
        self.start = start
        self.keep = keep
        self.keepEnd = keepEnd
    }

    var isDone: Bool { finished.load(ordering: .acquiring) }

    func run(settings: AudioCodecSettings, input: AudioBuffer) {
        do throws(MediaError) {
            let encoder = try AudioEncoder(settings: settings)
            var out = try encoder.encode(input)
            out += try encoder.finish()
            // Local pts (priming at −1024) → programme samples; the first chunk keeps its priming packet.
            for p in out {
                guard let pts = p.pts else { continue }
                let at = pts + start
                guard index == 0 || at >= keep, keepEnd.map({ at < $0 }) ?? true else { continue }
                p.pts = at
                p.dts = p.dts.map { $0 + start }
                packets.append(p)
            }
        } catch {
            failure = error
        }
        finished.store(true, ordering: .releasing)
        done.signal()
    }

    func result() throws(MediaError) -> [Packet] {
        done.wait()
        done.signal()
        if let failure { throw failure }
        return packets
    }
}
