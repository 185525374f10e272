/// The option tables of the single-machine commands, and the options several commands share.
enum Specs {
    static let json = Option(name: "json", value: nil, help: "print JSON (snake_case keys; docs/json.md) instead of text")
    static let output = Option(name: "output", value: "OUT", help: "the output file (.mp4, .mov or .m4v); written atomically",
                               short: "o")
    static let segmentSeconds = Option(
        name: "segment-seconds", value: "S",
        help: "target segment length in exact seconds (10, 2.5, 7/30); a segment grows past it only where a transition needs",
        defaultText: "10")
    /// `reel render`'s and `reel submit`'s: the output holds exactly the frames starting in [A, B) (`OutputRange`).
    static let range = Option(
        name: "range", value: "A..B",
        help: "render and publish only the frames that start in seconds [A, B): frames ceil(A·fps) to ceil(B·fps) "
            + "and their samples (exact seconds; either end may be left out)")
    /// `reel render`'s: a short job is cut for its workers (`Project.balanced(workers:)`).
    static let renderSegmentSeconds = Option(
        name: "segment-seconds", value: "S", help: segmentSeconds.help,
        defaultText: "10; a job of fewer than 4 segments per worker is cut where its estimated cost splits evenly over the workers (docs/scaling.md)")
    static let preset = Option(name: "preset", value: "P",
                               help: "x264 preset override (ultrafast … veryslow); faster presets make bigger files",
                               defaultText: "the composition's, else veryfast")
    static let encoderThreads = Option(name: "encoder-threads", value: "N",
        help: "the video encoder's threads for every part (1…16), for a composition that sets no output.video.threads; "
            + "x264's and x265's output depends on it, and its memory grows with it (about 25 MB a thread at 1080p)",
        defaultText: "4, on every host, so reel render and the farm write the same bytes")
    static let stitch = Option(name: "stitch", value: "MODE",
        help: "rolling: a stitcher thread appends each part as soon as every part before it is done, so the output "
            + "is published about a second after the last segment; end: stitch in one pass after the last segment "
            + "(the same bytes, for comparison)", defaultText: "rolling")
    static let stitchAudioThreads = Option(name: "stitch-audio-threads", value: "N",
        help: "encode the output's AAC audio in parallel 20 s chunks on N threads, each chunk's encoder started 1 s "
            + "early so no join can be heard (docs/scaling.md, \"Parallel audio\"); for farms whose workers outrun "
            + "one core's audio encode. Other codecs are encoded once", defaultText: "1: one encode, in order")
    static let overwrite = Option(name: "overwrite", value: nil,
                                  help: "replace an existing file at -o (like ffmpeg's -y); never one of the job's "
                                      + "own inputs")
    static let lossless = Option(name: "lossless", value: nil,
                                 help: "x264 qp 0 and PCM audio, for exact comparisons; needs a .mov output")
    static let otio = [
        Option(name: "media-map", value: "OLD=NEW", help: "(.otio) rewrite a media path prefix; tried in order",
               repeatable: true),
        Option(name: "offline", value: "slate",
               help: "(.otio) render missing media as MEDIA OFFLINE slates instead of failing"),
    ]
    /// `--server`, its token and its authorities, for the commands that read or steer jobs through `reel serve`.
    static let serverOptions = [
        Option(name: "server", value: "URL",
               help: "through reel serve's API (https://farm:8700) instead of the database; the token decides what is "
                   + "seen: a submit token sees and steers only its own jobs",
               defaultText: "none: the database", env: "REEL_SERVER"),
        Option(name: "token-file", value: "F", help: "with --server: a file holding the token", defaultText: "REEL_TOKEN",
               env: "REEL_TOKEN_FILE"),
        Option(name: "cacert", value: "F",
               help: "with --server: a PEM file of the certificate authorities to trust for an https server (a farm's "
                   + "own or self-signed certificate), as curl --cacert",
               defaultText: "the system's trust store"),
    ]

