import Foundation

/// What a finished program left.
public struct TestOutput: Sendable {
    /// The exit status, or 128 + the signal's number when a signal ended it.
    public var status: Int32
    /// Standard output, as bytes (raw frames and samples come this way).
    public var stdoutData: Data
    /// Standard error.
    public var stderr: String
    /// A signal ended the program.
    public var signalled: Bool

    /// Standard output, as UTF-8 text.
    public var stdout: String { String(decoding: stdoutData, as: UTF8.self) }

    /// - Parameters:
    ///   - status: the exit status, or 128 + the signal's number.
    ///   - stdoutData: standard output.
    ///   - stderr: standard error.
    ///   - signalled: a signal ended the program.
    public init(status: Int32, stdoutData: Data, stderr: String, signalled: Bool = false) {
        self.status = status
        self.stdoutData = stdoutData
        self.stderr = stderr
        self.signalled = signalled
    }
}
