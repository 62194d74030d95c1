import BasketKit
import Synchronization

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

/// The list and suggestion memory in one SQLite file, safe to share between threads and
/// between processes.
///
/// Open it with `SQLiteStore.open(at:now:)`. Every call takes a lock around the one
/// connection, so calls from several threads run one at a time; other processes are kept out
/// by SQLite's own locks (WAL mode, so readers never wait for a writer).
public final class SQLiteStore: ListStore {
  /// The file the store lives in.
  public let path: String
  private let connection: Mutex<Connection>
  /// The shop this process checks things off in, when not the household's current one.
  private let shopOverride = Mutex<UUID?>(nil)
  /// The shop `checkingOff(in:_:)` checks things off in, for its body only: on that thread (or
  /// task), so a server's other requests meanwhile keep theirs.
  @TaskLocal private static var scopedShop: UUID?
  /// The list `onList(_:_:)` reads and changes, for its body only, on that thread (or task).
  @TaskLocal static var scopedList: UUID?
  /// The list this process reads and changes when no body is scoped (`--list`); nil: the
  /// household's first.
  let listOverride = Mutex<UUID?>(nil)
  /// The connection `exactlyOnce` holds while its body runs, on that thread (or task) only:
  /// this store's calls from the body use it, their transactions nested inside its one, rather
  /// than wait for the lock it holds.
  @TaskLocal private static var held: LockedConnection?

  /// Why this store was opened for reading only (`openReadOnly`); nil when it can be written.
  public let readOnlyReason: String?
  /// Checkpoints the log off the commit path (`checkpointInBackground`); nil: SQLite's own.
  private let checkpointer = Mutex<BackgroundCheckpointer?>(nil)

  init(connection: consuming sending Connection, path: String, readOnlyReason: String? = nil) {
    self.connection = Mutex(connection)
    self.path = path
    self.readOnlyReason = readOnlyReason
  }

  deinit {
    checkpointer.withLock { $0?.stop() }
  }

  func installCheckpointer(_ installed: BackgroundCheckpointer) {
    connection.withLock { connection in
      checkpointer.withLock { current in
        current?.stop()
        current = installed
      }
      connection.reportCommits(to: installed)
    }
  }

  /// The background checkpointer's runs so far, after waiting for a queued one.
  func backgroundCheckpoints() -> Int? {
    checkpointer.withLock { current in
      current?.drain()
      return current?.completed
    }
  }

  public func items() throws -> [Item] {
    try withConnection { try $0.loadItems() }
  }

  /// The items that answer `query`, read as a draft reads them (`ConnectionReader`): by the
  /// query's index, in the order it promises.
  public func items(_ query: ItemQuery) throws -> [Item] {
    try withConnection { connection in
      query.select(from: try ConnectionReader(connection: connection).items(query))
    }
  }

  public func memory() throws -> [MemoryEntry] {
    try withConnection { try $0.loadMemory() }
  }

  /// Runs `body` once per input, each on its own draft over what the ones before wrote, all
  /// inside one `BEGIN IMMEDIATE` transaction: one commit, one `fsync`, for the lot. Only
  /// what changed is written, and the revision bumped; nothing is written if nothing changed,
  /// any call throws or a read fails. (`modify(_:)` is one input of it.)
  ///
  /// Cost: the indexed reads the rules ask for and the rows they change, not the whole list
  /// (unless `body` uses `ListDraft.items`). Blocks while another process writes, for up to the
  /// busy timeout.
  public func modify<Input, T>(
    inOrder inputs: [Input], _ body: (Input, inout ListDraft) throws -> T
  ) throws -> [T] {
    var results: [T] = []
    results.reserveCapacity(inputs.count)
    let shop = Self.scopedShop ?? shopOverride.withLock { $0 }
    try translatingErrors {
      try locked { locked in
        let connection = locked.connection
        try connection.begin(immediate: true)
        do {
          for input in inputs {
            var draft = ListDraft(reading: ConnectionReader(connection: connection))
            do {
              results.append(try body(input, &draft))
            } catch {
              try draft.checkReads()
              throw error
            }
            try connection.save(try draft.changes(), shop: shop)
          }
          try connection.commit()
        } catch {
          connection.rollBack()
          throw error
        }
      }
    }
    guard results.count == inputs.count else {
      throw StoreError.failed("the change produced no result")
    }
    return results
  }

  /// Runs `body` in one `BEGIN IMMEDIATE` transaction that first looks `id` up in the
  /// `operations` table and, once `body` returns, records it there: the changes `body` makes
  /// through this store (the list, the pantry, recipes, shops, trips), each a savepoint inside
  /// that transaction, commit with the record in one `fsync`, or not at all if `body` throws.
  /// Nil, with nothing run, when `id` was recorded before.
  ///
  /// NB: the body's store calls find the connection through a task-local value, so they must
  /// run on the calling thread; a thread `body` starts would wait for the lock held here.
  public func exactlyOnce<T>(_ id: UUID, at now: Date, _ body: () throws -> T) throws -> T? {
    var result: T?
    var seen = false
    try translatingErrors {
      try locked { locked in
        let connection = locked.connection
        try connection.begin(immediate: true)
        do {
          if try connection.loadOperation(id) != nil {
            seen = true
            connection.rollBack()
            return
          }
          result = try Self.$held.withValue(locked) { try body() }
          try connection.record(OperationRecord(id: id, kind: nil, at: now, appliedAt: now))
          try connection.commit()
        } catch {
          connection.rollBack()
          throw error
        }
      }
    }
    return seen ? nil : result
  }

  /// Checks things off in `shop` from now on in this process (`--shop`), whichever shop is
  /// current for the household; nil goes back to the current one.
  public func checkOffIn(_ shop: UUID?) {
    shopOverride.withLock { $0 = shop }
  }

