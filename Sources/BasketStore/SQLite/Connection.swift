#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// One SQLite connection with a cache of prepared statements; closed when released.
///
/// Not thread-safe: `SQLiteStore` keeps it behind a lock.
final class Connection {
  let handle: OpaquePointer
  private var cache: [String: Statement] = [:]
  /// How many `begin`s are open; past the first, each is a savepoint inside the transaction.
  private var depth = 0
  /// The id of the list item reads and writes go to (`SQLiteStore` sets it under its lock).
  var list = ""
  /// The list to choose (`useList`) as soon as `begin` has opened the next transaction.
  var listToChoose: UUID?? = nil

  /// Opens `path` with `sqlite3_open_v2` flags; `isURI` says `path` is a `file:` URI.
  init(path: String, flags: Int32, isURI: Bool = false) throws {
    var opened: OpaquePointer?
    var flags = flags | SQLITE_OPEN_NOMUTEX
    if isURI { flags |= SQLITE_OPEN_URI }
    let rc = sqlite3_open_v2(path, &opened, flags, nil)
    guard rc == SQLITE_OK, let opened else {
      let error = SQLiteError(code: rc, db: opened)
      sqlite3_close_v2(opened)
      throw error
    }
    handle = opened
    let extended = sqlite3_extended_result_codes(opened, 1)
    guard extended == SQLITE_OK else { throw SQLiteError(code: extended, db: opened) }
  }

  deinit {
    cache.removeAll()
    // NB: close_v2 defers the close until stray statements are finalized; it returns SQLITE_OK.
    sqlite3_close_v2(handle)
  }

  /// Waits up to `milliseconds` for locks held by other connections before failing as busy.
  func setBusyTimeout(milliseconds: Int32) throws {
    let rc = sqlite3_busy_timeout(handle, milliseconds)
    guard rc == SQLITE_OK else { throw SQLiteError(code: rc, db: handle) }
  }

  /// Whether SQLite opened the main database read-only (for instance, a read-only file).
  var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

  /// Whether no transaction is open.
  var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

  /// Rows changed by the most recent INSERT, UPDATE or DELETE.
  var changes: Int { Int(sqlite3_changes(handle)) }

  /// Runs every statement in `script`, ignoring any rows they return.
  func execute(_ script: String) throws {
    var script = script
    try script.withUTF8 { bytes in
      try bytes.withMemoryRebound(to: CChar.self) { chars in
        guard var cursor = chars.baseAddress else { return }
        let end = cursor + chars.count
        while cursor < end {
          var statement: OpaquePointer?
          var tail: UnsafePointer<CChar>?
          let rc = sqlite3_prepare_v2(handle, cursor, Int32(end - cursor), &statement, &tail)
          guard rc == SQLITE_OK else {
            let error = SQLiteError(code: rc, db: handle)
            sqlite3_finalize(statement)
            throw error
          }
          if let statement {
            var stepped = sqlite3_step(statement)
            while stepped == SQLITE_ROW { stepped = sqlite3_step(statement) }
            let error = stepped == SQLITE_DONE ? nil : SQLiteError(code: stepped, db: handle)
            sqlite3_finalize(statement)
            if let error { throw error }
          }
          guard let tail, tail > cursor else { return }
          cursor = tail
        }
      }
    }
  }

  /// Runs one statement (prepared once and kept) with `values`, calling `row` for each result
  /// row; the statement is reset afterwards, so it holds no read transaction open.
  func run(
    _ sql: String, _ values: [SQLValue] = [], row: (Statement) throws -> Void = { _ in }
  ) throws {
    try run(sql, binding: { try $0.bind(values) }, row: row)
  }

  /// Like `run`, with each value bound to the parameter named after its column (`:name`).
  func run(
    _ sql: String, named values: [(String, SQLValue)],
    row: (Statement) throws -> Void = { _ in }
  ) throws {
    try run(sql, binding: { try $0.bind(named: values) }, row: row)
  }

  private func run(
    _ sql: String, binding: (Statement) throws -> Void, row: (Statement) throws -> Void
  ) throws {
    let statement = try cached(sql)
    do {
      try binding(statement)
      while try statement.step() { try row(statement) }
    } catch {
      statement.resetAfterFailure()
      throw error
    }
    try statement.reset()
  }

