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

extension SQLiteStore {
  /// How long a call waits for another process's lock before failing.
  static let busyTimeoutMilliseconds: Int32 = 15_000

  /// Opens the store at `path`, creating it and its directories if needed and migrating it to
  /// the current schema. What it creates is for the owner only: directories 0700, the store
  /// 0600 (SQLite gives its `-wal` and `-shm` files the store's permissions). Existing files
  /// and directories keep theirs.
  ///
  /// A damaged Basket store (one carrying Basket's mark, `Schema.applicationID`, or an older
  /// one with Basket's tables) is renamed to `<path>.broken-<timestamp>` (with its `-wal`, `-shm` and `-journal` files; the timestamp
  /// is `now` in UTC), a fresh store takes its place, and the rows that can still be read are
  /// copied over; the report says so. Nothing is ever deleted. An empty file counts as a new
  /// store (as it does for SQLite: there is nothing in it to lose).
  ///
  /// A quantity Basket can't use (see `dropImpossibleQuantities`) is cleared from its item, and
  /// the report lists it.
  ///
  /// - Throws: `StoreError.newerSchema` for a store written by a newer Basket, and
  ///   `StoreError.cannotOpen` for a non-empty file that isn't a Basket store (a text file,
  ///   another program's database, damaged or not): all are left byte-for-byte untouched. `StoreError.cannotOpen` also
  ///   when the file or its directory cannot be used.
  public static func open(at path: String, now: Date) throws -> (SQLiteStore, OpenReport) {
    var (store, report) = try openUnrepaired(at: path, now: now)
    report.droppedQuantities = try store.dropImpossibleQuantities()
    return (store, report)
  }

  private static func openUnrepaired(at path: String, now: Date) throws -> (
    SQLiteStore, OpenReport
  ) {
    let directory = FileSystem.parentDirectory(of: path)
    do {
      try FileSystem.createDirectories(directory)
    } catch {
      throw StoreError.cannotOpen(
        path: path, reason: "cannot create the directory \(directory) (\(error))")
    }
    return try cannotOpenOnFailure(path) {
      // NB: opened while the inspection's connection is still open, so the `-wal` and `-shm`
      // files SQLite made for it are kept rather than deleted and made again.
      let opened = try inspecting(path) { inspection, connection in
        try withExtendedLifetime(connection) {
          inspection == .usable ? try openUnlessDamaged(path) : nil
        }
      }
      if case .success(let store) = opened { return (store, OpenReport()) }
      // NB: the lock keeps two processes from moving the same file aside; the second one
      // finds the first one's fresh store when it gets the lock.
      return try FileSystem.withExclusiveLock(onDirectory: directory) {
        switch try inspect(path) {
        case .usable:
          switch try openUnlessDamaged(path) {
          case .success(let store): return (store, OpenReport())
          case .failure(let damage): return try recover(path, reason: damage.message, now: now)
          }
        case .broken(let reason):
          return try recover(path, reason: reason, now: now)
        }
      }
    }
  }

  enum Inspection: Equatable {
    case usable
    case broken(String)
  }

  /// Decides whether the file at `path` can be opened as it is, without changing it; throws
  /// for a file that must be left alone (not SQLite at all, or a newer store).
  ///
  /// The newer-schema check reads `user_version` from the header bytes directly, because even
  /// a read-only SQLite connection creates `-wal` and `-shm` files for a WAL database.
  static func inspect(_ path: String) throws -> Inspection {
    try inspecting(path) { inspection, _ in inspection }
  }

