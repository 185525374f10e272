import ReelQueue

extension QueueError {
    /// Where `reel` takes its database connection from, in the order it looks.
    static let connectionHint = "(the connection comes from --db, else REEL_DATABASE_URL, else the PGHOST, PGPORT, "
        + "PGUSER, PGDATABASE and PGPASSWORD variables or ~/.pgpass)"

    /// The error as `reel` prints it: the library's text, and for a database it cannot reach, where the connection
    /// comes from (the library knows nothing of the command line's flags).
    var commandLineText: String {
        guard case .connection = self else { return description }
        return description + " " + Self.connectionHint
    }
}

/// Any error as `reel` prints it (`QueueError.commandLineText` for the queue's).
func errorText(_ error: any Error) -> String {
    (error as? QueueError)?.commandLineText ?? "\(error)"
}
