import Foundation
import ReelMedia
import ReelModel

/// reel — the command line. Thin: each command parses its arguments and calls the library.
/// Exit status: 0 success, 1 failure (or an invalid composition), 2 usage error, 130 interrupted.
/// Every error and warning starts `reel COMMAND: ` (`reel: ` before a command is known); progress and the
/// worker's log lines are not errors and have none.
enum CLI {
  static let commands: [String: (summary: String, run: @Sendable ([String]) throws -> Int32)] = [
    "validate": ("check a composition and report every problem", Commands.validate),
    "plan": ("print the instructions and segments of a composition", Commands.plan),
    "render": ("render a composition on this machine", Commands.render),
    "thumbnails": ("render single frames as PNG", Commands.thumbnails),
    "export-otio": ("write a composition as an OpenTimelineIO timeline", Commands.exportOTIO),
    "probe": ("print what Reel sees in a media file", Commands.probe),
    "db": ("database administration: reel db migrate, reel db roles", FarmCommands.db),
    "submit": ("queue a composition on the farm", FarmCommands.submit),
    "worker": ("render segments from the farm's queue", FarmCommands.worker),
    "jobs": ("list the farm's jobs", FarmCommands.jobs),
    "status": ("show one job: segments by state, progress, failures", FarmCommands.status),
    "workers": ("list the farm's workers", FarmCommands.workers),
    "cancel": ("cancel a job, keeping finished parts", FarmCommands.cancel),
    "retry": ("requeue a job's failed segments", FarmCommands.retry),
    "watch": ("follow a job with a live progress bar", FarmCommands.watch),
    "gc": ("delete old parts no active job references", FarmCommands.gc),
    "serve": ("a live web view of the queue, its JSON API and Prometheus metrics", FarmCommands.serve),
    "token": ("the API's bearer tokens: reel token create, list, revoke", TokenCommand.run),
  ]
}
// glibc's heap settings, before any thread allocates (a heap made before them stays for the process's life).
AllocatorTuning.ensure()
let commands = CLI.commands

func usage() -> String {
    let commands = CLI.commands
    let lines = commands.keys.sorted().map { "  \($0.padding(toLength: 11, withPad: " ", startingAt: 0)) \(commands[$0]!.summary)" }
    return "usage: reel <command> [options]\n\ncommands:\n" + lines.joined(separator: "\n")
        + "\n\nRun reel <command> --help for a command's options, their defaults and environment variables."
        + "\nREEL_FFMPEG_LOG=info (or warning, verbose, debug) keeps more of FFmpeg's own log; the default is quiet."
        + "\nA farm on one machine: scripts/local-farm.sh (README, \"A farm on one machine in three commands\")."
}

MediaLogging.configure()
let argv = Array(CommandLine.arguments.dropFirst())
guard let name = argv.first, name != "--help", name != "-h", name != "help" else {
    print(usage())
    exit(argv.isEmpty ? 2 : 0)
}
if name == "--version" { print("reel \(Commands.version)"); exit(0) }
guard let command = commands[name] else {
    let hint = Suggestion.closest(to: name, in: Array(commands.keys)).map { " (did you mean \($0)?)" } ?? ""
    writeErr("reel: unknown command \"\(name)\"\(hint)\n\n\(usage())\n")
    exit(2)
}
do {
    exit(try command.run(Array(argv.dropFirst())))
} catch let error as UsageError {
    writeErr("reel \(name): \(error.message)\n")
    exit(2)
} catch {
    writeErr("reel \(name): \(errorText(error))\n")
    exit(1)
}
