// Table `owner_shares` (schema/0011_fair_share.up.sql):
//   CREATE TABLE owner_shares (owner text PRIMARY KEY, weight integer NOT NULL,
//     CONSTRAINT owner_shares_weight_valid CHECK (weight BETWEEN 1 AND 10000))
// The claim reads it (SegmentSQL.claim); only the schema's owner writes it.

/// Statements on `owner_shares`.
enum ShareSQL {
    /// $1 owner, $2 weight.
    static let set = PGStatement(name: "share_set", sql: """
        INSERT INTO owner_shares (owner, weight) VALUES ($1, $2) ON CONFLICT (owner) DO UPDATE SET weight = $2
        """)

    static let list = PGStatement(name: "share_list", sql: "SELECT owner, weight FROM owner_shares ORDER BY owner")
}
