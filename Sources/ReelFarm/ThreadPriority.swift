import Foundation

/// The scheduling of a worker host's own threads: a name for each (what `top -H`, `ps -L` and /proc show) and, for
/// the render slots, a lower priority than the rolling stitcher's, so that on a host whose cores the slots keep busy
/// the stitcher (one thread: a packet copy and the one audio encode) is never what a farm waits for
/// (docs/scaling.md, "The stitcher's budget"). Linux keeps a nice value per thread, and threads a render thread
/// starts (x264's, FFmpeg's decoders') inherit it.
enum ThreadPriority {
    /// Names the calling thread (at most 15 bytes are kept) and adds `niceness` to its nice value; 0 keeps it.
    /// Raising a nice value needs no privilege. A refusal is reported, never fatal: the slot still renders.
    /// - Returns: nil, or why the nice value could not be set.
    @discardableResult
    static func enter(name: String, niceness: Int) -> String? {
        let short = String(name.utf8.prefix(15)) ?? name
        Thread.current.name = short
        // Foundation's setter names the thread only once its starter has stored the new thread's handle, after
        // pthread_create returns: a thread that names itself before that keeps its old name. So the name is also
        // written where the kernel keeps it (what glibc's pthread_setname_np does, which Swift does not import).
        let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        if fd >= 0 {
            _ = Array(short.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        guard niceness != 0 else { return nil }
        guard let tid = currentThreadID() else { return "the thread's id cannot be read from /proc/thread-self" }
        errno = 0
        let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), tid)
        guard errno == 0 else { return "getpriority: \(String(cString: strerror(errno)))" }
        guard setpriority(__priority_which_t(PRIO_PROCESS.rawValue), tid, min(19, current + Int32(niceness))) == 0 else {
            return "setpriority: \(String(cString: strerror(errno)))"
        }
        return nil
    }

    /// The calling thread's kernel id, read from the `/proc/thread-self` link (`PID/task/TID`): Glibc's `gettid` and
    /// `SYS_gettid` are not imported into Swift here.
    static func currentThreadID() -> id_t? {
        var buffer = [CChar](repeating: 0, count: 64)
        let n = readlink("/proc/thread-self", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let text = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(separator: "/").last.flatMap { id_t($0) }
    }
}