  /// Inspects the file at `path` as `inspect` does, then hands `then` the verdict and the
  /// read-only connection it checked through (nil when none was opened), which closes when
  /// `then` lets go of it.
  /// With `onlyTable`, the page check covers that table and its indexes only.
  static func inspecting<T>(
    _ path: String, onlyTable: String? = nil, then: (Inspection, sending Connection?) throws -> T
  ) throws -> T {
    switch FileSystem.status(of: path) {
    case .missing, .regular(size: 0):
      return try then(.usable, nil)
    case .notRegular:
      throw StoreError.cannotOpen(path: path, reason: "it is not a regular file")
    case .unreadable(let reason):
      throw StoreError.cannotOpen(path: path, reason: reason)
    case .regular:
      break
    }
    let header: [UInt8]
    do {
      header = try FileSystem.readPrefix(of: path, count: 100)
    } catch {
      throw StoreError.cannotOpen(path: path, reason: "\(error)")
    }
    guard header.starts(with: Array("SQLite format 3\0".utf8)) else {
      throw StoreError.cannotOpen(
        path: path,
        reason:
          "it is not a SQLite database (it has no SQLite header), so it can't be a Basket store; it was left untouched. Choose another store path (--store or BASKET_STORE)"
      )
    }
    guard header.count == 100 else {
      throw notOurs(path, "it is a SQLite file cut short inside its header")
    }
    let version = header[60..<64].reduce(0) { $0 << 8 | Int32($1) }
    let application = header[68..<72].reduce(0) { $0 << 8 | Int32($1) }
    guard application == 0 || application == Schema.applicationID else {
      throw notOurs(
        path,
        "it is another program's SQLite database (its application id is \(application), Basket's is \(Schema.applicationID))"
      )
    }
    if version > Schema.latestVersion {
      throw StoreError.newerSchema(
        found: Int(version), supported: Schema.latestVersion, path: path)
    }
    let checked = try check(
      path, marked: application == Schema.applicationID, onlyTable: onlyTable)
    return try then(checked.inspection, checked.connection)
  }

  /// The refusal for a file that isn't (or can't be told to be) a Basket store: it is left
  /// exactly as it is, since another program may own it.
  static func notOurs(_ path: String, _ why: String) -> StoreError {
    .cannotOpen(
      path: path,
      reason:
        "\(why), so it isn't a Basket store; it was left untouched. Choose another store path (--store or BASKET_STORE)"
    )
  }

  /// Checks tables and page structure through a read-only connection, which never
  /// checkpoints or deletes sidecar files. A store carrying Basket's mark (`marked`) that is
  /// damaged is broken; an unmarked file is Basket's only when it has Basket's tables (a store
  /// from before the mark), and is refused untouched otherwise.
  /// Answers the connection it checked through, to be closed once the caller is done.
  private static func check(_ path: String, marked: Bool, onlyTable: String? = nil) throws
    -> sending Checked
  {
    do {
      let connection = try Connection(path: path, flags: SQLITE_OPEN_READONLY)
      try connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
      let inspection = try connection.transaction(immediate: false) { () throws -> Inspection in
        // NB: reads the write-ahead log too, which the header bytes may not reflect yet.
        let version = Int(try connection.singleInteger("PRAGMA user_version") ?? 0)
        if version > Schema.latestVersion {
          throw StoreError.newerSchema(
            found: version, supported: Schema.latestVersion, path: path)
        }
        var tables = Set<String>()
        try connection.runOnce(
          "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        ) { row in
          if let name = row.text(0) { tables.insert(name) }
        }
        if version == 0, tables.isEmpty { return .usable }
        let missing = Schema.requiredTables.subtracting(tables)
        guard marked || missing.isEmpty && version > 0 else {
          throw notOurs(path, "it is a SQLite database without Basket's mark or tables")
        }
        guard missing.isEmpty else {
          return .broken(
            "it has lost Basket's \(missing.sorted().joined(separator: ", ")) table")
        }
        var verdict: String?
        // NB: one problem is enough to know; a table's check answers all it finds.
        let pragma = onlyTable.map { "PRAGMA quick_check(\($0))" } ?? "PRAGMA quick_check(1)"
        try connection.runOnce(pragma) { row in verdict = verdict ?? row.text(0) }
        guard verdict == "ok" else {
          return .broken("it failed its integrity check (\(firstProblem(in: verdict)))")
        }
        return .usable
      }
      return Checked(inspection: inspection, connection: connection)
    } catch let error as SQLiteError where error.meansCorruption {
      guard marked else {
        throw notOurs(path, "it is a damaged SQLite database without Basket's mark")
      }
      return Checked(inspection: .broken(error.message), connection: nil)
    } catch let error as SQLiteError
      where error.primaryCode == SQLITE_READONLY || error.primaryCode == SQLITE_CANTOPEN
    {
      // A hot journal to roll back, or missing `-shm` the read-only connection may not
      // create: the read-write open deals with both, or reports why it cannot.
      return Checked(inspection: .usable, connection: nil)
    }
  }

