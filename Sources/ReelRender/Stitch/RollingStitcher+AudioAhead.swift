import ReelMedia
import ReelModel

/// A rolling stitcher's audio encoded before its part's turn. While the stitcher waits for the next part's video it has
/// nothing to do, and the parts after it usually have their PCM already: a segment's audio is mixed and committed
/// before its video is rendered (`SegmentRenderer.render`). Encoding that audio then leaves the tail after the last part
/// with its video copy and the trailer, not the audio encode of the last parts (about 0.2 s of the 21-second reference
/// job's 4 s: bench/README.md, "The audio encoded ahead").
///
/// - **Bytes.** The packets that feeding a part's PCM to the encoder returns are written when the part is appended,
///   after its video, where `Stitcher.copyAudio` writes them: the file does not depend on what was encoded ahead.
/// - **Trust.** What was encoded is the file the part's name led to then, a complete one (the renderer commits it by
///   rename). At `append` the name must lead to the same file (device, inode, size, mtime), or to one whose samples are
///   the same bits, read against the earlier file (still open): a segment rendered again by another worker writes the
///   same samples under the same name. Anything else is refused, naming the segment.
/// - **Bounds.** At most `maxParts` parts and `maxBytes` of packets are held. PCM outputs (their encode is a copy),
///   chunked AAC (`AudioChunking`, already parallel) and loudness jobs (their own pass) are not encoded ahead.
struct AudioAhead {
    static let maxParts = 16
    static let maxBytes = 32 << 20

    struct Entry {
        let segment: Int
        let endFrame: Int64
        /// The PCM file that was encoded, kept open for the check at `append`.
        let reader: PCMPartReader
        let encoded: [EncodedAudio]
        let bytes: Int
    }

    /// Encoded parts, in timeline order, from the first part not yet appended.
    private(set) var entries: [Entry] = []
    private var bytes = 0
    /// Parts whose audio was written from an encode ahead.
    private(set) var written = 0

    var hasRoom: Bool { entries.count < Self.maxParts && bytes < Self.maxBytes }

    /// The frame the next part to encode starts at, after `appended` frames already written.
    func nextFrame(after appended: Int64) -> Int64 { entries.last?.endFrame ?? appended }

    func holds(_ segment: Int) -> Bool { entries.contains { $0.segment == segment } }

    mutating func add(_ entry: Entry) {
        entries.append(entry)
        bytes += entry.bytes
    }

    /// The first entry, when it is `part`'s, removed; nil when nothing is held. - Throws: `RenderError.seam` when another
    /// part's audio is first (a caller appended out of the order it encoded in).
    mutating func take(for part: StitchPart) throws(RenderError) -> Entry? {
        guard let first = entries.first else { return nil }
        guard first.segment == part.segmentIndex else {
            throw .seam(segment: part.segmentIndex, message: "segment \(first.segment)'s audio was encoded ahead of this part's")
        }
        entries.removeFirst()
        bytes -= first.bytes
        written += 1
        return first
    }

    mutating func removeAll() {
        entries.removeAll()
        bytes = 0
    }
}

extension RollingStitcher {
    /// Encodes `part`'s audio before its turn, when its PCM is there and the output gains from it (see `AudioAhead`).
    /// Offer the parts after the appended ones in timeline order, each until one returns false. The first part's
    /// audio can be encoded before it is appended: the audio encoder opens here, and the muxer takes it when the first
    /// part's video arrives (`open`), so a short job's audio is encoded while its first segment still renders.
    /// - Returns: true when `part`'s audio is encoded (now or before); false when it is not: its PCM is not there yet, or
    ///   not what the plan says (`append` reports that), the part is not the next one, nothing is gained, or enough is
    ///   held already.
    /// - Throws: `RenderError.media` when reading or encoding fails part-way; the stitcher is then unusable (`discard`).
    public func encodeAudioAhead(_ part: StitchPart) throws -> Bool {
        if ahead.holds(part.segmentIndex) { return true }
        let audio = output.deliveredAudio
        guard audio.codec != .pcm, loudness == nil, audioChunking == nil || audio.codec != .aac, ahead.hasRoom,
              part.startFrame == ahead.nextFrame(after: frames),
              let reader = try? Stitcher.openAudio(of: part, output: output) else { return false }
        var encoded: [EncodedAudio] = [], bytes = 0
        do {
            let encoder = try audioEncoder()
            while let buffer = try reader.read(maxFrames: Stitcher.audioChunkFrames) {
                let packets = try encoder.encodeAhead(buffer)
                bytes += packets.bytes
                encoded.append(packets)
            }
        } catch {
            throw RenderError.media(error)
        }
        ahead.add(AudioAhead.Entry(segment: part.segmentIndex, endFrame: part.startFrame + part.frames, reader: reader,
                                   encoded: encoded, bytes: bytes))
        return true
    }

    /// Writes `part`'s audio: encoded ahead, after checking that its PCM is still the file (or the samples) encoded,
    /// else read and encoded now.
    func writeAudio(of part: StitchPart, into muxer: OutputMuxer) throws {
        guard let entry = try ahead.take(for: part) else {
            try Stitcher.copyAudio(of: part, into: muxer, output: output)
            return
        }
        let now = try Stitcher.openAudio(of: part, output: output)
        if now.fileID != entry.reader.fileID {
            try entry.reader.rewind()
            while let was = try entry.reader.read(maxFrames: Stitcher.audioChunkFrames) {
                guard let read = try now.read(maxFrames: was.frameCount), read.sameBits(as: was) else {
                    throw AudioAheadChanged(segment: part.segmentIndex, was: entry.reader.fileID, now: now.fileID)
                }
            }
        }
        for packets in entry.encoded { try muxer.writeAudio(packets) }
    }
}

/// A part's PCM changed, samples and all, between its encode ahead and its append (`RollingStitcher.writeAudio`):
/// the stitch cannot go on, since the encoder already took the old samples, and nothing was published. In a farm
/// the part is rendered again and the stitch starts over (`Worker.decided`): a worker that died after committing
/// a part's PCM, and another that rendered the segment again on a host whose decoder differs, is a storage fault, not
/// the job's.
public struct AudioAheadChanged: Error, Sendable, CustomStringConvertible {
    public let segment: Int
    public let was: FileID
    public let now: FileID

    public var description: String {
        "segment \(segment): PCM part changed after its audio was encoded ahead (\(was), now \(now)) and its samples "
            + "differ; nothing was published"
    }
}

extension AudioBuffer {
    /// The same rate and the same sample bits in every channel.
    func sameBits(as other: AudioBuffer) -> Bool {
        guard sampleRate == other.sampleRate, samples.count == other.samples.count else { return false }
        return zip(samples, other.samples).allSatisfy { a, b in
            a.count == b.count && a.withUnsafeBytes { x in b.withUnsafeBytes { y in x.elementsEqual(y) } }
        }
    }
}