  /// `INSERT INTO table (a, b) VALUES (:a, :b)` for `columns`, each bound by its own name;
  /// `verb` may say `INSERT OR IGNORE`, and `conflict` adds an upsert on that key that sets
  /// every other column.
  static func insertSQL(
    _ table: String, _ columns: [String], verb: String = "INSERT", upsertOn conflict: String? = nil
  ) -> String {
    var sql =
      "\(verb) INTO \(table) (\(columns.joined(separator: ", "))) VALUES ("
      + columns.map { ":" + $0 }.joined(separator: ", ") + ")"
    if let conflict {
      let others = columns.filter { $0 != conflict }
      sql +=
        " ON CONFLICT (\(conflict)) DO UPDATE SET "
        + others.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
    }
    return sql
  }

  /// `UPDATE table SET a = :a, b = :b WHERE key = :key` for `columns` other than `key`.
  static func updateSQL(_ table: String, _ columns: [String], key: String) -> String {
    "UPDATE \(table) SET "
      + columns.filter { $0 != key }.map { "\($0) = :\($0)" }.joined(separator: ", ")
      + " WHERE \(key) = :\(key)"
  }

  /// Like `run`, but stops stepping as soon as `row` returns false.
  func scan(_ sql: String, _ values: [SQLValue], while row: (Statement) throws -> Bool) throws {
    let statement = try cached(sql)
    do {
      try statement.bind(values)
      while try statement.step(), try row(statement) {}
    } catch {
      statement.resetAfterFailure()
      throw error
    }
    try statement.reset()
  }

  /// Like `run`, but prepares a fresh statement that is finalized right after; for SQL that
  /// runs once, such as checks at open.
  func runOnce(
    _ sql: String, _ values: [SQLValue] = [], row: (Statement) throws -> Void = { _ in }
  ) throws {
    let statement = try Statement(db: handle, sql: sql)
    try statement.bind(values)
    while try statement.step() { try row(statement) }
  }

  /// The first column of the first row of `sql`, as text (numbers are converted).
  func singleText(_ sql: String) throws -> String? {
    var result: String?
    try runOnce(sql) { statement in
      if result == nil { result = statement.text(0) }
    }
    return result
  }

  /// The first column of the first row of `sql`, as an integer.
  func singleInteger(_ sql: String, _ values: [SQLValue] = []) throws -> Int64? {
    var result: Int64?
    try run(sql, values) { statement in
      if result == nil { result = statement.int64(0) }
    }
    return result
  }

  /// Runs `body` in a transaction, committing if it returns and rolling back if it throws.
  func transaction<T>(immediate: Bool, _ body: () throws -> T) throws -> T {
    try begin(immediate: immediate)
    let result: T
    do {
      result = try body()
      try commit()
    } catch {
      rollBack()
      throw error
    }
    return result
  }

  /// Opens a transaction; `immediate` takes the write lock up front, so reads made inside it
  /// cannot go stale before its writes. Inside an open transaction (`SQLiteStore.exactlyOnce`
  /// running other changes) it opens a savepoint instead, which `commit` releases and
  /// `rollBack` undoes: the changes then commit with the enclosing transaction, or not at all.
  func begin(immediate: Bool) throws {
    if depth > 0 {
      // NB: if SQLite has rolled the enclosing transaction back after an error, a change
      // made now would commit on its own.
      guard !isAutocommit else {
        throw SQLiteError(code: SQLITE_ERROR, message: "the enclosing transaction was rolled back")
      }
      try run("SAVEPOINT nested")
    } else {
      try run(immediate ? "BEGIN IMMEDIATE" : "BEGIN")
      // NB: only a transaction's own connection has a list to choose; a nested one (the held
      // connection) chose it already.
      if let wanted = listToChoose {
        listToChoose = nil
        do {
          try useList(wanted)
        } catch {
          try? run("ROLLBACK")
          throw error
        }
      }
    }
    depth += 1
  }

  func commit() throws {
    try run(depth > 1 ? "RELEASE nested" : "COMMIT")
    depth = max(0, depth - 1)
  }

  /// Rolls back the open transaction (or, nested, what was done since its savepoint), if
  /// SQLite has not already done so after an error.
  func rollBack() {
    if depth > 1 {
      depth -= 1
      guard !isAutocommit else { return }
      try? run("ROLLBACK TO nested")
      try? run("RELEASE nested")
      return
    }
    depth = 0
    guard !isAutocommit else { return }
    // NB: a failed rollback leaves nothing to do; the caller reports the original error.
    try? run("ROLLBACK")
  }

  /// Prepares each of `statements` for later `run` calls, failing if any cannot be prepared.
  func prepareCached(_ statements: [String]) throws {
    for sql in statements { _ = try cached(sql) }
  }

  private func cached(_ sql: String) throws -> Statement {
    if let statement = cache[sql] { return statement }
    let statement = try Statement(db: handle, sql: sql)
    cache[sql] = statement
    return statement
  }
}
