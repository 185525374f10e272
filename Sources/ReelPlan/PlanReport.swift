import Foundation
import ReelModel

/// What `reel plan` prints: the instructions and segments of a plan as plain values with stable
/// snake_case keys. Times are exact strings ("7.5", "1001/30000" seconds), never floating point.
public struct PlanReport: Codable, Sendable, Equatable {
    public struct Layer: Codable, Sendable, Equatable {
        /// "V0", "V1"…
        public var track: String
        /// "passthrough", or the transition kind ("dissolve", "push", "wipe").
        public var kind: String
        /// The clip shown (passthrough) or the outgoing clip's asset (transition; nil for nothing).
        public var from: String?
        /// The incoming clip's asset (transition only; nil for nothing).
        public var to: String?
        /// The composition item it comes from ("videos[2]", "transitions[1]").
        public var origin: String
    }

    public struct Instruction: Codable, Sendable, Equatable {
        public var start: String
        public var end: String
        public var layers: [Layer]
    }

    public struct Read: Codable, Sendable, Equatable {
        public var kind: String
        public var asset: String
        public var readFrom: String
        public var start: String
        public var end: String

        enum CodingKeys: String, CodingKey {
            case kind, asset, readFrom = "read_from", start, end
        }
    }

    public struct Segment: Codable, Sendable, Equatable {
        public var index: Int
        /// `[f0, f1)`.
        public var frames: [Int64]
        public var start: String
        public var end: String
        /// `[S(f0), S(f1))`.
        public var samples: [Int64]
        public var hash: String
        public var titles: [Int]
        public var audioItems: [Int]
        public var decode: [Read]

        enum CodingKeys: String, CodingKey {
            case index, frames, start, end, samples, hash, titles, audioItems = "audio_items", decode
        }
    }

    public var duration: String
    public var frameRate: String
    public var sampleRate: Int32
    public var totalFrames: Int64
    public var totalSamples: Int64
    public var instructions: [Instruction]
    public var segments: [Segment]
    /// The gain envelopes of ducked music (`PlanReport+Ducking`).
    public var ducking: [DuckingEnvelope]

    /// snake_case keys, like every JSON output of Reel (docs/json.md).
    enum CodingKeys: String, CodingKey {
        case duration, frameRate = "frame_rate", sampleRate = "sample_rate", totalFrames = "total_frames"
        case totalSamples = "total_samples", instructions, segments, ducking
    }

    /// Describes `plan`.
    public init(plan: Plan) {
        duration = plan.duration.description
        frameRate = plan.clock.frameRate.description
        sampleRate = plan.clock.sampleRate
        totalFrames = plan.totalFrames
        totalSamples = plan.totalSamples
        instructions = plan.instructions.map { i in
            Instruction(start: i.timeRange.start.description, end: i.timeRange.end.description,
                        layers: i.layers.map { PlanReport.layer($0, plan) })
        }
        segments = plan.segments.map(PlanReport.segment)
        ducking = PlanReport.duckingEnvelopes(plan)
    }

    /// Pretty-printed JSON with sorted keys, for scripts.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    static func layer(_ layer: LayerInstruction, _ plan: Plan) -> Layer {
        switch layer {
        case .passthrough(let c):
            let placed = plan.clips[c]
            return Layer(track: placed.track.description, kind: "passthrough", from: placed.clip.asset, to: nil,
                         origin: placed.clip.origin)
        case .transition(let k):
            let t = plan.transitions[k]
            return Layer(track: t.track.description, kind: t.transition.kind.rawValue,
                         from: t.outgoing.map { plan.clips[$0].clip.asset }, to: t.incoming.map { plan.clips[$0].clip.asset },
                         origin: t.transition.origin)
        }
    }

    static func segment(_ s: SegmentPlan) -> Segment {
        Segment(index: s.index, frames: [s.frames.lowerBound, s.frames.upperBound],
                start: s.timeRange.start.description, end: s.timeRange.end.description,
                samples: [s.samples.lowerBound, s.samples.upperBound], hash: s.contentHash, titles: s.titles,
                audioItems: s.audioItems,
                decode: s.decode.map {
                    Read(kind: $0.kind.rawValue, asset: $0.asset, readFrom: $0.readFrom.description,
                         start: $0.media.start.description, end: $0.media.end.description)
                })
    }
}
