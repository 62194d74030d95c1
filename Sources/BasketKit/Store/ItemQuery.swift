#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A question a `ListDraft` asks the store about its items, so that a change reads only the
/// rows it needs.
public enum ItemQuery: Hashable, Sendable {
  /// Every stored item, in the order they were first stored.
  case all
  /// The item with this id.
  case id(UUID)
  /// The items whose name folds to this `NameKey`.
  case nameKey(String)
  /// To get items (neither checked nor cleared), the greatest `listedAt` first, at most `limit`.
  case toGet(limit: Int)
  /// Items checked off within the bound.
  case checked(DateBound)
  /// Items hidden by Clear all within the bound.
  case cleared(DateBound)

  /// A one-sided bound on a date, ends included.
  public enum DateBound: Hashable, Sendable {
    case atOrBefore(Date)
    case atOrAfter(Date)

    public func contains(_ date: Date) -> Bool {
      switch self {
      case .atOrBefore(let bound): date <= bound
      case .atOrAfter(let bound): date >= bound
      }
    }
  }

  /// Whether `item` answers the query (the limit of `toGet` aside).
  public func matches(_ item: Item) -> Bool {
    switch self {
    case .all: true
    case .id(let id): item.id == id
    case .nameKey(let key): NameKey.of(item.name) == key
    case .toGet: item.checkedAt == nil && item.clearedAt == nil
    case .checked(let bound): item.checkedAt.map(bound.contains) ?? false
    case .cleared(let bound): item.clearedAt.map(bound.contains) ?? false
    }
  }

  /// The exact answer over items held in memory, in the order the query promises (`toGet`
  /// nearest the top first, as To get shows them; everything else in the order given).
  ///
  /// Cost: one pass over `items`, plus a sort of the matches for `toGet`.
  public func select(from items: [Item]) -> [Item] {
    let matching = items.filter(matches)
    guard case .toGet(let limit) = self else { return matching }
    return Array(matching.sorted(by: Self.isNearerTheTop).prefix(max(0, limit)))
  }

  /// To get's order: the greatest `listedAt` first, ties by id.
  static func isNearerTheTop(_ a: Item, _ b: Item) -> Bool {
    a.listedAt != b.listedAt ? a.listedAt > b.listedAt : a.id.uuidString < b.id.uuidString
  }
}
