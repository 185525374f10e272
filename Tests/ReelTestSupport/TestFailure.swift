/// A failure of the tests' own machinery (a tool that failed, a timeout, a missing binary or server), with what a
/// person needs to act on it. Never a skip: what the tests need is installed by scripts/setup.sh.
public struct TestFailure: Error, CustomStringConvertible, Sendable {
    /// What went wrong, and where.
    public var description: String

    /// - Parameter description: what went wrong, and where.
    public init(_ description: String) { self.description = description }
}
