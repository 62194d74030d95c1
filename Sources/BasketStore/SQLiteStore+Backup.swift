import BasketKit

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a store holds, as a backup and a restore report it.
public struct StoreContents: Equatable, Sendable, Codable {
  /// The schema version it was written with.
  public var schemaVersion: Int
  /// Items on the list (To get and Got it; not those a Clear all is about to remove).
  public var items: Int
  public var recipes: Int
  public var pantryEntries: Int
  public var products: Int
  public var shops: Int

  public init(
    schemaVersion: Int, items: Int, recipes: Int, pantryEntries: Int, products: Int, shops: Int
  ) {
    self.schemaVersion = schemaVersion
    self.items = items
    self.recipes = recipes
    self.pantryEntries = pantryEntries
    self.products = products
    self.shops = shops
  }

  /// "12 items, 500 recipes, 4 pantry entries, 3 products and 2 shops".
  public var text: String {
    func count(_ number: Int, _ one: String, _ many: String) -> String {
      "\(number) \(number == 1 ? one : many)"
    }
    return [
      count(items, "item", "items"), count(recipes, "recipe", "recipes"),
      count(pantryEntries, "pantry entry", "pantry entries"),
      count(products, "product", "products"),
    ].joined(separator: ", ") + " and " + count(shops, "shop", "shops")
  }
}

/// Copies of a store made while others use it, and putting one back.
extension SQLiteStore {
  /// Copies the Basket store at `source` into a new file at `destination` (made 0600; nothing
  /// may be there yet) through SQLite's online backup API, over a read-only connection of its
  /// own: the copy is one consistent moment of the store, and other connections and processes
  /// (a running server) go on reading and writing while it is made. The copy is one file (no
  /// write-ahead log beside it) and passes `integrity_check` before this returns.
  ///
  /// Cost: one read of every page of the store and one write of the copy; the server waits
  /// for nothing (WAL readers never block writers).
  ///
  /// - Throws: what opening throws for a file that isn't a current Basket store (`newerSchema`,
  ///   `cannotOpen`); `StoreError.failed` when the copy fails its check (it is left there,
  ///   named in the error); `outOfSpace` when the disk is full (the partial copy is removed).
  public static func backup(storeAt source: String, to destination: String) throws
    -> StoreContents
  {
    if case .broken(let reason) = try inspect(source) {
      throw StoreError.cannotOpen(path: source, reason: "\(reason); it can't be backed up")
    }
    return try makeCopy(at: destination) {
      do {
        let from = try Connection(path: source, flags: SQLITE_OPEN_READONLY)
        try from.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        try copyPages(from: from, into: destination)
      } catch let error as SQLiteError {
        if error.isOutOfSpace { throw StoreError.outOfSpace(path: destination) }
        throw StoreError.failed("the backup could not be made: \(error.message)")
      }
    }
  }

  /// Copies this open store into a new file at `destination` as `backup(storeAt:to:)` does,
  /// but through this store's own connection (under its lock, so this process's other calls
  /// wait for the copy; WAL readers elsewhere never do). A server copies its store this way:
  /// a second connection opened and closed in the same process can find itself the last one
  /// (the locks that say otherwise are per process) and remove the log the server still
  /// writes to.
  public func backup(to destination: String) throws -> StoreContents {
    try Self.makeCopy(at: destination) {
      try withConnection { connection in
        try Self.copyPages(from: connection, into: destination)
      }
    }
  }

  /// Makes the file at `destination` (0600; nothing may be there yet), fills it with `copy`
  /// and checks it: what the copy holds. A copy that could not be finished is removed.
  private static func makeCopy(at destination: String, _ copy: () throws -> Void) throws
    -> StoreContents
  {
    if FileSystem.exists(destination) {
      throw StoreError.cannotOpen(path: destination, reason: "a file is there already")
    }
    do {
      try FileSystem.createPrivateFile(destination)
    } catch {
      throw StoreError.cannotOpen(path: destination, reason: "\(error)")
    }
    do {
      try copy()
    } catch {
      removeCopy(destination)
      throw error
    }
    return try checkCopy(destination, makingOneFile: true)
  }

  /// What the Basket store at `path` holds, after checking it is one this build can open:
  /// a Basket store (by its mark or its tables), not written by a newer Basket, and whole
  /// (`integrity_check`). Read through a read-only connection; nothing is changed.
  ///
  /// - Throws: `StoreError.newerSchema`, or `cannotOpen` saying why it can't be used.
  public static func contents(ofBackupAt path: String) throws -> StoreContents {
    if case .broken(let reason) = try inspect(path) {
      throw StoreError.cannotOpen(path: path, reason: reason)
    }
    return try checkCopy(path, makingOneFile: false)
  }

