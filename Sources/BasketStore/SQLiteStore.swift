import BasketKit
import Synchronization

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

  init(connection: consuming sending Connection, path: String) {
    self.connection = Mutex(connection)
    self.path = path
  }

  public func items() throws -> [Item] {
    try withConnection { try $0.loadItems() }
  }

  public func memory() throws -> [MemoryEntry] {
    try withConnection { try $0.loadMemory() }
  }

  /// Runs `body` on a draft over the stored items inside one `BEGIN IMMEDIATE` transaction,
  /// then writes only what changed and bumps the revision; nothing is written if nothing
  /// changed, `body` throws, or a read failed.
  ///
  /// Cost: the indexed reads the rules ask for and the rows they change, not the whole list
  /// (unless `body` uses `ListDraft.items`). Blocks while another process writes, for up to the
  /// busy timeout.
  public func modify<T>(_ body: (inout ListDraft) throws -> T) throws -> T {
    var result: T?
    try translatingErrors {
      try connection.withLock { connection in
        // NB: not `transaction { }`: a closure capturing both `connection` and `body` would tie
        // the connection to the caller's isolation region, which the lock forbids.
        try connection.begin(immediate: true)
        do {
          var draft = ListDraft(reading: ConnectionReader(connection: connection))
          do {
            result = try body(&draft)
          } catch {
            try draft.checkReads()
            throw error
          }
          try connection.save(try draft.changes())
          try connection.commit()
        } catch {
          connection.rollBack()
          throw error
        }
      }
    }
    guard let result else { throw StoreError.failed("the change produced no result") }
    return result
  }

  /// The revision counter, bumped by every write from any process; one indexed read.
  public func revision() throws -> Int64 {
    try withConnection { try $0.loadRevision() }
  }

  /// The value of `PRAGMA name` on this store's connection, for tests and diagnostics.
  func pragma(_ name: String) throws -> String? {
    try withConnection { try $0.singleText("PRAGMA \(name)") }
  }

  /// Runs `body` with the connection, holding the lock; SQLite failures become
  /// `StoreError.failed`.
  func withConnection<T: Sendable>(_ body: @Sendable (Connection) throws -> T) throws -> T {
    try translatingErrors {
      try connection.withLock { connection in try body(connection) }
    }
  }

  private func translatingErrors<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as SQLiteError {
      throw StoreError.failed(error.message)
    }
  }
}
