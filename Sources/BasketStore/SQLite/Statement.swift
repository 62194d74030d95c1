#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// A value bound to a statement parameter.
enum SQLValue: Equatable {
  case integer(Int64)
  case real(Double)
  case text(String)
  case null
}

/// One prepared statement; finalized when released.
///
/// Not thread-safe: it belongs to its `Connection`, which the store guards with a lock.
final class Statement {
  private let handle: OpaquePointer
  private let db: OpaquePointer

  init(db: OpaquePointer, sql: String) throws {
    var sql = sql
    var prepared: OpaquePointer?
    let rc = sql.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) { chars in
        sqlite3_prepare_v2(db, chars.baseAddress, Int32(chars.count), &prepared, nil)
      }
    }
    guard rc == SQLITE_OK else {
      let error = SQLiteError(code: rc, db: db)
      sqlite3_finalize(prepared)
      throw error
    }
    guard let prepared else {
      throw SQLiteError(code: SQLITE_MISUSE, message: "empty SQL statement")
    }
    self.handle = prepared
    self.db = db
  }

  deinit {
    // NB: sqlite3_finalize repeats the last step's error, which was already reported.
    sqlite3_finalize(handle)
  }

  /// Binds `values` to parameters 1, 2, … in order.
  func bind(_ values: [SQLValue]) throws {
    for (offset, value) in values.enumerated() { try bind(value, at: Int32(offset + 1)) }
  }

  /// Binds each value to the parameter `:name` of its column name; a name the statement has
  /// no parameter for is a mistake in the SQL, so it throws rather than binding nothing.
  func bind(named values: [(String, SQLValue)]) throws {
    for (name, value) in values {
      let index = sqlite3_bind_parameter_index(handle, ":" + name)
      guard index > 0 else {
        throw SQLiteError(code: SQLITE_RANGE, message: "the statement has no parameter :\(name)")
      }
      try bind(value, at: index)
    }
  }

  private func bind(_ value: SQLValue, at index: Int32) throws {
    let rc: Int32
    switch value {
    case .integer(let number): rc = sqlite3_bind_int64(handle, index, number)
    case .real(let number): rc = sqlite3_bind_double(handle, index, number)
    case .null: rc = sqlite3_bind_null(handle, index)
    case .text(let string): rc = Self.bind(string, to: handle, at: index)
    }
    guard rc == SQLITE_OK else { throw SQLiteError(code: rc, db: db) }
  }

  private static func bind(_ string: String, to handle: OpaquePointer, at index: Int32) -> Int32 {
    var string = string
    return string.withUTF8 { bytes in
      guard bytes.count <= Int(Int32.max) else { return SQLITE_TOOBIG }
      guard let base = bytes.baseAddress else {
        return sqlite3_bind_text(handle, index, "", 0, transientDestructor)
      }
      return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
        sqlite3_bind_text(handle, index, chars, Int32(bytes.count), transientDestructor)
      }
    }
  }

  /// Advances to the next row; false once the statement is done.
  func step() throws -> Bool {
    let rc = sqlite3_step(handle)
    switch rc {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw SQLiteError(code: rc, db: db)
    }
  }

  /// Makes the statement ready to run again and forgets its bindings.
  func reset() throws {
    let rc = sqlite3_reset(handle)
    _ = sqlite3_clear_bindings(handle)  // NB: documented to always return SQLITE_OK.
    guard rc == SQLITE_OK else { throw SQLiteError(code: rc, db: db) }
  }

  /// Resets after a failure that is already being reported, whose code `reset` would repeat.
  func resetAfterFailure() {
    _ = try? reset()
  }

  func int64(_ column: Int32) -> Int64? {
    guard sqlite3_column_type(handle, column) == SQLITE_INTEGER else { return nil }
    return sqlite3_column_int64(handle, column)
  }

  /// The column as a number; integers are widened, anything else is nil.
  func double(_ column: Int32) -> Double? {
    switch sqlite3_column_type(handle, column) {
    case SQLITE_FLOAT, SQLITE_INTEGER: sqlite3_column_double(handle, column)
    default: nil
    }
  }

  func text(_ column: Int32) -> String? {
    guard sqlite3_column_type(handle, column) != SQLITE_NULL,
      let chars = sqlite3_column_text(handle, column)
    else { return nil }
    let count = Int(sqlite3_column_bytes(handle, column))
    return String(decoding: UnsafeBufferPointer(start: chars, count: count), as: UTF8.self)
  }
}

/// SQLite's `SQLITE_TRANSIENT`: it copies bound bytes before the bind call returns.
private var transientDestructor: sqlite3_destructor_type {
  unsafeBitCast(-1 as Int, to: sqlite3_destructor_type.self)
}
