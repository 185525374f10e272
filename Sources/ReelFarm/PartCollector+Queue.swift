import Foundation
import ReelQueue
import ReelRender

extension PartCollector {
    /// `run(references:now:)` with the queue's active jobs as the references: the one place the store's
    /// collector meets the farm.
    /// - Throws: `QueueError` from the queue; `RenderError.media(.io)` naming a file that cannot be deleted.
    public func run(queue: any QueueMonitoring, now: Date = Date()) throws -> Report {
        try run(references: QueueReferences(queue: queue), now: now)
    }
}

/// The queue's active jobs as the parts they reference (`QueueMonitoring.contentHashListActive`).
struct QueueReferences: PartReferences {
    let queue: any QueueMonitoring

    func activeContentHashes(among: [String]?) throws -> Set<String> {
        try queue.contentHashListActive(ContentHashListParams(among: among))
    }
}
