import BasketKit

/// The store's tables, as an ordered list of migrations; migration N brings `user_version`
/// from N-1 to N.
enum Schema {
  /// Each entry runs in its own transaction; never edit one that has shipped, append instead.
  static let migrations: [String] = [
    // v1: the list, suggestion memory, and a revision counter for change polling.
    """
    CREATE TABLE items (
      id TEXT PRIMARY KEY NOT NULL,
      name TEXT NOT NULL,
      emoji TEXT NOT NULL,
      amount REAL,
      unit TEXT,
      added_at REAL NOT NULL,
      checked_at REAL,
      listed_at REAL NOT NULL,
      cleared_at REAL
    );
    CREATE TABLE memory (
      key TEXT PRIMARY KEY NOT NULL,
      name TEXT NOT NULL,
      times_added INTEGER NOT NULL,
      last_added REAL NOT NULL
    );
    CREATE INDEX memory_by_last_added ON memory(last_added);
    CREATE TABLE meta (
      key TEXT PRIMARY KEY NOT NULL,
      value INTEGER NOT NULL
    );
    INSERT INTO meta(key, value) VALUES ('revision', 0);
    """
  ]

  /// The schema version this build writes.
  static var latestVersion: Int { migrations.count }

  /// Tables every version of a Basket store has.
  static let requiredTables: Set<String> = ["items", "memory", "meta"]

  /// Brings the store to `latestVersion`, one transaction per migration.
  ///
  /// Each step re-reads `user_version` under the write lock, so processes opening a new store at
  /// the same time migrate it once.
  static func migrate(_ connection: Connection, path: String) throws {
    if try connection.singleInteger("PRAGMA user_version") == Int64(latestVersion) { return }
    while true {
      let done = try connection.transaction(immediate: true) { () throws -> Bool in
        let version = Int(try connection.singleInteger("PRAGMA user_version") ?? 0)
        if version > latestVersion {
          throw StoreError.newerSchema(found: version, supported: latestVersion, path: path)
        }
        guard version < latestVersion else { return true }
        try connection.execute(migrations[version])
        try connection.execute("PRAGMA user_version = \(version + 1)")
        return false
      }
      if done { return }
    }
  }
}
