import BasketKit

/// The always-have list in the store (schema v9): `staples` in order, and a 'staples_chosen'
/// row in `meta` once the household changed the list (before that it is the suggestion).
extension SQLiteStore: StapleStore {
  public func staples() throws -> [String]? {
    try withConnection { connection in
      try connection.transaction(immediate: false) { () throws -> [String]? in
        guard
          try connection.singleInteger("SELECT value FROM meta WHERE key = 'staples_chosen'")
            != nil
        else { return nil }
        var names: [String] = []
        try connection.run("SELECT name FROM staples ORDER BY position") { row in
          if let name = row.text(0) { names.append(name) }
        }
        return names
      }
    }
  }

  public func setStaples(_ names: [String]) throws {
    try withConnection { connection in
      try connection.transaction(immediate: true) {
        try connection.run("DELETE FROM staples")
        for (position, name) in names.enumerated() {
          try connection.run(
            "INSERT INTO staples (position, name) VALUES (?1, ?2)",
            [.integer(Int64(position)), .text(name)])
        }
        try connection.run(
          "INSERT INTO meta (key, value) VALUES ('staples_chosen', 1) ON CONFLICT(key) DO NOTHING")
        _ = try connection.bumpRevision()
      }
    }
  }
}
