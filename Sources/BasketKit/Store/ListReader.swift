/// What a `ListDraft` reads from the store: the items as they stand inside the change's
/// transaction, before the change.
///
/// A store answers each `ItemQuery` with every stored item that matches it
/// (`ItemQuery.matches`). It may add items that don't match, which the draft drops, but must
/// never leave a match out; for `toGet(limit:)` it returns the `limit` matches with the greatest
/// `listedAt` (fewer only when there are no more). Items it cannot decode count as absent.
public protocol ListReader {
  func items(_ query: ItemQuery) throws -> [Item]
}

/// A `ListReader` over items held in memory: the in-memory store's, and a draft made with
/// `ListDraft(items:)`. Every query is a pass over all the items.
public struct ListSnapshot: ListReader, Sendable {
  public let items: [Item]

  public init(_ items: [Item]) {
    self.items = items
  }

  public func items(_ query: ItemQuery) -> [Item] {
    query.select(from: items)
  }
}
