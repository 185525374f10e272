import ReelModel

/// A usage error: exit status 2, printed as `reel COMMAND: message` (`reel COMMAND --help` has the options).
struct UsageError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Parsed command-line arguments of one subcommand: positionals, options with values, and flags.
///
/// Options are `--name value` or `--name=value`; `-o` is accepted as a short form where declared.
/// Unknown options are a usage error with a did-you-mean suggestion.
struct Arguments {
    private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// - Parameters:
    ///   - args: the arguments after the subcommand name.
    ///   - options: names (without dashes) that take a value.
    ///   - flags: names that take none.
    ///   - short: short aliases, e.g. `["o": "output"]`.
    ///   - command: the command's name, for the message that lists the options when none is close.
    init(_ args: [String], options: Set<String>, flags flagNames: Set<String>, short: [String: String] = [:],
         command: String) throws {
        var i = 0
        while i < args.count {
            let arg = args[i]
            i += 1
            if arg == "--" { positionals.append(contentsOf: args[i...]); break }
            guard arg.hasPrefix("-"), arg.count > 1, !Arguments.isNumber(arg) else { positionals.append(arg); continue }
            var name = String(arg.drop(while: { $0 == "-" }))
            var inline: String?
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if !arg.hasPrefix("--"), let long = short[name] { name = long }
            if flagNames.contains(name) {
                guard inline == nil else { throw UsageError(message: "--\(name) takes no value") }
                flags.insert(name)
            } else if options.contains(name) {
                let value: String
                if let inline { value = inline } else {
                    guard i < args.count else { throw UsageError(message: "--\(name) needs a value") }
                    value = args[i]
                    i += 1
                }
                values[name, default: []].append(value)
            } else {
                let known = options.union(flagNames).sorted()
                let hint = Suggestion.closest(to: name, in: known).map { "; did you mean --\($0)?" }
                    ?? (known.isEmpty ? "; reel \(command) takes no options"
                                      : "; reel \(command) takes " + known.map { "--\($0)" }.joined(separator: ", "))
                throw UsageError(message: "unknown option \(arg)\(hint)")
            }
        }
    }

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value parsed as an integer within `range`.
    func int(_ name: String, in range: ClosedRange<Int> = Int.min...Int.max) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let n = Int(text), range.contains(n) else {
            throw UsageError(message: "--\(name) must be a whole number in \(range.lowerBound)…\(range.upperBound), got \"\(text)\"")
        }
        return n
    }

    /// Exactly `count` positionals, named in the message when missing.
    func positionals(_ names: String...) throws -> [String] {
        guard positionals.count == names.count else {
            if positionals.count < names.count {
                throw UsageError(message: "missing \(names[positionals.count])")
            }
            throw UsageError(message: "unexpected argument \"\(positionals[names.count])\"")
        }
        return positionals
    }

    private static func isNumber(_ s: String) -> Bool { Double(s) != nil }
}
