/// The segment queue of the render farm: one interface, two drivers (`InMemorySegmentQueue` for
/// `reel render`, `PostgresSegmentQueue` for the farm), checked by one conformance suite.
///
/// It is the composition of the roles its callers need, as River's driver interface is: a caller takes the
/// narrowest one (`JobSubmitting`, `JobReading`, `QueueMonitoring`, `JobOperating`, `JobAccess`, `SegmentWork`,
/// `StitchWork`, `WorkerRegistry`, `QueueWakeups`), and a driver implements them all.
///
/// Methods are named noun-then-verb and block the calling thread; call them from a dedicated thread,
/// not from the cooperative pool. "No work" is a normal return (`[]`, `nil`), never an error. Every method
/// throws `QueueError` only: a driver translates its database's failures at the boundary.
/// Every write about a claimed segment or stitch step is fenced by its lease token.
public protocol SegmentQueue: JobSubmitting, QueueMonitoring, JobOperating, JobAccess, SegmentWork, StitchWork,
                              WorkerRegistry, QueueWakeups {}
