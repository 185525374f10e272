internal import CFFmpeg
import Synchronization

/// Keeps a worker's resident memory flat over any number of segments.
///
/// Every part opens a fresh libx264 encoder whose frame buffers are several megabytes each at
/// 1920x1080. glibc serves such blocks with `mmap` and unmaps them on free, but its threshold is
/// dynamic: the first large free raises it to that block's size, so later encoders' buffers come from
/// the heap arenas instead, which fragment and never shrink. Measured with `reel render --workers 1`
/// at 1920x1080 (bench/README.md): peak RSS grew from 373–404 MB (5 clips) to 429 MB (15 clips) and
/// 424 MB (40 clips); with fixed thresholds it is 364–382 MB for all three.
///
/// Fixing `M_MMAP_THRESHOLD` turns the dynamic adjustment off, so every block of at least
/// `mmapThreshold` bytes goes back to the system when freed. The threshold sits above a 1920x1080 luma
/// plane (2,073,600 bytes), so the per-frame planes stay on the heap. Fixing it also freezes the trim
/// threshold at glibc's 128 KiB, which would return and re-fault the heap top on every frame (page
/// faults of a 1080p short render 49 k → 143 k); `trimThreshold` keeps that much free heap instead. 4 MiB, not the
/// 16 MiB first chosen: the 1080p long job with `--workers 1` peaked at 389–396 MB against 402–415 MB (four runs each,
/// interleaved, the same output), with 262–285 k minor faults against 161–187 k and user CPU within the runs' spread;
/// 1 MiB gained little more (383–395 MB) for 543–639 k faults (bench/README.md, stop 34).
///
/// glibc also gives threads that allocate at once heaps (arenas) of their own, up to eight per core, and each
/// keeps what its threads freed. A render's threads (the decoders' frame threads, x264's, the render slots) are
/// many and short of nothing: `arenaLimit` makes them share two. Measured with `reel render --workers 1` at
/// 1920x1080 (`MALLOC_ARENA_MAX`, three runs each, bench/README.md): peak RSS 408–412 → 389–394 MB on the short
/// job and 434 → 403 MB on the long one, wall and CPU time within the runs' spread.
///
/// The settings must be in force before the process's threads first allocate: a heap a thread made before stays
/// for the life of the process (the 60-minute soak's `reel render` had five, and their free memory grew with the
/// hour). So the CLI applies them first thing, `WorkerHost` before it starts its threads, and ReelMedia before
/// FFmpeg opens an input (`InputPolicy.openInput`: probing starts decoder threads, and every decoder reads a stream
/// of an input opened there) or an encoder.
public enum AllocatorTuning {
    /// Blocks at least this large are mapped and unmapped individually (2 MiB).
    static let mmapThreshold: Int32 = 2 << 20
    /// Free memory at the top of a heap beyond this is returned to the system (4 MiB).
    static let trimThreshold: Int32 = 4 << 20
    /// The most heaps malloc makes for the process's threads to share.
    static let arenaLimit: Int32 = 2

    /// How many heaps malloc has made so far; nil off glibc. Once the settings are in force it stays at most
    /// `arenaLimit` above what it was when they took effect (existing heaps are never removed).
    static var arenaCount: Int? {
        let n = reel_malloc_arena_count()
        return n < 0 ? nil : Int(n)
    }

    /// Applies the settings once per process; later calls do nothing.
    public static func ensure() { _ = applied }

    /// Whether the settings are in force (false before the first encoder opens, and off glibc).
    static var isActive: Bool { active.load(ordering: .relaxed) }

    private static let active = Atomic<Bool>(false)

    private static let applied: Bool = {
        let ok = reel_set_malloc_thresholds(mmapThreshold, trimThreshold, arenaLimit) == 1
        active.store(ok, ordering: .relaxed)
        return ok
    }()
}
