/// Wake-ups for idle workers and monitors.
public protocol QueueWakeups: Sendable {
    /// A waiter that wakes when work may be available (new job, retry, requeue). Use one per thread,
    /// and keep polling too: wake-ups can be lost.
    func wakeupListen() throws(QueueError) -> any QueueWaiter

    /// A waiter that wakes when any job or segment changes state (a row in the event log: what the monitoring
    /// channel carries), for a thread that waits on one job's progress: the rolling stitcher, which appends a part
    /// as soon as it is done. Use one per thread, and keep polling too: wake-ups can be lost, and most are for
    /// other jobs.
    func changeListen() throws(QueueError) -> any QueueWaiter
}

/// Blocks a thread until the queue signals that work may be available. Not shared between threads.
public protocol QueueWaiter: AnyObject {
    /// Waits up to `timeout`; true when woken by a signal, false on timeout.
    func wait(timeout: Duration) throws(QueueError) -> Bool
}
