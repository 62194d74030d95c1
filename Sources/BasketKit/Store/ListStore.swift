#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Persistence the core relies on. The SQLite store in `BasketStore` implements it; tests use an
/// in-memory one from `BasketTestSupport`.
///
/// Implementations must make `modify` atomic with respect to other processes using the same
/// store: the draft is read and written back inside one write transaction.
public protocol ListStore: Sendable {
  /// Every stored item, including ones hidden by Clear all and ones past their TTL.
  func items() throws -> [Item]

  /// The stored items that answer `query`, in the order it promises (`ItemQuery.select`).
  ///
  /// Cost: an indexed read where the store keeps one (the SQLite store does); by default a
  /// read of every item.
  func items(_ query: ItemQuery) throws -> [Item]

  /// Every suggestion-memory entry.
  func memory() throws -> [MemoryEntry]

  /// Runs `body` on a draft that reads the store inside one write transaction, then writes the
  /// draft's `changes()` (inserted, updated and removed items, and the names remembered) in the
  /// same transaction. If `body` throws, or a read or the changes fail, nothing is written.
  func modify<T>(_ body: (inout ListDraft) throws -> T) throws -> T

  /// Runs `body` once per input, in order, each on a fresh draft that sees what the ones
  /// before it wrote, and writes each draft's `changes()` before the next: all in one write
  /// transaction (one commit). If any call throws, or a read or the changes fail, nothing is
  /// written.
  func modify<Input, T>(inOrder inputs: [Input], _ body: (Input, inout ListDraft) throws -> T)
    throws -> [T]

  /// Runs `body`, a change made through one of the server's routes other than the list's own
  /// (a recipe put on the list, a pantry entry used, a trip step…), once per operation id:
  /// looks `id` up in the operation log, runs `body`, and records `id` (made `now`), all in one
  /// write transaction that also holds what `body` changed in this store. Nil, with nothing
  /// run, when `id` was recorded before. If `body` throws, `id` stays unrecorded.
  ///
  /// The default runs the three steps one after another, for stores whose transactions can't
  /// hold others (the in-memory ones); `SQLiteStore` runs them as one transaction.
  func exactlyOnce<T>(_ id: UUID, at now: Date, _ body: () throws -> T) throws -> T?

  /// A number that changes whenever any process commits a change to the store. Cheap to call;
  /// faces poll it to notice changes made elsewhere. Every item row and tombstone remembers
  /// the revision that last wrote it.
  func revision() throws -> Int64

  /// What changed after `revision`: every item whose row was written after it and every item
  /// removed after it, read in one transaction. Nil when the store no longer knows (its
  /// tombstones from then were pruned) or `revision` is newer than the store's.
  ///
  /// Cost: one indexed read of the rows written since.
  func changes(since revision: Int64) throws -> ListChanges?

  /// Remembers `category` as the household's choice for every item whose name folds to `key`
  /// (`NameKey.of`), now and added later; nil forgets the choice. Moves the revision and counts
  /// every item with that name as written, so `changes(since:)` carries them with their new
  /// `Item.category`, which every read of an item fills in from this choice.
  func setCategory(_ category: String?, forNameKey key: String) throws
}

extension ListStore {
  public func items(_ query: ItemQuery) throws -> [Item] {
    query.select(from: try items())
  }

  /// By default one input through `modify(inOrder:_:)`, in its one transaction.
  public func modify<T>(_ body: (inout ListDraft) throws -> T) throws -> T {
    try modify(inOrder: [()]) { _, draft in try body(&draft) }[0]
  }

  /// A store that keeps no categories refuses to remember one.
  public func setCategory(_ category: String?, forNameKey key: String) throws {
    throw StoreError.failed("this store does not remember categories")
  }

  public func exactlyOnce<T>(_ id: UUID, at now: Date, _ body: () throws -> T) throws -> T? {
    guard try modify({ $0.operation(id) }) == nil else { return nil }
    let result = try body()
    try modify { $0.record(OperationRecord(id: id, kind: nil, at: now, appliedAt: now)) }
    return result
  }
}

/// Why a store could not be used.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The store was written by a newer Basket; it is left untouched.
  case newerSchema(found: Int, supported: Int, path: String)
  case cannotOpen(path: String, reason: String)
  /// The disk holding the store had no room for a write; nothing of it was saved.
  case outOfSpace(path: String)
  case failed(String)

  public var description: String {
    switch self {
    case .newerSchema(let found, let supported, let path):
      "the store at \(path) was written by a newer Basket (schema \(found); this build knows up to \(supported)); it was left untouched. Update Basket to use it."
    case .cannotOpen(let path, let reason):
      "cannot open the store at \(path): \(reason)"
    case .outOfSpace(let path):
      "the disk holding \(path) is full, so nothing was saved; free some space on it and try again"
    case .failed(let reason):
      "the store failed: \(reason)"
    }
  }
}

extension StoreError: StoreFailure {
  public var isOutOfSpace: Bool {
    if case .outOfSpace = self { return true }
    return false
  }
}

/// A store's failure that a face words for the household rather than as an internal error.
public protocol StoreFailure: Error {
  /// The disk (or the file system's quota) is full: nothing was saved, and freeing space
  /// fixes it.
  var isOutOfSpace: Bool { get }
}
