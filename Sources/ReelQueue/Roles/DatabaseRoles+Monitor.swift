import Foundation

extension DatabaseRoles {
    /// The schema's read-only monitor role when it exists and the login role may act as it (is it, or a member
    /// of it); nil otherwise. `reel serve` then reads as that role, so a bug in the web view cannot write.
    /// - Throws: `QueueError.connection` when the database cannot be reached.
    public func monitorRole() throws(QueueError) -> String? {
        try configuration.validate()
        let c = try PGPool(configuration).connect()
        guard let schema = try c.exec(RoleSQL.whoAmI).rows[0].string("schema"),
              let monitor = try? Self.roleNames(schema: schema).monitor else { return nil }
        let row = try c.exec(RoleSQL.canActAs, [.text(monitor)]).rows.first
        return row?.string("can") == "t" ? monitor : nil
    }
}
