import BasketKit

#if canImport(Glibc)
  import Glibc
#endif
#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// A failed SQLite call: its (extended) result code and SQLite's message.
struct SQLiteError: Error, CustomStringConvertible {
  var code: Int32
  var message: String
  /// The operating system's error number behind an I/O error (`sqlite3_system_errno`), or 0.
  var systemErrno: Int32 = 0

  init(code: Int32, message: String) {
    self.code = code
    self.message = message
  }

  /// Reads the message SQLite recorded on `db` for the failed call that returned `code`.
  init(code: Int32, db: OpaquePointer?) {
    self.code = code
    systemErrno = db.map { sqlite3_system_errno($0) } ?? 0
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

extension SQLiteError: StoreFailure {
  /// SQLite's own "full", or a write the system refused for want of room: no space left, a
  /// quota, or a file-size limit.
  var isOutOfSpace: Bool {
    primaryCode == SQLITE_FULL
      || primaryCode == SQLITE_IOERR && [ENOSPC, EDQUOT, EFBIG].contains(systemErrno)
  }
}

/// Waiting out a database another connection holds busy, for the steps SQLite's own busy
/// timeout doesn't cover: up to `milliseconds` from the start, 5 ms between tries.
struct BusyWait {
  private let clock = ContinuousClock()
  private let deadline: ContinuousClock.Instant

  init(milliseconds: Int32) {
    deadline = clock.now + .milliseconds(Int(milliseconds))
  }

  /// Pauses before the next try: false, at once, when the time is up.
  func pause() -> Bool {
    guard clock.now < deadline else { return false }
    usleep(5_000)
    return true
  }
}
