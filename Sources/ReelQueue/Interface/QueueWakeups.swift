/// Wake-ups for idle workers and monitors.
public protocol QueueWakeups: Sendable {
    /// A waiter that wakes when work may be available (new job, retry, requeue). Use one per thread,
    /// and keep polling too: wake-ups can be lost.
    func wakeupListen() throws(QueueError) -> any QueueWaiter
}

/// Blocks a thread until the queue signals that work may be available. Not shared between threads.
public protocol QueueWaiter: AnyObject {
    /// Waits up to `timeout`; true when woken by a signal, false on timeout.
    func wait(timeout: Duration) throws(QueueError) -> Bool
}