  /// A verdict and the connection that reached it.
  struct Checked {
    var inspection: Inspection
    var connection: Connection?
  }

  /// The first line of a `quick_check` answer that names a problem.
  private static func firstProblem(in verdict: String?) -> String {
    let lines = (verdict ?? "").split(separator: "\n").filter { !$0.hasPrefix("*** ") }
    return lines.first.map(String.init) ?? "no answer"
  }

  /// Opens read-write, configures and migrates; an error saying the file is damaged is
  /// returned rather than thrown.
  private static func openUnlessDamaged(_ path: String) throws -> Result<SQLiteStore, SQLiteError> {
    do {
      return .success(try openReadWrite(path))
    } catch let error as SQLiteError where error.meansCorruption {
      return .failure(error)
    }
  }

  private static func openReadWrite(_ path: String) throws -> SQLiteStore {
    // NB: SQLite would create a missing file as 0644; when this can't create it, SQLite's own
    // open below says why.
    try? FileSystem.createPrivateFile(path)
    let connection: Connection
    do {
      connection = try Connection(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    } catch let error as SQLiteError where error.primaryCode == SQLITE_CANTOPEN {
      let directory = FileSystem.parentDirectory(of: path)
      guard FileSystem.isWritableDirectory(directory) else {
        throw StoreError.cannotOpen(
          path: path, reason: "the directory \(directory) is not writable")
      }
      throw error
    }
    guard !connection.isReadOnly else {
      throw StoreError.cannotOpen(path: path, reason: "the file is read-only")
    }
    try connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
    let mode = try retryingWhileBusy { try connection.singleText("PRAGMA journal_mode = WAL") }
    guard mode?.lowercased() == "wal" else {
      throw StoreError.cannotOpen(
        path: path, reason: "it cannot use write-ahead logging (journal mode \(mode ?? "?"))")
    }
    try connection.execute("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;")
    try Schema.migrate(connection, path: path)
    return SQLiteStore(connection: connection, path: path)
  }

  /// Moves the file aside, starts a fresh store and copies over what can be read.
  private static func recover(_ path: String, reason: String, now: Date) throws -> (
    SQLiteStore, OpenReport
  ) {
    let aside = try moveAside(path, now: now)
    guard case .success(let store) = try openUnlessDamaged(path) else {
      throw StoreError.cannotOpen(path: path, reason: "a fresh store there is damaged at once")
    }
    let salvaged = store.salvage(from: aside)
    let report = OpenReport(
      movedAsideTo: aside, salvagedItems: salvaged.items, salvagedMemory: salvaged.memory,
      reason: reason)
    return (store, report)
  }

  /// Renames the store and its sidecar files to `<path>.broken-<timestamp>[-n]`.
  private static func moveAside(_ path: String, now: Date) throws -> String {
    let sidecars = ["", "-wal", "-shm", "-journal"]
    let base = "\(path).broken-\(FileSystem.compactTimestamp(now))"
    var target = base
    var attempt = 1
    while sidecars.contains(where: { FileSystem.exists(target + $0) }) {
      attempt += 1
      target = "\(base)-\(attempt)"
    }
    for suffix in sidecars where suffix.isEmpty || FileSystem.exists(path + suffix) {
      do {
        try FileSystem.move(path + suffix, to: target + suffix)
      } catch {
        throw StoreError.cannotOpen(
          path: path, reason: "it is damaged and could not be moved aside (\(error))")
      }
    }
    return target
  }

  /// Retries `body` while SQLite reports the database busy, up to the busy timeout; some
  /// steps, like switching the journal mode, fail at once instead of waiting.
  private static func retryingWhileBusy<T>(_ body: () throws -> T) throws -> T {
    let wait = BusyWait(milliseconds: busyTimeoutMilliseconds)
    while true {
      do {
        return try body()
      } catch let error as SQLiteError
        where error.primaryCode == SQLITE_BUSY || error.primaryCode == SQLITE_LOCKED
      {
        guard wait.pause() else { throw error }
      }
    }
  }

  /// Runs `body`, turning any SQLite failure into `StoreError.cannotOpen`.
  static func cannotOpenOnFailure<T>(_ path: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as SQLiteError {
      throw StoreError.cannotOpen(path: path, reason: error.message)
    }
  }
}

extension SQLiteStore {
  /// Whether this process may only read the store at `path`: it exists, and the file or its
  /// folder (where SQLite keeps the `-wal` and `-shm` files) can't be written.
  public static func isReadOnly(at path: String) -> Bool {
    guard case .regular(let size) = FileSystem.status(of: path), size > 0 else { return false }
    return !FileSystem.isWritable(path)
      || !FileSystem.isWritableDirectory(FileSystem.parentDirectory(of: path))
  }