    static let dbOptions = [
        Option(name: "db", value: "URL",
               help: "the PostgreSQL database: a libpq URL (postgresql://user@host:port/dbname) or conninfo string; "
                   + "without it and REEL_DATABASE_URL, libpq's own variables apply (PGHOST, PGPORT, PGUSER, PGDATABASE, "
                   + "PGPASSWORD, PGPASSFILE or ~/.pgpass, PGSSLMODE…)",
               env: "REEL_DATABASE_URL"),
        Option(name: "schema", value: "NAME", help: "the schema holding Reel's tables ([a-z_][a-z0-9_]*)",
               defaultText: "the server's search_path, normally public", env: "REEL_SCHEMA"),
    ]
    static let storage = Option(
        name: "storage", value: "DIR",
        help: "the shared part store: a folder every worker and the submitting host see at the same path "
            + "(NFS, a bind mount); workers write parts there and the stitcher reads them back",
        defaultText: "none; required", env: "REEL_STORAGE")
    static let mediaRoot = Option(
        name: "media-root", value: "DIR",
        help: "source media must lie under DIR; anything else is refused before rendering",
        defaultText: "anywhere", env: "REEL_MEDIA_ROOTS (colon-separated)", repeatable: true)
    static let outputRoot = Option(
        name: "output-root", value: "DIR",
        help: "the output must lie under DIR, never inside the part store or through a link",
        defaultText: "anywhere", env: "REEL_OUTPUT_ROOTS (colon-separated)", repeatable: true)

    static let validate = CommandSpec(
        name: "validate", usage: ["COMPOSITION [options]"],
        about: "Checks a composition (.json or .otio) against its media and prints every problem, one a line, "
            + "naming the place. Exit status 1 when there is any.",
        options: [json] + otio)
    static let plan = CommandSpec(
        name: "plan", usage: ["COMPOSITION [options]"],
        about: "Prints the instructions (which clip or transition covers which time) and the segments a render "
            + "would use, with their frames and content hashes.",
        options: [json, segmentSeconds] + otio)
    static let probe = CommandSpec(
        name: "probe", usage: ["FILE [options]"], about: "Prints what Reel sees in a media file: streams, rates, durations, and the colour it reads (or assumes).",
        options: [json, Option(name: "keyframes", value: nil, help: "also list the video's keyframes (reads the whole file)")])
    static let thumbnails = CommandSpec(
        name: "thumbnails", usage: ["COMPOSITION --at T[,T…] -o DIR"],
        about: "Renders single frames of a composition as PNG files named tSECONDSs.png.",
        options: [Option(name: "at", value: "T[,T…]", help: "times in exact seconds (2.5, 7/30), comma-separated"),
                  Option(name: "output", value: "DIR", help: "the folder for the PNG files (created when missing)",
                         short: "o")])
    static let exportOTIO = CommandSpec(
        name: "export-otio", usage: ["COMPOSITION -o OUT.otio"],
        about: "Writes a composition as an OpenTimelineIO timeline. Reel-only settings (output, titles, voice-overs, "
            + "music, clip volume) go in metadata.reel, so importing it renders the same.",
        options: [Option(name: "output", value: "OUT.otio", help: "the timeline file to write", short: "o")] + otio)
    static let render = CommandSpec(
        name: "render", usage: ["COMPOSITION -o OUT [options]"],
        about: "Renders a composition on this machine: plans it, renders its segments on in-process workers, "
            + "stitches them. Parts are kept in the storage folder, so an unchanged segment is reused next time. "
            + "Ctrl-C stops at the next frame and writes nothing.",
        options: [output, overwrite, renderSegmentSeconds, preset, lossless, encoderThreads, stitch, stitchAudioThreads,
                  Option(name: "workers", value: "N", help: "in-process workers, each rendering one segment at a time",
                         defaultText: "the number of cores"),
                  range,
                  Option(name: "storage", value: "DIR", help: "where parts are kept for reuse",
                         defaultText: "$XDG_CACHE_HOME/reel or ~/.cache/reel", env: "REEL_STORAGE"),
                  Option(name: "json", value: nil, help: "progress as JSON events on standard output, one a line "
                         + "(snake_case keys; docs/json.md)")] + otio)
}
