import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What CalDAV clients wrote about items (`caldav_resources`). Each write bumps the store's
/// revision, so a client's next sync sees it and other processes notice it.
extension SQLiteStore: CalDAVStore {
  private static let columns = "name, item, uid, kept, absorbed, revision"

  public func resource(named name: String) throws -> CalDAVResource? {
    try withConnection { connection in
      try Self.read(
        connection, "SELECT \(Self.columns) FROM caldav_resources WHERE name = ?1",
        [.text(name)]
      ).first
    }
  }

  public func resources(item: UUID) throws -> [CalDAVResource] {
    try withConnection { connection in
      try Self.read(
        connection,
        "SELECT \(Self.columns) FROM caldav_resources WHERE item = ?1 ORDER BY name",
        [.text(item.uuidString)])
    }
  }

  public func resources(changedAfter revision: Int64) throws -> [CalDAVResource] {
    try withConnection { connection in
      try Self.read(
        connection,
        "SELECT \(Self.columns) FROM caldav_resources WHERE revision > ?1 ORDER BY name",
        [.integer(revision)])
    }
  }

  @discardableResult
  public func saveResource(_ resource: CalDAVResource) throws -> Int64 {
    try withConnection { connection in
      try connection.transaction(immediate: true) { () throws -> Int64 in
        let revision = try connection.bumpRevision()
        try connection.run(
          """
          INSERT INTO caldav_resources (\(Self.columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
          ON CONFLICT (name) DO UPDATE SET item = ?2, uid = ?3, kept = ?4, absorbed = ?5,
            revision = ?6
          """,
          [
            .text(resource.name), .text(resource.item.uuidString), .text(resource.uid),
            .text(resource.kept), .integer(resource.absorbed ? 1 : 0), .integer(revision),
          ])
        return revision
      }
    }
  }

  private static func read(_ connection: Connection, _ sql: String, _ values: [SQLValue])
    throws -> [CalDAVResource]
  {
    var found: [CalDAVResource] = []
    try connection.run(sql, values) { row in
      guard let name = row.text(0), let item = row.text(1).flatMap(UUID.stored),
        let uid = row.text(2)
      else { return }
      found.append(
        CalDAVResource(
          name: name, item: item, uid: uid, kept: row.text(3) ?? "",
          absorbed: row.int64(4) == 1, revision: row.int64(5) ?? 0))
    }
    return found
  }
}
