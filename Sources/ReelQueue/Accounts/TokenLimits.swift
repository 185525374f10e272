/// A token's own limits; nil means the server's default.
public struct TokenLimits: Sendable, Hashable {
    /// Requests per minute before the server answers 429.
    public var requestsPerMinute: Int?
    /// Jobs queued, running or stitching at once.
    public var maxActiveJobs: Int?
    /// Frames of the user's jobs not yet rendered.
    public var maxQueuedFrames: Int64?

    public init(requestsPerMinute: Int? = nil, maxActiveJobs: Int? = nil, maxQueuedFrames: Int64? = nil) {
        self.requestsPerMinute = requestsPerMinute
        self.maxActiveJobs = maxActiveJobs
        self.maxQueuedFrames = maxQueuedFrames
    }

    /// - Throws: `QueueError.invalidToken` naming the limit that is not positive.
    func validate() throws(QueueError) {
        for (name, value) in [("requests per minute", requestsPerMinute.map(Int64.init)),
                              ("max active jobs", maxActiveJobs.map(Int64.init)), ("max queued frames", maxQueuedFrames)] {
            if let value, value < 1 { throw .invalidToken("\(name) must be at least 1, not \(value)") }
        }
    }
}
