#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The household's lists as the faces use them: `ListsRules` applied to a store that keeps
/// several lists, with the basket's clock and ids.
public struct HouseholdLists: Sendable {
  public let basket: Basket
  public let store: any ListsStore

  public init(basket: Basket, store: any ListsStore) {
    self.basket = basket
    self.store = store
  }

  /// The live lists, in order.
  public func all() throws -> [ShoppingList] { ListsRules.live(try store.lists()) }

  /// The removed lists, most recently removed first.
  public func removed() throws -> [ShoppingList] {
    try store.lists().filter(\.isRemoved).sorted {
      ($0.removedAt ?? .distantPast) > ($1.removedAt ?? .distantPast)
    }
  }

  /// The live list `text` names (its name, folded, or its id).
  public func named(_ text: String) throws -> ShoppingList {
    try ListsRules.live(text, in: try store.lists())
  }

  /// How many items `list` has in To get and Got it now.
  public func counts(of list: ShoppingList) throws -> ListCounts {
    try store.onList(list.id) { ListCounts(try basket.sections()) }
  }

  @discardableResult
  public func add(_ name: String) throws -> ShoppingList {
    let id = basket.environment.ids()
    let now = basket.now
    return try store.modifyLists { lists in try ListsRules.add(name, id: id, at: now, to: &lists) }
  }

  @discardableResult
  public func rename(_ old: String, to new: String) throws -> ShoppingList {
    try store.modifyLists { lists in try ListsRules.rename(old, to: new, in: &lists) }
  }

  @discardableResult
  public func move(_ name: String, to position: Int) throws -> ShoppingList {
    try store.modifyLists { lists in try ListsRules.move(name, to: position, in: &lists) }
  }

  /// Removes a list with its items, which stay with it until it is restored.
  @discardableResult
  public func remove(_ name: String) throws -> ShoppingList {
    let now = basket.now
    return try store.modifyLists { lists in try ListsRules.remove(name, at: now, in: &lists) }
  }

  @discardableResult
  public func restore(_ name: String) throws -> ShoppingList {
    try store.modifyLists { lists in try ListsRules.restore(name, in: &lists) }
  }
}

extension Basket {
  /// The household's lists, when the store keeps several (the SQLite store does; nil for a
  /// store of one list).
  public var lists: HouseholdLists? {
    (store as? any ListsStore).map { HouseholdLists(basket: self, store: $0) }
  }
}
