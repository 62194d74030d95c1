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

  /// Every suggestion-memory entry.
  func memory() throws -> [MemoryEntry]

  /// Runs `body` on a draft that reads the store inside one write transaction, then writes the
  /// draft's `changes()` (inserted, updated and removed items, and the names remembered) in the
  /// same transaction. If `body` throws, or a read or the changes fail, nothing is written.
  func modify<T>(_ body: (inout ListDraft) throws -> T) throws -> T

  /// A number that changes whenever any process commits a change to the store. Cheap to call;
  /// faces poll it to notice changes made elsewhere.
  func revision() throws -> Int64
}

/// Why a store could not be used.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The store was written by a newer Basket; it is left untouched.
  case newerSchema(found: Int, supported: Int, path: String)
  case cannotOpen(path: String, reason: String)
  case failed(String)

  public var description: String {
    switch self {
    case .newerSchema(let found, let supported, let path):
      "the store at \(path) was written by a newer Basket (schema \(found); this build knows up to \(supported)); it was left untouched. Update Basket to use it."
    case .cannotOpen(let path, let reason):
      "cannot open the store at \(path): \(reason)"
    case .failed(let reason):
      "the store failed: \(reason)"
    }
  }
}
