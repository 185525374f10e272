/// The submitter's role (`reel submit`, `reel render`): inserts jobs.
public protocol JobSubmitting: Sendable {
    /// Inserts a job and its segments in one transaction, then wakes waiting workers.
    /// Segments whose content hash has a valid part from an earlier job are marked done at once.
    /// - Throws: `QueueError.invalidSpec`, `.connection`, `.constraint`.
    func jobInsert(_ params: JobInsertParams) throws(QueueError) -> JobInsertResult
}
