#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// A failed SQLite call: its (extended) result code and SQLite's message.
struct SQLiteError: Error, CustomStringConvertible {
  var code: Int32
  var message: String

  init(code: Int32, message: String) {
    self.code = code
    self.message = message
  }

  /// Reads the message SQLite recorded on `db` for the failed call that returned `code`.
  init(code: Int32, db: OpaquePointer?) {
    self.code = code
    if let db, let text = sqlite3_errmsg(db) {
      message = String(cString: text)
    } else if let text = sqlite3_errstr(code) {
      message = String(cString: text)
    } else {
      message = "SQLite error \(code)"
    }
  }

  /// The primary result code, without the extended bits.
  var primaryCode: Int32 { code & 0xff }

  /// Whether the error says the file is damaged or not a database at all.
  var meansCorruption: Bool {
    primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB
  }

  var description: String { message }
}
