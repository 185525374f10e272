/// Statements of `DatabaseRoles`. Role and schema names are identifiers (they cannot be parameters): they are
/// validated by `DatabaseRoles.roleNames(schema:)` and quoted with libpq's `PQescapeIdentifier`.
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

    /// Revokes whatever the two roles held on the schema, then grants exactly their rights.
    static func grants(schema: String, worker: String, monitor: String,
                       quote: (String) throws -> String) throws -> String {
        let s = try quote(schema), w = try quote(worker), m = try quote(monitor)
        let tables = try DatabaseRoles.queueTables.map { "\(s).\(try quote($0))" }.joined(separator: ", ")
        return """
            REVOKE ALL ON ALL TABLES IN SCHEMA \(s) FROM \(w), \(m);
            REVOKE ALL ON ALL SEQUENCES IN SCHEMA \(s) FROM \(w), \(m);
            REVOKE ALL ON SCHEMA \(s) FROM \(w), \(m);
            GRANT USAGE ON SCHEMA \(s) TO \(w), \(m);
            GRANT SELECT, INSERT, UPDATE, DELETE ON \(tables) TO \(w);
            GRANT SELECT ON \(tables), \(s).reel_schema_migrations TO \(m);
            GRANT SELECT ON \(s).reel_schema_migrations TO \(w);
            GRANT USAGE ON ALL SEQUENCES IN SCHEMA \(s) TO \(w);
            GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA \(s) TO \(w), \(m);
            """
    }
}
