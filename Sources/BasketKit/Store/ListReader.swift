#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a `ListDraft` reads from the store: the items as they stand inside the change's
/// transaction, before the change, and what the store remembers to apply operations exactly
/// once (see `SyncState`).
///
/// A store answers each `ItemQuery` with every stored item that matches it
/// (`ItemQuery.matches`). It may add items that don't match, which the draft drops, but must
/// never leave a match out; for `toGet(limit:)` it returns the `limit` matches with the greatest
/// `listedAt` (fewer only when there are no more). Items it cannot decode count as absent.
public protocol ListReader {
  func items(_ query: ItemQuery) throws -> [Item]
  /// The operation with this id, if the store has applied (or refused) it.
  func operation(_ id: UUID) throws -> OperationRecord?
  /// What is left of the item with this id, if it is gone for good.
  func tombstone(_ id: UUID) throws -> Tombstone?
  /// The item a phone's id was merged into, if it was.
  func alias(_ id: UUID) throws -> ItemAlias?
  /// The household's category for the name that folds to `key` (`Item.category`), if any.
  func category(forNameKey key: String) throws -> String?
}

extension ListReader {
  /// A reader over a list that remembers no operations.
  public func operation(_ id: UUID) throws -> OperationRecord? { nil }
  public func tombstone(_ id: UUID) throws -> Tombstone? { nil }
  public func alias(_ id: UUID) throws -> ItemAlias? { nil }
  public func category(forNameKey key: String) throws -> String? { nil }
}

/// A `ListReader` over items held in memory: the in-memory store's, and a draft made with
/// `ListDraft(items:)`. Every query is a pass over all the items.
public struct ListSnapshot: ListReader, Sendable {
  public let items: [Item]
  public let sync: SyncState
  /// The household's category by name key.
  public let categories: [String: String]

  public init(
    _ items: [Item], sync: SyncState = SyncState(), categories: [String: String] = [:]
  ) {
    self.items = items
    self.sync = sync
    self.categories = categories
  }

  public func items(_ query: ItemQuery) -> [Item] {
    query.select(from: items)
  }

  public func operation(_ id: UUID) -> OperationRecord? { sync.operations[id] }
  public func tombstone(_ id: UUID) -> Tombstone? { sync.tombstones[id] }
  public func alias(_ id: UUID) -> ItemAlias? { sync.aliases[id] }
  public func category(forNameKey key: String) -> String? { categories[key] }
}
