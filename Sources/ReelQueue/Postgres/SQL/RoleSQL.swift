/// Statements of `DatabaseRoles`. Role and schema names are identifiers (they cannot be parameters): they are
/// validated by `DatabaseRoles.roleNames(schema:)` and quoted with libpq's `PQescapeIdentifier`.
///
/// The column lists are exactly what each role's statements write (JobSQL, SegmentSQL); a column a role does not
/// write is refused with 42501. The role matrix (deploy/README.md, DatabaseRoleMatrixTests) shows the outcome.
enum RoleSQL {
    static let whoAmI = """
        SELECT current_schema() AS schema, current_user AS me,
            (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser
        """

    /// $1 schema.
    static let migrated = "SELECT to_regclass(quote_ident($1) || '.reel_schema_migrations')::text AS migrations"

    /// $1 role name. `extra` is true when the role holds more than LOGIN: an attribute, or membership in any role
    /// (the owner, pg_execute_server_program, pg_write_server_files …), whose rights it could use.
    static let roleRights = """
        SELECT rolsuper OR rolcreaterole OR rolcreatedb OR rolreplication OR rolbypassrls
            OR EXISTS (SELECT 1 FROM pg_auth_members m WHERE m.member = r.oid) AS extra
        FROM pg_roles r WHERE rolname = $1
        """

    /// $1 role name: whether it exists and the login role may `SET ROLE` to it.
    static let canActAs = """
        SELECT to_regrole($1) IS NOT NULL AND pg_has_role(current_user, to_regrole($1), 'MEMBER') AS can
        """

    static let createOptions = "LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS INHERIT"

    /// `jobs` columns the worker writes: the state, the stitch lease and what the stitcher reports (claim,
    /// failure, rescue, rolling stitch). Never the composition, the output, the owner, the name or the priority.
    static let workerJobColumns = ["state", "error", "started_at", "finished_at", "stitch_attempt", "stitch_lease_token",
                                   "stitch_leased_by", "stitch_lease_expires_at", "stitch_started_at", "stitch_us",
                                   "output_bytes", "stitched_segments", "loudness"]
    /// `segments` columns the worker writes: the state, the lease, attempts and their errors, the part and its
    /// figures. Never the job, the frames, the content hash or the priority.
    static let workerSegmentColumns = ["state", "attempt", "lease_token", "leased_by", "lease_expires_at", "scheduled_at",
                                       "available_at", "errors", "part_location", "reused_from", "render_frames",
                                       "render_us", "finished_at", "progress_frames", "claimed_at", "claim_wait_us"]
    /// `jobs` columns `reel submit` inserts (`JobSQL.insert`); the state and the lease keep their defaults.
    static let submitJobColumns = ["name", "owner", "composition", "output_location", "priority", "max_attempts",
                                   "required_tags", "segment_count", "frame_count", "created_at", "webhook_url"]
    /// `jobs` columns the API role inserts (`JobSQL.insertByToken`): the submit role's and the token that submits,
    /// whose secret signs the job's webhooks. A database login of the submit role cannot name a token.
    static let apiJobColumns = submitJobColumns + ["token_id"]
    /// `segments` columns `reel submit` inserts (`SegmentSQL.insertMany`; a reused part arrives done).
    static let submitSegmentColumns = ["job_id", "segment_index", "frame_start", "frame_end", "sample_start", "sample_end",
                                       "content_hash", "state", "priority", "required_tags", "max_attempts",
                                       "scheduled_at", "reused_from", "part_location", "finished_at", "owner"]
    /// `jobs` columns of cancel, retry and priority (`JobSQL.stop`, `.requeue`, `.setPriority`).
    static let operateJobColumns = ["state", "error", "finished_at", "stitch_lease_token", "stitch_leased_by",
                                    "stitch_lease_expires_at", "priority"]
    /// `webhook_deliveries` columns the deliverer of `reel serve` writes on its write connection (`WebhookSQL.claim`,
    /// `.record`); rows are inserted only by the trigger that ends a job, as the owner.
    static let operateWebhookColumns = ["state", "body", "attempts", "next_attempt_at", "last_attempt_at", "last_status",
                                        "last_response", "delivered_at"]
    /// `segments` columns of cancel, retry and priority (`SegmentSQL.cancelForJob`, `.retryForJob`).
    static let operateSegmentColumns = ["state", "attempt", "scheduled_at", "lease_token", "lease_expires_at", "priority"]

