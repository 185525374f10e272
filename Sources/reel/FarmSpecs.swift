/// The option tables of the farm's commands.
extension Specs {
    static let jobArgument = "JOB [options]"

    static let db = CommandSpec(
        name: "db", usage: ["migrate [--roles] [options]", "roles [options]", "share [OWNER WEIGHT] [options]"],
        about: "migrate applies Reel's schema migrations (running it twice is harmless). roles (or migrate --roles) "
            + "creates the schema's roles and grants exactly their rights: SCHEMA_worker (reel worker), SCHEMA_submit "
            + "(reel submit), SCHEMA_operate (reel cancel, retry, the web view's writes), SCHEMA_monitor (reads) and "
            + "SCHEMA_api (the API server, acting for token holders); "
            + "run it as the schema's owner, not a superuser. share sets OWNER's fair-share weight (1…10000, default 1; "
            + "'' is jobs submitted without an account): within a priority, the next segment goes to the owner with the "
            + "fewest running frames per unit of weight (docs/queue-states.md); it then lists the weights set. "
            + "A private PostgreSQL for one machine: scripts/local-farm.sh (README).",
        options: Specs.dbOptions + [Option(name: "roles", value: nil, help: "(migrate) also create the roles, after migrating"),
                             Option(name: "json", value: nil, help: "(roles, share) print the roles or the weights as JSON")])
    static let submit = CommandSpec(
        name: "submit", usage: ["COMPOSITION -o OUT [options]"],
        about: "Checks, probes and plans a composition and queues it on the farm as one job with all its segments; "
            + "prints the job id. Workers render the segments; the one that finishes the last stitches OUT. "
            + "Needs the shared storage: segments whose part is already there (same content hash) are reused at once, "
            + "and OUT may not lie inside it. The job's owner is $USER.",
        options: [Option(name: "output", value: "OUT",
                         help: "the output file (.mp4, .mov or .m4v) as the workers see it; a path another active job "
                             + "writes is refused", short: "o"),
                  Option(name: "priority", value: "P",
                         help: "any whole number; higher runs first: workers claim the segments of higher-priority "
                             + "jobs before any other; among equal priorities the owner with the least work running "
                             + "(weighted: reel db share), then the work waiting longest; a running segment is never "
                             + "preempted", defaultText: "0"),
                  Option(name: "name", value: "N", help: "a label for people", defaultText: "the composition's file name"),
                  Option(name: "max-attempts", value: "N", help: "attempts per segment (1…100) before the job fails",
                         defaultText: "3"),
                  Option(name: "tags", value: "a,b", help: "only workers started with all of these tags render the job",
                         defaultText: "none: any worker"),
                  segmentSeconds, range, preset, lossless, Specs.encoderThreads, overwrite, storage, mediaRoot, outputRoot,
                  Option(name: "json", value: nil, help: "print the job id and counts as JSON"),
                  Option(name: "webhook", value: "URL",
                         help: "POSTed the job's final state when it ends (done, failed, canceled), signed with "
                             + "Reel-Signature (docs/api.md); through --server, with your token's webhook secret",
                         defaultText: "none"),
                  Option(name: "server", value: "URL",
                         help: "submit through reel serve's API (POST URL/api/v1/jobs) instead of the database: the server "
                             + "validates and probes under its own media roots, and -o is a name relative to its output "
                             + "root; --preset, --lossless, --encoder-threads, --overwrite, --max-attempts, the roots, --storage and the OTIO "
                             + "options are the server's to decide and are refused here",
                         defaultText: "none: the database", env: "REEL_SERVER"),
                  Specs.serverOptions[1], Specs.serverOptions[2]] + otio + Specs.dbOptions)
    static let worker = CommandSpec(
        name: "worker", usage: ["[options]"],
        about: "Registers with the farm, then claims and renders segments (and stitches finished jobs) until stopped. "
            + "The first SIGTERM or Ctrl-C drains: segments in progress finish, then the worker exits; a second one "
            + "stops at the next frame and gives the segment back to the queue. Log lines go to standard error. "
            + "It needs media and output roots (or --no-roots): it renders what anyone who can submit sends.",
        options: [Option(name: "concurrency", value: "N",
                         help: "segments rendered at once (1…64), each on its own thread and slot id NAME/i",
                         defaultText: "1"),
                  Option(name: "tags", value: "a,b", help: "this worker's tags; it claims only jobs whose tags it all has",
                         defaultText: "none: only untagged jobs"),
                  Option(name: "name", value: "ID", help: "the worker's id in reel workers", defaultText: "HOST-PID",
                         env: "REEL_WORKER_NAME"),
                  Option(name: "lease-seconds", value: "S",
                         help: "how long a claim holds without a heartbeat (2…3600); heartbeats come every quarter lease",
                         defaultText: "60"),
                  Option(name: "stall-seconds", value: "S",
                         help: "a segment that finishes no frame for S seconds is stuck: the attempt fails and goes back "
                             + "to the queue; a render thread that stays blocked ends the worker with status 75 "
                             + "(EX_TEMPFAIL) so systemd or Kubernetes restarts it", defaultText: "120"),
                  Option(name: "deadline-factor", value: "F",
                         help: "a segment may take F times its frames at this worker's measured cost per frame, plus "
                             + "the stall time, before it counts as stuck too", defaultText: "20"),
                  Option(name: "retry-base-ms", value: "MS",
                         help: "the delay before a failed segment is retried, doubling per attempt up to 300 s "
                             + "(small values suit tests and small farms)", defaultText: "5000", env: "REEL_RETRY_BASE_MS"),
                  Specs.stitch,
                  Specs.stitchAudioThreads,
                  Option(name: "render-nice", value: "N",
                         help: "added to the render threads' nice value (0…19), so the rolling stitcher's thread is "
                             + "scheduled first when the slots keep every core busy (docs/scaling.md)", defaultText: "5"),
                  storage,
                  Option(name: "media-root", value: "DIR",
                         help: "source media must lie under DIR; a job naming anything else fails",
                         defaultText: "none: required unless --no-roots", env: "REEL_MEDIA_ROOTS (colon-separated)",
                         repeatable: true),
                  Option(name: "output-root", value: "DIR",
                         help: "outputs must lie under DIR; the worker refuses to publish anywhere else, even what "
                             + "submit let through", defaultText: "none: required unless --no-roots",
                         env: "REEL_OUTPUT_ROOTS (colon-separated)", repeatable: true),
                  Option(name: "no-roots", value: nil,
                         help: "start without media or output roots: the worker then reads any file a composition "
                             + "names and publishes wherever a job says (only where everyone who submits is trusted)"),
                  Option(name: "json", value: nil, help: "log lines as JSON objects (msg, time and snake_case fields)")]
            + Specs.dbOptions)
    static let jobs = CommandSpec(
        name: "jobs", usage: ["[options]"], about: "Lists the farm's jobs, newest first.",
        options: [Option(name: "state", value: "S[,S…]",
                         help: "only jobs in these states: queued, running, stitching, done, failed, canceled",
                         defaultText: "all"),
                  Option(name: "limit", value: "N", help: "at most N jobs (1…10000)", defaultText: "50"), json]
            + Specs.serverOptions + Specs.dbOptions)
    static let status = CommandSpec(
        name: "status", usage: [jobArgument],
        about: "Shows one job: segments by state, frames done, fps and ETA, and every failed attempt with its message. "
            + "Exit status 1 when the job failed.", options: [json] + Specs.serverOptions + Specs.dbOptions)
    static let workers = CommandSpec(
        name: "workers", usage: ["[options]"],
        about: "Lists the registered workers: state (working, idle, draining, stopped, or gone after 120 s without a "
            + "heartbeat), host, last heartbeat, current segment, recent fps, segments done.",
        options: [json] + Specs.dbOptions)
    static let cancel = CommandSpec(
        name: "cancel", usage: [jobArgument],
        about: "Cancels an active job: running segments stop at the next frame; finished parts are kept for a retry "
            + "or a later job. Exit status 1 when the job was not active.", options: Specs.serverOptions + Specs.dbOptions)
    static let retry = CommandSpec(
        name: "retry", usage: [jobArgument],
        about: "Requeues a failed or canceled job's unfinished segments with fresh attempts. Exit status 1 when there "
            + "was nothing to retry.", options: Specs.serverOptions + Specs.dbOptions)
    static let watch = CommandSpec(
        name: "watch", usage: [jobArgument],
        about: "Follows a job with a live progress bar (plain lines into a pipe) until it ends; exit status 0 when "
            + "it is done, 1 otherwise.",
        options: [Option(name: "json", value: nil, help: "progress as JSON events on standard output, one a line")]
            + Specs.serverOptions + Specs.dbOptions)
    static let gc = CommandSpec(
        name: "gc", usage: ["[options]"],
        about: "Deletes parts and stale temporary files under DIR/parts that no queued, running or stitching job "
            + "references and that are older than --older-than.",
        options: [Option(name: "older-than", value: "D", help: "the age a part must pass (30m, 36h, 7d)",
                         defaultText: "7d"),
                  Option(name: "dry-run", value: nil, help: "only list what would be deleted"),
                  storage, json] + Specs.dbOptions)
}
