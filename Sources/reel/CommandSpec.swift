/// One option of a command: the table row that both the parser's allowed set and `--help` come from,
/// so the two cannot drift.
struct Option: Sendable {
    /// The long name, without dashes.
    var name: String
    /// The value's placeholder (`N`, `DIR`); nil for a flag that takes none.
    var value: String?
    /// What it does, for people.
    var help: String
    /// The default, as people read it; nil when there is none worth saying.
    var defaultText: String? = nil
    /// The environment variable(s) it falls back to, e.g. `REEL_STORAGE`.
    var env: String? = nil
    /// A short alias (`o` for `output`).
    var short: String? = nil
    /// May be given more than once.
    var repeatable = false

    /// `-o, --output OUT`, as help shows it.
    var label: String {
        (short.map { "-\($0), " } ?? "") + "--\(name)" + (value.map { " \($0)" } ?? "") + (repeatable ? " …" : "")
    }
}

/// A command's usage line, description and option table.
struct CommandSpec: Sendable {
    /// The command's name (`worker`, `db`).
    var name: String
    /// What follows `reel NAME` in the usage line(s), e.g. `COMPOSITION -o OUT [options]`.
    var usage: [String]
    /// A paragraph or two: what the command does and what it prints.
    var about: String
    var options: [Option]

    /// Parses `args`, or prints the help and returns nil when `--help` or `-h` is among them.
    /// - Throws: `UsageError` for an unknown option or a missing value.
    func parse(_ args: [String]) throws -> Arguments? {
        if args.contains("--help") || args.contains("-h") {
            print(helpText)
            return nil
        }
        var shorts: [String: String] = [:]
        for option in options { if let s = option.short { shorts[s] = option.name } }
        return try Arguments(args, options: Set(options.filter { $0.value != nil }.map(\.name)),
                             flags: Set(options.filter { $0.value == nil }.map(\.name)), short: shorts, command: name)
    }

    /// The `--help` text: usage, description, then every option with its default and environment variable.
    var helpText: String {
        var lines = usage.enumerated().map { i, u in (i == 0 ? "usage: " : "       ") + "reel \(name) \(u)" }
        lines.append("")
        lines += Self.wrap(about, width: 100, indent: "  ")
        lines.append("")
        lines.append(options.isEmpty ? "options: none but --help" : "options:")
        for option in options.sorted(by: { $0.name < $1.name }) {
            var text = option.help
            if let d = option.defaultText { text += " (default: \(d))" }
            if let e = option.env { text += " [env: \(e)]" }
            let label = "  " + option.label
            let body = Self.wrap(text, width: 100, indent: String(repeating: " ", count: 26))
            if label.count < 25 {
                lines.append(label.padding(toLength: 26, withPad: " ", startingAt: 0)
                             + body[0].drop(while: { $0 == " " }))
                lines += body.dropFirst()
            } else {
                lines.append(label)
                lines += body
            }
        }
        lines.append("  -h, --help              print this help")
        return lines.joined(separator: "\n")
    }

    /// Words of `text` in lines no longer than `width` (a word longer than that keeps its own line);
    /// blank lines in `text` stay.
    static func wrap(_ text: String, width: Int, indent: String) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = indent
            for word in paragraph.split(separator: " ") {
                if line.count > indent.count && line.count + 1 + word.count > width {
                    lines.append(line)
                    line = indent
                }
                line += (line.count > indent.count ? " " : "") + word
            }
            lines.append(line)
        }
        return lines.map { $0.allSatisfy { $0 == " " } ? "" : $0 }
    }
}
