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

  /// Reads the items into a draft, runs `body`, then writes back what changed (inserted,
  /// updated and removed items, and the names remembered) in the same transaction. If `body`
  /// throws, nothing is written.
  func modify<T>(_ body: (inout ListDraft) throws -> T) throws -> T

  /// A number that changes whenever any process commits a change to the store. Cheap to call;
  /// faces poll it to notice changes made elsewhere.
  func revision() throws -> Int64
}

/// The mutable view of the store handed to `ListStore.modify`.
public struct ListDraft: Sendable {
  public var items: [Item]
  /// Adds to record in suggestion memory when the draft is saved, in order.
  public private(set) var remembered: [Remembered] = []

  public init(items: [Item]) {
    self.items = items
  }

  /// Records one add of `name` (its memory key is `key`) at `date`.
  public mutating func remember(_ name: String, key: String, at date: Date) {
    remembered.append(Remembered(name: name, key: key, at: date))
  }

  public struct Remembered: Equatable, Sendable {
    public var name: String
    /// The normalised form (see `NameKey`), which identifies the memory entry.
    public var key: String
    public var at: Date
  }
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
