import ReelQueue

/// What a worker needs of the queue: the work on segments and stitch steps, its presence, wake-ups, and the reads
/// of a job (its stored request, the active jobs, its segments while stitching). Both drivers are one.
public typealias WorkerQueue = SegmentWork & StitchWork & WorkerRegistry & QueueWakeups & JobReading