    /// `api_tokens` columns the API role writes: a token's last use (`TokenSQL.resolve`). Never the hash, scope,
    /// user, limits, roots, expiry or revocation: tokens are made and revoked by the owner (`reel token`).
    static let apiTokenColumns = ["last_used_at"]

    /// Revokes whatever the five roles held on the schema (column privileges go with the table's), then grants
    /// exactly their rights. Nobody but the owner writes `queue_events` (its triggers run as the owner) or deletes.
    /// Only the owner and the API role read `api_tokens` (its webhook secrets are in clear).
    static func grants(schema: String, roles: DatabaseRoles.Names,
                       quote: (String) throws(QueueError) -> String) throws(QueueError) -> String {
        let s = try quote(schema)
        func table(_ name: String) throws(QueueError) -> String { "\(s).\(try quote(name))" }
        func columns(_ names: [String]) throws(QueueError) -> String { try names.map(quote).joined(separator: ", ") }
        let w = try quote(roles.worker), sub = try quote(roles.submit), o = try quote(roles.operate)
        let m = try quote(roles.monitor), api = try quote(roles.api), all = [w, sub, o, m, api].joined(separator: ", ")
        let jobs = try table("jobs"), segments = try table("segments"), workers = try table("workers")
        let read = [jobs, segments, workers, try table("reel_schema_migrations"), try table("owner_shares")]
            .joined(separator: ", ")
        return """
            REVOKE ALL ON ALL TABLES IN SCHEMA \(s) FROM \(all);
            REVOKE ALL ON ALL SEQUENCES IN SCHEMA \(s) FROM \(all);
            REVOKE ALL ON SCHEMA \(s) FROM \(all);
            GRANT USAGE ON SCHEMA \(s) TO \(all);
            GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA \(s) TO \(all);
            GRANT SELECT ON \(read) TO \(all);
            GRANT SELECT ON \(try table("queue_events")) TO \(m), \(api);
            GRANT INSERT, UPDATE, DELETE ON \(workers) TO \(w);
            GRANT UPDATE (\(try columns(workerJobColumns))) ON \(jobs) TO \(w);
            GRANT UPDATE (\(try columns(workerSegmentColumns))) ON \(segments) TO \(w);
            GRANT INSERT (\(try columns(submitJobColumns))) ON \(jobs) TO \(sub);
            GRANT INSERT (\(try columns(apiJobColumns))) ON \(jobs) TO \(api);
            GRANT INSERT (\(try columns(submitSegmentColumns))) ON \(segments) TO \(sub), \(api);
            GRANT USAGE ON SEQUENCE \(try table("jobs_id_seq")), \(try table("segments_id_seq")) TO \(sub), \(api);
            GRANT UPDATE (\(try columns(operateJobColumns))) ON \(jobs) TO \(o), \(api);
            GRANT UPDATE (\(try columns(operateSegmentColumns))) ON \(segments) TO \(o), \(api);
            GRANT SELECT, UPDATE (\(try columns(apiTokenColumns))) ON \(try table("api_tokens")) TO \(api);
            GRANT SELECT, INSERT, UPDATE, DELETE ON \(try table("idempotency_keys")) TO \(api);
            GRANT SELECT ON \(try table("webhook_deliveries")) TO \(o), \(m), \(api);
            GRANT UPDATE (\(try columns(operateWebhookColumns))) ON \(try table("webhook_deliveries")) TO \(o), \(api);
            """
    }
}
