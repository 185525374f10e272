import Foundation
import ReelMedia
import ReelModel

extension OutputFixtures {
    /// One rendered segment: an H.264 part and a PCM part starting at `startFrame`.
    struct PartFilesSpec {
        let video: String
        let pcm: String
        let startFrame: Int64
        let frameCount: Int64
    }

    /// Renders frames `[cuts[k], cuts[k+1])` of a synthetic clip into parts, with audio samples
    /// `[S(f0), S(f1))` for each. Content depends only on the absolute frame/sample index.
    static func makeParts(in dir: URL, settings: OutputSettings, cuts: [Int], tag: String = "p") throws -> [PartFilesSpec] {
        var parts: [PartFilesSpec] = []
        for k in 0..<(cuts.count - 1) {
            let (f0, f1) = (cuts[k], cuts[k + 1])
            let video = dir.appendingPathComponent("\(tag)\(k).mp4").path
            let pcm = dir.appendingPathComponent("\(tag)\(k).wav").path
            try writePart(video, frames: (f0..<f1).map { makeFrame($0, width: settings.width, height: settings.height) },
                          settings: settings)
            let s0 = try settings.frameRate.sampleIndex(ofFrame: Int64(f0), sampleRate: settings.audio.sampleRate)
            let s1 = try settings.frameRate.sampleIndex(ofFrame: Int64(f1), sampleRate: settings.audio.sampleRate)
            let writer = try PCMPartWriter(path: pcm, sampleRate: settings.audio.sampleRate, channels: 2)
            try writer.append(makeAudio(start: Int(s0), count: Int(s1 - s0), rate: settings.audio.sampleRate))
            try writer.finish()
            parts.append(PartFilesSpec(video: video, pcm: pcm, startFrame: Int64(f0), frameCount: Int64(f1 - f0)))
        }
        return parts
    }

    /// The stitcher's core, done by hand: video stream-copied with offsets, PCM concatenated
    /// and encoded once, part by part.
    /// - Parameters:
    ///   - reserveIndex: reserve the index's room for the parts' length, as `RollingStitcher` does.
    ///   - configure: called on the muxer before anything is written.
    @discardableResult
    static func stitch(_ parts: [PartFilesSpec], settings: OutputSettings, to output: String,
                       negativeCTSOffsets: Bool = false, chapters: [Chapter] = [], reserveIndex: Bool = false,
                       configure: (OutputMuxer) throws -> Void = { _ in }) throws -> OutputMuxer {
        let muxer = try OutputMuxer(path: output, container: settings.container,
                                    negativeCTSOffsets: negativeCTSOffsets)
        try configure(muxer)
        try muxer.addChapters(chapters)
        try muxer.addVideoStream(copying: PacketReader(path: parts[0].video), frameRate: settings.frameRate)
        try muxer.addAudioStream(AudioEncoder(settings: settings.audio))
        if reserveIndex {
            let frames = parts.reduce(Int64(0)) { $0 + $1.frameCount }
            muxer.reserveIndex(frames: frames, samples: try settings.frameRate.sampleIndex(ofFrame: frames,
                                                                                            sampleRate: settings.audio.sampleRate))
        }
        for part in parts {
            let reader = try PacketReader(path: part.video)
            while let packet = try reader.next() {
                try muxer.writeVideo(packet, ptsOffset: part.startFrame, dtsOffset: part.startFrame)
            }
            let pcm = try PCMPartReader(path: part.pcm)
            while let chunk = try pcm.read(maxFrames: 4800) { try muxer.writeAudio(chunk) }
        }
        try muxer.finish()
        return muxer
    }

    /// Top-level MP4 box types in file order (to check faststart: `moov` before `mdat`).
    static func topLevelBoxes(_ path: String) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var boxes: [String] = []
        var offset = 0
        while offset + 8 <= data.count {
            var size = data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            boxes.append(String(decoding: data[offset + 4..<offset + 8], as: UTF8.self))
            if size == 1, offset + 16 <= data.count { size = data[offset + 8..<offset + 16].reduce(0) { $0 << 8 | Int($1) } }
            guard size >= 8 else { break }
            offset += size
        }
        return boxes
    }
}
