/// What `PartCollector` needs to know from the farm: which parts an active job still references. The farm's
/// queue answers it (ReelFarm's `PartCollector.run(queue:now:)`); the store knows nothing of jobs.
public protocol PartReferences {
    /// The content hashes among `among` (every referenced one when nil) that an active job references:
    /// queued, running or stitching, in any segment state.
    func activeContentHashes(among: [String]?) throws -> Set<String>
}
