/// The option table of `reel serve` (the command itself is the web view's; this is its help and its parser).
extension Specs {
    static let serve = CommandSpec(
        name: "serve", usage: ["[options]"],
        about: "A live web view of the farm's queue (jobs, one job's segment strip, workers), its JSON API at /api/v1 "
            + "(docs/json.md), server-sent events at /events and Prometheus metrics at /metrics. Reads go through the "
            + "schema's read-only role <schema>_monitor when it exists and the login role may act as it (reel db roles); "
            + "writes, when allowed, use the login role (or --write-db). Runs until SIGINT or SIGTERM.",
        options: [Option(name: "listen", value: "HOST:PORT",
                         help: "where to listen: a numeric IPv4 or [IPv6] address; 0.0.0.0:8700 for every interface, "
                             + "which needs --tls-cert and --tls-key (or --insecure-listen)",
                         defaultText: "127.0.0.1:8700, this machine only", env: "REEL_SERVE_LISTEN"),
                  Option(name: "tls-cert", value: "F",
                         help: "serve HTTPS only, with this PEM certificate chain (with --tls-key); session cookies "
                             + "are then Secure", env: "REEL_SERVE_TLS_CERT"),
                  Option(name: "tls-key", value: "F",
                         help: "the PEM private key of --tls-cert: a regular file, mode 0600 (0640 warns; readable "
                             + "by every user is refused)", env: "REEL_SERVE_TLS_KEY"),
                  Option(name: "insecure-listen", value: nil,
                         help: "allow a --listen address beyond loopback without TLS, when a TLS proxy in front or "
                             + "a private network protects it: tokens and cookies travel in clear text"),
                  Option(name: "max-requests-per-minute", value: "N",
                         help: "requests one client may make in a minute (at most N at once); more are answered 429 "
                             + "with Retry-After. A client is its bearer token when that is right, else its address",
                         defaultText: "1200"),
                  Option(name: "token-file", value: "F",
                         help: "a file holding the token that allows cancel, retry and priority changes (pages sign in "
                             + "with it; scripts send \"Authorization: Bearer TOKEN\"); at least 16 characters, mode 0600",
                         defaultText: "none: read-only", env: "REEL_SERVE_TOKEN_FILE"),
                  Option(name: "read-only", value: nil, help: "serve no write action at all, even with a token"),
                  Option(name: "api-tokens", value: nil,
                         help: "bearer tokens made by reel token also sign in and write, each as its user: a submit "
                             + "token cancels, retries and reprioritises only its own jobs (another user's answers 404); "
                             + "they are checked through the write connection, which needs <schema>_api's rights"),
                  Option(name: "write-db", value: "URL",
                         help: "the database connection that cancel, retry and priority use, e.g. as <schema>_operate, "
                             + "while reads use --db as <schema>_monitor; without a password (the process list shows "
                             + "it): keep that in a pgpass file (PGPASSFILE), or give the whole URL in the variable",
                         defaultText: "the --db connection", env: "REEL_SERVE_WRITE_DATABASE_URL"),
                  Option(name: "public-url", value: "URL",
                         help: "the address people open when a reverse proxy is in front, e.g. https://reel.example.com: "
                             + "its host is answered, pages there may write, and https makes the session cookie Secure",
                         defaultText: "none: loopback names and IP addresses only", env: "REEL_SERVE_PUBLIC_URL"),
                  Option(name: "allow-host", value: "NAME",
                         help: "another name this server answers to (a Host header), e.g. the Service name Prometheus "
                             + "scrapes; requests naming any other host are refused (421), against DNS rebinding",
                         env: "REEL_SERVE_ALLOW_HOSTS (comma-separated)", repeatable: true),
                  Option(name: "max-streams", value: "N",
                         help: "open event streams (live pages) from everyone; more are refused (503) and poll instead",
                         defaultText: "32"),
                  Option(name: "max-streams-per-client", value: "N",
                         help: "open event streams from one client address (an IPv6 /64); more are refused (429). Behind "
                             + "a reverse proxy every page comes from the proxy: set it to --max-streams",
                         defaultText: "4"),
                  Option(name: "webhook-secret-file", value: "F",
                         help: "a file holding the key that signs webhook POSTs (Reel-Signature: t=…,v1=HMAC-SHA256 of "
                             + "\"t.body\"); with it this server delivers the webhooks of ended jobs from the database",
                         defaultText: "none: webhooks wait, pending", env: "REEL_SERVE_WEBHOOK_SECRET_FILE"),
                  Option(name: "webhook-allow", value: "CIDR",
                         help: "a network webhooks may reach although it is loopback, link-local, private, CGNAT, "
                             + "multicast or a metadata address (refused otherwise), e.g. 10.1.2.0/24",
                         env: "REEL_SERVE_WEBHOOK_ALLOW (comma-separated)", repeatable: true),
                  Option(name: "webhook-retry-base-ms", value: "MS",
                         help: "the wait after a webhook's first failed attempt, doubling up to an hour (±20 % jitter); "
                             + "attempts stop 24 h after the job ended", defaultText: "30000"),
                  Option(name: "storage", value: "DIR",
                         help: "the shared part store, for segment thumbnails and poster frames",
                         defaultText: "none: the pages show no images", env: "REEL_STORAGE"),
                  Option(name: "media-root", value: "DIR",
                         help: "sources must lie under DIR, as for the workers: to render a missing thumbnail on demand, "
                             + "and for jobs submitted to POST /api/v1/jobs (their relative paths resolve against the first)",
                         defaultText: "anywhere; no submissions", env: "REEL_MEDIA_ROOTS (colon-separated)", repeatable: true),
                  Option(name: "output-root", value: "DIR",
                         help: "where jobs submitted to POST /api/v1/jobs may publish: their output names are relative to "
                             + "the first DIR (submissions also need --media-root, --storage and the token)",
                         defaultText: "none: no submissions", env: "REEL_OUTPUT_ROOTS (colon-separated)", repeatable: true)]
            + dbOptions)
}
