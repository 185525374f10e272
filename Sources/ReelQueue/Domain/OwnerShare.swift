/// Fair-share weights (migration 0011; docs/queue-states.md, "Fair share"). Within a priority, a claim goes to the
/// owner with the fewest running frames per unit of weight, so while two owners both have work queued, one of weight
/// 2 holds about twice the render slots of one of weight 1. `""` (jobs submitted without an account) is one owner.
public enum OwnerShare {
    /// The weight of an owner without one set.
    public static let defaultWeight = 1
    /// The weights `shareSet` accepts (the table's CHECK `owner_shares_weight_valid`).
    public static let weights = 1...10_000

    /// - Throws: `QueueError.invalidShare` naming the owner: a weight outside `weights`, or an owner the database
    ///   cannot store (a NUL character).
    static func validate(owner: String, weight: Int) throws(QueueError) {
        guard !owner.contains("\0") else {
            throw QueueError.invalidShare("owner \(owner.debugDescription) contains a NUL character")
        }
        guard weights.contains(weight) else {
            throw QueueError.invalidShare("owner \(owner.debugDescription): weight \(weight) is outside "
                                          + "\(weights.lowerBound)…\(weights.upperBound)")
        }
    }

    /// An owner's running work per unit of weight, the claim's key after priority. The SQL divides the same two
    /// integers as float8 (`SegmentSQL.claim`), so both drivers see the same values and the same ties.
    static func load(frames: Int64, weight: Int) -> Double { Double(frames) / Double(weight) }
}