  /// Opens a store this process can't write, for reading: nothing is migrated, marked,
  /// repaired or moved aside, and every change is refused saying the store is read-only.
  ///
  /// A folder where SQLite can't make the write-ahead log's index is read with the database
  /// marked immutable, but only when no log is waiting in it (its changes would be missed).
  ///
  /// - Throws: what `open(at:now:)` throws for a file that isn't a Basket store or is newer;
  ///   `StoreError.cannotOpen` for a damaged or older store, which can't be fixed read-only.
  public static func openReadOnly(at path: String) throws -> SQLiteStore {
    let why = readOnlyReason(path)
    switch try inspect(path) {
    case .usable: break
    case .broken(let reason):
      throw StoreError.cannotOpen(
        path: path, reason: "\(reason), and \(why), so it can't be moved aside and started afresh")
    }
    return try cannotOpenOnFailure(path) {
      var connection = try Connection(path: path, flags: SQLITE_OPEN_READONLY)
      do {
        _ = try connection.singleInteger("PRAGMA user_version")
      } catch let error as SQLiteError
        where error.primaryCode == SQLITE_CANTOPEN || error.primaryCode == SQLITE_READONLY
      {
        guard FileSystem.size(of: path + "-wal") == 0 else { throw error }
        connection = try Connection(
          path: Salvage.immutableURI(path), flags: SQLITE_OPEN_READONLY, isURI: true)
      }
      try connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
      let version = Int(try connection.singleInteger("PRAGMA user_version") ?? 0)
      guard version == Schema.latestVersion else {
        throw StoreError.cannotOpen(
          path: path,
          reason:
            "it was made by an older Basket and needs upgrading, but \(why); make it writable once")
      }
      return SQLiteStore(connection: connection, path: path, readOnlyReason: why)
    }
  }

  /// Opens the store for a command that only reads the list (`basket list`). A current
  /// Basket store that needs nothing (no upgrade, no repair) is read through the inspection's
  /// own read-only connection, whose check (of the items table the list is read from: the
  /// next command that writes checks everything) has just cached the pages the reading
  /// needs, so the file is opened once rather than twice (opening it is most of what `list`
  /// costs beside `sqlite3`). Anything else (a new, older, damaged or unusual store) is opened
  /// exactly as `open(at:now:)` does, which moves a damaged store aside.
  public static func openForReading(at path: String, now: Date) throws -> (
    SQLiteStore, OpenReport
  ) {
    guard case .regular(let size) = FileSystem.status(of: path), size > 0 else {
      return try open(at: path, now: now)
    }
    let kept = try inspecting(path, onlyTable: "items") { inspection, connection -> SQLiteStore? in
      guard inspection == .usable, let connection,
        (try? connection.singleInteger("PRAGMA user_version")) == Int64(Schema.latestVersion),
        (try? connection.impossibleQuantities().isEmpty) == true
      else { return nil }
      return SQLiteStore(
        connection: connection, path: path, readOnlyReason: "it was opened for reading only")
    }
    return try kept.map { ($0, OpenReport()) } ?? open(at: path, now: now)
  }

  static func readOnlyReason(_ path: String) -> String {
    !FileSystem.isWritable(path)
      ? "the file is read-only for you"
      : "its folder \(FileSystem.parentDirectory(of: path)) is read-only for you"
  }
}