  /// Puts the Basket store at `copy` in place of the store at `live`, keeping the store that
  /// was there as a copy at `keptAt` first (when there was one). `copy` is upgraded to this
  /// build's schema, and its revision moved past both stores' (so every phone reloads the
  /// restored list rather than merging into it); then its pages replace `live`'s through the
  /// backup API in one transaction. Connections open on `live` (a running server's) read the
  /// restored store from their next read: nothing needs to restart for the data.
  ///
  /// `copy` is changed (upgraded); the caller passes a scratch copy of the backup.
  ///
  /// - Returns: what the restored store holds.
  /// - Throws: `StoreError` when `copy` isn't a Basket store this build can use, or a copy
  ///   can't be made; the live store is then unchanged.
  public static func restore(
    from copy: String, into live: String, keepingOldAt keptAt: String, now: Date
  )
    throws -> StoreContents
  {
    _ = try contents(ofBackupAt: copy)
    let liveRevision = try existingRevision(live)
    do {
      let (store, report) = try open(at: copy, now: now)
      guard report.movedAsideTo == nil else {
        throw StoreError.cannotOpen(path: copy, reason: "it is damaged")
      }
      try store.withConnection { connection in
        try connection.transaction(immediate: true) {
          let revision = max(try connection.loadRevision(), liveRevision) + 1
          try connection.run(
            "UPDATE meta SET value = ?1 WHERE key IN ('revision', 'changes_floor')",
            [.integer(revision)])
        }
      }
    }
    // NB: the store above is closed now, its log checkpointed into the file.
    if liveRevision >= 0 { _ = try backup(storeAt: live, to: keptAt) }
    do {
      try FileSystem.createDirectories(FileSystem.parentDirectory(of: live))
      try? FileSystem.createPrivateFile(live)
      let from = try Connection(path: copy, flags: SQLITE_OPEN_READONLY)
      try copyPages(from: from, into: live)
    } catch let error as SQLiteError {
      if error.isOutOfSpace { throw StoreError.outOfSpace(path: live) }
      throw StoreError.failed("the backup could not be put in place: \(error.message)")
    }
    let (store, _) = try open(at: live, now: now)
    return try store.withConnection { try Self.contents(of: $0) }
  }

  /// The revision of the store at `path`, or -1 when there is no store there yet.
  private static func existingRevision(_ path: String) throws -> Int64 {
    guard FileSystem.size(of: path) > 0 else { return -1 }
    if case .broken(let reason) = try inspect(path) {
      throw StoreError.cannotOpen(
        path: path,
        reason:
          "\(reason); open it once (basket list) so it is moved aside and salvaged, then restore"
      )
    }
    let connection = try cannotOpenOnFailure(path) {
      try Connection(path: path, flags: SQLITE_OPEN_READONLY)
    }
    return try cannotOpenOnFailure(path) { try connection.loadRevision() }
  }

  /// Copies every page of `from` into the database at `path` in one backup step, waiting
  /// while the destination is busy (a writer elsewhere), up to the busy timeout.
  private static func copyPages(from: Connection, into path: String) throws {
    let to = try Connection(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    try to.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
    guard let backup = sqlite3_backup_init(to.handle, "main", from.handle, "main") else {
      throw SQLiteError(code: sqlite3_errcode(to.handle), db: to.handle)
    }
    let wait = BusyWait(milliseconds: busyTimeoutMilliseconds)
    var rc = SQLITE_OK
    repeat {
      rc = sqlite3_backup_step(backup, -1)
      if rc == SQLITE_BUSY || rc == SQLITE_LOCKED {
        guard wait.pause() else { break }
      }
    } while rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED
    let finished = sqlite3_backup_finish(backup)
    guard rc == SQLITE_DONE else { throw SQLiteError(code: rc, db: to.handle) }
    guard finished == SQLITE_OK else { throw SQLiteError(code: finished, db: to.handle) }
  }

  /// Checks the copy at `path` whole and says what it holds; `makingOneFile` first switches a
  /// copy this process just made to a rollback journal, so no log sits beside it.
  private static func checkCopy(_ path: String, makingOneFile: Bool) throws -> StoreContents {
    try cannotOpenOnFailure(path) {
      let connection = try Connection(
        path: path, flags: makingOneFile ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY)
      try connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
      if makingOneFile, try connection.singleText("PRAGMA journal_mode")?.lowercased() == "wal" {
        _ = try connection.singleText("PRAGMA journal_mode = DELETE")
      }
      var verdict: String?
      try connection.runOnce("PRAGMA integrity_check(1)") { verdict = verdict ?? $0.text(0) }
      guard verdict == "ok" else {
        throw StoreError.failed(
          "the copy at \(path) fails its integrity check (\(verdict ?? "no answer"))")
      }
      return try contents(of: connection)
    }
  }

  /// Counts what a store's connection holds; a table an older schema lacks counts 0.
  static func contents(of connection: Connection) throws -> StoreContents {
    var tables = Set<String>()
    try connection.runOnce("SELECT name FROM sqlite_schema WHERE type = 'table'") { row in
      if let name = row.text(0) { tables.insert(name) }
    }
    func count(_ table: String, _ filter: String = "") throws -> Int {
      guard tables.contains(table) else { return 0 }
      var found = 0
      try connection.runOnce("SELECT count(*) FROM \(table) \(filter)") {
        found = Int($0.int64(0) ?? 0)
      }
      return found
    }
    var version = 0
    try connection.runOnce("PRAGMA user_version") { version = Int($0.int64(0) ?? 0) }
    return StoreContents(
      schemaVersion: version, items: try count("items", "WHERE cleared_at IS NULL"),
      recipes: try count("recipes"), pantryEntries: try count("pantry_entries"),
      products: try count("products"), shops: try count("shops"))
  }

  /// What this store holds now.
  public func contents() throws -> StoreContents {
    try withConnection { try Self.contents(of: $0) }
  }

  /// Removes a copy this process made and could not finish (never anything else).
  private static func removeCopy(_ path: String) {
    for suffix in ["", "-wal", "-shm", "-journal"] { FileSystem.remove(path + suffix) }
  }
}

extension SQLiteStore {
  /// `date` in UTC as the compact timestamp the store names files with: 20261130T101500Z.
  public static func fileTimestamp(_ date: Date) -> String {
    FileSystem.compactTimestamp(date)
  }
}
