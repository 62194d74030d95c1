import BasketKit

/// The household's aisle category for a name (schema v15): `category_choices` by name key,
/// read into every item as it is read (`Connection.readItemColumns`).
extension SQLiteStore {
  public func setCategory(_ category: String?, forNameKey key: String) throws {
    try withConnection { connection in
      try connection.transaction(immediate: true) {
        if let category {
          try connection.run(
            """
            INSERT INTO category_choices (name_key, category) VALUES (?1, ?2)
            ON CONFLICT(name_key) DO UPDATE SET category = excluded.category
            """, [.text(key), .text(category)])
        } else {
          try connection.run("DELETE FROM category_choices WHERE name_key = ?1", [.text(key)])
        }
        let revision = try connection.bumpRevision()
        // NB: the items keep their rows; stamping them makes `changes(since:)` carry them.
        try connection.run(
          "UPDATE items SET revision = ?2 WHERE name_key = ?1", [.text(key), .integer(revision)])
      }
    }
  }
}
