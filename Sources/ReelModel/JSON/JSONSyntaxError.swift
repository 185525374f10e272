/// A JSON document that could not be parsed, with the 1-based line and column of the problem.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// "line 3, column 7: expected ',' or '}' after an object member".
    public var description: String { "line \(line), column \(column): \(message)" }
}
