import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The household's invitations in the store (schema v11).
extension SQLiteStore: InvitationStore {
  public func modifyInvitations<T: Sendable>(_ body: @Sendable (inout [Invitation]) throws -> T)
    throws -> T
  {
    try withConnection { connection in
      try connection.transaction(immediate: true) {
        var before: [Invitation] = []
        try connection.run(
          "SELECT code_hash, created_at, expires_at, used_at FROM invitations ORDER BY created_at"
        ) { row in
          guard let hash = row.text(0), let created = row.double(1), let expires = row.double(2)
          else { return }
          before.append(
            Invitation(
              codeHash: hash, createdAt: Date(timeIntervalSince1970: created),
              expiresAt: Date(timeIntervalSince1970: expires),
              usedAt: row.double(3).map { Date(timeIntervalSince1970: $0) }))
        }
        var after = before
        let result = try body(&after)
        guard after != before else { return result }
        let kept = Set(after.map(\.codeHash))
        for invitation in before where !kept.contains(invitation.codeHash) {
          try connection.run(
            "DELETE FROM invitations WHERE code_hash = ?1", [.text(invitation.codeHash)])
        }
        for invitation in after where !before.contains(invitation) {
          try connection.run(
            """
            INSERT INTO invitations (code_hash, created_at, expires_at, used_at)
            VALUES (?1, ?2, ?3, ?4)
            ON CONFLICT (code_hash) DO UPDATE SET used_at = excluded.used_at
            """,
            [
              .text(invitation.codeHash), .real(invitation.createdAt.timeIntervalSince1970),
              .real(invitation.expiresAt.timeIntervalSince1970),
              invitation.usedAt.map { .real($0.timeIntervalSince1970) } ?? .null,
            ])
        }
        return result
      }
    }
  }
}
