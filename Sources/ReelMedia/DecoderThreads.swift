import Foundation
import Synchronization

/// How many threads each threaded decoder (a clip's video) runs: FFmpeg's automatic count (a frame thread per core,
/// plus one) while the process's render slots leave cores free, else one.
///
/// With a render slot per core every core is already busy decoding or encoding (x264 runs threads of its own), and a
/// decoder's frame threads add only their hand-offs. On the 2-core reference machine with its 2 slots, one thread per
/// decoder cut the long reference job's CPU and wall by about 5 % and the short job's CPU by about 2 % (bench/README.md,
/// "Decoder threads"). FFmpeg's frame threading does not change the decoded pictures, so nothing but the time depends
/// on this: a host's parts are the same bytes whatever its cores.
public enum DecoderThreads {
    private static let slots = Atomic<Int>(0)

    /// The process runs `count` render slots at once (`WorkerHost`, before its slots start).
    public static func set(renderSlots count: Int) { slots.store(max(0, count), ordering: .relaxed) }

    /// A threaded decoder's `thread_count`: 1 when the render slots fill the cores, else 0 (FFmpeg's automatic count).
    static var perDecoder: Int32 {
        perDecoder(slots: slots.load(ordering: .relaxed), cores: ProcessInfo.processInfo.activeProcessorCount)
    }

    static func perDecoder(slots: Int, cores: Int) -> Int32 { slots > 0 && slots >= cores ? 1 : 0 }
}
