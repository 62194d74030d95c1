import BasketKit

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

extension SQLiteStore {
  /// Copies every item and memory entry that can still be read from the damaged store at
  /// `brokenPath` into this one, never writing to the damaged database or its log; never
  /// throws.
  func salvage(from brokenPath: String) -> (items: Int, memory: Int) {
    guard let source = Salvage.openReadOnly(brokenPath) else { return (0, 0) }
    // NB: a store from before schema v4 has no recipe_needs column.
    let needs = Salvage.hasColumn(source, table: "items", column: "recipe_needs")
    // NB: nor one from before v13 a note.
    let notes = Salvage.hasColumn(source, table: "items", column: "note")
    let columns =
      "\(Connection.itemColumns), \(needs ? "recipe_needs" : "NULL"), \(notes ? "note" : "NULL")"
    let items = Salvage.readRows(source, table: "items", columns: columns) { row -> Item? in
      guard var item = Connection.decodeItem(row, from: 1),
        Salvage.isPlausible(item.name), Salvage.isPlausible(item.emoji)
      else { return nil }
      item.recipeNeeds = Connection.decodeRecipeNeeds(row, 10)
      item.note = Connection.decodeNote(row, 11)
      return item
    }
    let memory = Salvage.readRows(source, table: "memory", columns: Connection.memoryColumns) {
      Connection.decodeMemory($0, from: 1).flatMap { key, entry in
        Salvage.isPlausible(key) && Salvage.isPlausible(entry.name) ? (key, entry) : nil
      }
    }
    guard !items.isEmpty || !memory.isEmpty else { return (0, 0) }
    let copied = try? withConnection { connection in
      try connection.transaction(immediate: true) {
        var counts = (items: 0, memory: 0)
        let revision = try connection.bumpRevision()
        for item in items {
          try connection.insert(item, revision: revision, orIgnore: true)
          counts.items += connection.changes
        }
        for (key, entry) in memory {
          try connection.insertMemory(entry, key: key)
          counts.memory += connection.changes
        }
        return counts
      }
    }
    return copied ?? (0, 0)
  }
}

/// Reading what survives in a damaged store.
enum Salvage {
  /// Point lookups allowed per table while stepping over damaged pages.
  static let lookupBudget = 200_000
  /// Unreadable rowids in a row after which lookups past the last readable row stop.
  static let missesBeforeGivingUp = 4_096
  /// The widest jump tried when looking past damaged pages for readable rows.
  static let widestGap: Int64 = 1 << 24

  /// A read-only connection that neither writes nor creates files when it can avoid it: the
  /// `immutable` form ignores a write-ahead log, so it is used only when there is none.
  static func openReadOnly(_ path: String) -> Connection? {
    guard let header = try? FileSystem.readPrefix(of: path, count: 16),
      header == Array("SQLite format 3\0".utf8)
    else { return nil }
    let hasLog = FileSystem.size(of: path + "-wal") > 0
    guard
      let connection = try? Connection(
        path: hasLog ? path : immutableURI(path), flags: SQLITE_OPEN_READONLY, isURI: !hasLog)
    else { return nil }
    try? connection.setBusyTimeout(milliseconds: 1_000)
    // NB: lets SQLite read a file shorter than its header claims (a truncated copy) instead of
    // refusing it whole; the connection is read-only, so nothing can be written through it.
    try? connection.execute("PRAGMA writable_schema = ON")
    return connection
  }

  /// Whether `table` has `column`, as far as the damaged store's schema can be read.
  static func hasColumn(_ source: Connection, table: String, column: String) -> Bool {
    var found = false
    try? source.runOnce("SELECT name FROM pragma_table_info(?1)", [.text(table)]) { row in
      if row.text(0) == column { found = true }
    }
    return found
  }

  /// Whether `text` could have been written by Basket: a row cut short by a truncated page
  /// reads back with NUL bytes, and damaged bytes decode to replacement characters.
  static func isPlausible(_ text: String) -> Bool {
    !text.unicodeScalars.contains { $0 == "\u{0}" || $0 == "\u{FFFD}" }
  }

  /// Every row of `table` that can be read and decoded, in rowid order.
  ///
  /// Scans by rowid; where a damaged page stops the scan, seeks further and further ahead for
  /// the next readable row, then looks up the rowids skipped one by one, so only rows stored
  /// on damaged pages are lost.
  static func readRows<Row>(
    _ source: Connection, table: String, columns: String, decode: (Statement) -> Row?
  ) -> [Row] {
    let scan = "SELECT rowid, \(columns) FROM \(table) WHERE rowid >= ?1 ORDER BY rowid"
    let seek = "SELECT rowid FROM \(table) WHERE rowid >= ?1 ORDER BY rowid LIMIT 1"
    let point = "SELECT rowid, \(columns) FROM \(table) WHERE rowid = ?1"
    guard (try? source.prepareCached([scan, seek, point])) != nil else { return [] }
    var rows: [Row] = []
    var lookups = 0
    var next = Int64.min
    while true {
      var last: Int64?
      do {
        try source.run(scan, [.integer(next)]) { row in
          last = row.int64(0)
          if let decoded = decode(row) { rows.append(decoded) }
        }
        return rows
      } catch {}
      if last == Int64.max { return rows }
      let start = last.map { $0 + 1 } ?? (next == Int64.min ? 0 : next)
      let found = firstReadable(source, seek, from: start)
      var rowid = start
      var misses = 0
      while lookups < lookupBudget {
        if let found {
          guard rowid < found else { break }
        } else {
          guard misses < missesBeforeGivingUp, rowid < Int64.max else { break }
        }
        lookups += 1
        var hit = false
        try? source.run(point, [.integer(rowid)]) { row in
          hit = true
          if let decoded = decode(row) { rows.append(decoded) }
        }
        misses = hit ? 0 : misses + 1
        rowid += 1
      }
      // NB: a damaged tree can answer a seek with a rowid behind it; only ever move forward,
      // or the scan would read the same rows again and again.
      guard let found, found > next, found >= start else { return rows }
      next = found
    }
  }

  /// Seeks at `start` + 1, 2, 4, … for a readable rowid; nil when there is none or every seek
  /// fails.
  private static func firstReadable(_ source: Connection, _ seek: String, from start: Int64)
    -> Int64?
  {
    var gap: Int64 = 1
    while gap <= widestGap {
      let (target, overflow) = start.addingReportingOverflow(gap)
      if overflow { return nil }
      var found: Int64?
      do {
        try source.run(seek, [.integer(target)]) { row in found = row.int64(0) }
        return found
      } catch {
        gap *= 2
      }
    }
    return nil
  }

  /// A `file:` URI for `path` that opens it as immutable: no locks, no `-wal` or `-shm` files.
  static func immutableURI(_ path: String) -> String {
    var escaped = ""
    for character in path {
      switch character {
      case "%": escaped += "%25"
      case "?": escaped += "%3f"
      case "#": escaped += "%23"
      default: escaped.append(character)
      }
    }
    return (path.hasPrefix("/") ? "file://" : "file:") + escaped + "?immutable=1"
  }
}
