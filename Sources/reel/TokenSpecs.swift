/// The option table of `reel token`.
extension Specs {
    static let token = CommandSpec(
        name: "token", usage: ["create --user NAME --scope submit|operate|admin [options]", "list [options]",
                               "revoke ID [options]"],
        about: "Manages the API's bearer tokens (reel serve). create prints a new random token and its webhook signing "
            + "secret once: only the token's BLAKE2b hash is stored, so it cannot be shown again. A submit token sees "
            + "and steers only its user's jobs; operate and admin act on any job. list shows every token (never the "
            + "token itself); revoke stops one at once (exit status 1 when it was already revoked). Run it as the "
            + "schema's owner: no other database role may write api_tokens.",
        options: [Option(name: "user", value: "NAME", help: "(create) the token's user, the owner of its jobs: 1–64 "
                             + "characters of a-z, 0-9, '.', '_', '-'"),
                  Option(name: "scope", value: "S", help: "(create) submit, operate or admin"),
                  Option(name: "expires", value: "D", help: "(create) lifetime (30m, 36h, 90d), or never",
                         defaultText: "90d"),
                  Option(name: "media-root", value: "DIR", help: "(create) a folder the user's compositions may read",
                         defaultText: "none: the server's", repeatable: true),
                  Option(name: "output-root", value: "DIR", help: "(create) the folder the user's outputs go under",
                         defaultText: "none: the server's"),
                  Option(name: "rate", value: "N", help: "(create) requests per minute", defaultText: "the server's"),
                  Option(name: "max-active-jobs", value: "N", help: "(create) jobs queued or rendering at once",
                         defaultText: "the server's"),
                  Option(name: "max-queued-frames", value: "N", help: "(create) frames waiting to render at once",
                         defaultText: "the server's"),
                  Option(name: "json", value: nil, help: "print JSON")] + Specs.dbOptions)
}
