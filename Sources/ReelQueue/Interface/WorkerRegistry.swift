/// A worker process's presence: registration, heartbeats, its run state, and pruning of dead workers.
public protocol WorkerRegistry: Sendable {
    /// Registers (or re-registers) a worker.
    func workerRegister(_ params: WorkerRegisterParams) throws(QueueError)

    /// Updates a worker's last-seen time, current segment and throughput.
    /// - Throws: `QueueError.workerNotFound`.
    func workerHeartbeat(_ params: WorkerHeartbeatParams) throws(QueueError)

    /// Records what a worker says of itself (draining, stopped).
    /// - Throws: `QueueError.workerNotFound`.
    func workerSetState(_ workerID: String, _ state: WorkerRunState) throws(QueueError)

    /// Removes workers not seen for `olderThan` (dead or long stopped). Returns how many.
    func workerPrune(olderThan: Duration) throws(QueueError) -> Int
}