  /// Runs `body` with things checked off in `shop` (nil: in no shop), then goes back to what
  /// this process checked off in before. For a trip's Got it: the trip's shop learns from it,
  /// a retailer trip teaches none.
  public func checkingOff<T>(in shop: UUID?, _ body: () throws -> T) rethrows -> T {
    try Self.$scopedShop.withValue(shop ?? Connection.nowhere) { try body() }
  }

  public func changes(since revision: Int64) throws -> ListChanges? {
    try readState { connection -> ListChanges? in
      let current = try connection.loadRevision()
      guard revision >= (try connection.loadChangesFloor()), revision <= current else {
        return nil
      }
      let (items, removed) = try connection.loadChanges(since: revision)
      return ListChanges(from: revision, revision: current, items: items, removed: removed)
    }
  }

  /// The revision counter, bumped by every write from any process; one indexed read.
  public func revision() throws -> Int64 {
    try withConnection { try $0.loadRevision() }
  }

  /// Frees what SQLite's page cache holds for this store's connection (`PRAGMA
  /// shrink_memory`), after a large read whose result the caller keeps: the next read takes
  /// its pages from the system's file cache again.
  public func shrinkMemory() {
    _ = try? withConnection { try $0.execute("PRAGMA shrink_memory") }
  }

  /// The bytes SQLite's page cache holds for this store's connection now, for tests.
  func cacheBytes() throws -> Int {
    try withConnection { connection in
      var current: Int32 = 0
      var highest: Int32 = 0
      _ = sqlite3_db_status(connection.handle, SQLITE_DBSTATUS_CACHE_USED, &current, &highest, 0)
      return Int(current)
    }
  }

  /// The value of `PRAGMA name` on this store's connection, for tests and diagnostics.
  func pragma(_ name: String) throws -> String? {
    try withConnection { try $0.singleText("PRAGMA \(name)") }
  }

  /// Runs `body` with the connection, holding the lock; SQLite failures become
  /// `StoreError.failed`.
  ///
  /// `inTransaction`: `body` opens a transaction before anything else, and the list is chosen
  /// inside it (`useListOnceBegun`).
  func withConnection<T: Sendable>(
    inTransaction: Bool = false, _ body: @Sendable (Connection) throws -> T
  ) throws -> T {
    try translatingErrors {
      if let held = Self.held, held.store == ObjectIdentifier(self) {
        try held.connection.useList(Self.scopedList ?? listOverride.withLock { $0 })
        return try body(held.connection)
      }
      let list = Self.scopedList ?? listOverride.withLock { $0 }
      return try connection.withLock { connection in
        guard inTransaction else {
          try connection.useList(list)
          return try body(connection)
        }
        connection.useListOnceBegun(list)
        defer { connection.listToChoose = nil }
        return try body(connection)
      }
    }
  }

  /// What `load` reads from the store, in one read transaction: one moment of it.
  func readState<State: Sendable>(_ load: @Sendable (Connection) throws -> State) throws -> State {
    try withConnection(inTransaction: true) { connection in
      try connection.transaction(immediate: false) { try load(connection) }
    }
  }

  /// Runs `body` on the state `load` reads, inside one write transaction (`BEGIN IMMEDIATE`):
  /// when `changed(after, before)`, `save` writes what differs and the revision moves, so other
  /// faces notice.
  func modifyState<State, T: Sendable>(
    load: @Sendable (Connection) throws -> State,
    changed: @Sendable (State, State) -> Bool,
    save: @Sendable (Connection, State, State) throws -> Void,
    _ body: @Sendable (inout State) throws -> T
  ) throws -> T {
    try withConnection(inTransaction: true) { connection in
      try connection.transaction(immediate: true) {
        let before = try load(connection)
        var after = before
        let result = try body(&after)
        if changed(after, before) {
          try save(connection, after, before)
          _ = try connection.bumpRevision()
        }
        return result
      }
    }
  }

  /// Runs `body` with the connection: the one `exactlyOnce` holds, when it runs `body`'s
  /// caller, else under the lock. `body` begins a transaction before anything else: the list is
  /// chosen inside it.
  func locked(_ body: (LockedConnection) throws -> Void) throws {
    let list = Self.scopedList ?? listOverride.withLock { $0 }
    if let held = Self.held, held.store == ObjectIdentifier(self) {
      try held.connection.useList(list)
      try body(held)
      return
    }
    try connection.withLock { connection in
      connection.useListOnceBegun(list)
      defer { connection.listToChoose = nil }
      // NB: through a `Sendable` box (like `ConnectionReader`), so that `body`, which comes
      // from the caller, never shares a region with the connection the lock guards.
      try body(LockedConnection(store: ObjectIdentifier(self), connection: connection))
    }
  }

  func translatingErrors<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as SQLiteError where error.primaryCode == SQLITE_READONLY {
      throw StoreError.cannotOpen(
        path: path,
        reason:
          "\(readOnlyReason ?? "the store is read-only"), so nothing can be changed (reading commands such as list still work)"
      )
    } catch let error as SQLiteError where error.isOutOfSpace {
      throw StoreError.outOfSpace(path: path)
    } catch let error as SQLiteError {
      throw StoreError.failed(error.message)
    }
  }
}

/// The store's connection while its lock is held, passed to code that runs under the lock.
///
/// NB: `@unchecked Sendable` because only the thread holding the lock (or, through
/// `SQLiteStore.held`, the body `exactlyOnce` runs on it) ever sees it.
final class LockedConnection: @unchecked Sendable {
  let store: ObjectIdentifier
  let connection: Connection

  init(store: ObjectIdentifier, connection: Connection) {
    self.store = store
    self.connection = connection
  }
}
