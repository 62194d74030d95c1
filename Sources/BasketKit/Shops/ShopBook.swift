#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The household's shops, as the faces use them: naming them, choosing the current one, and
/// the list in walking order for a shop.
public final class ShopBook: Sendable {
  public let store: any ShopStore
  public let basket: Basket

  public init(store: any ShopStore, basket: Basket) {
    self.store = store
    self.basket = basket
  }

  /// A run of To get items that sit together in the walking order and share a category.
  public struct Stretch: Equatable, Sendable {
    /// The curated category ("dairy", "produce"), or nil when it is not known.
    public var category: String?
    public var items: [Item]

    public init(category: String?, items: [Item]) {
      self.category = category
      self.items = items
    }

    /// The stretch's heading: "dairy" → "Dairy", "cuisines-east-asian" → "Cuisines east
    /// asian"; "Elsewhere" when the category is not known.
    public var title: String { ItemCategory.title(category) }
  }

  /// Adds a shop called `rawName` (tidied); the first shop becomes the current one.
  @discardableResult
  public func add(_ rawName: String) throws -> Shop {
    let name = try ShopRules.name(rawName)
    let existing = try store.shops()
    if let clash = ShopRules.clash(name, in: existing) { throw ShopError.nameTaken(clash.name) }
    let shop = Shop(id: basket.environment.ids(), name: name, addedAt: basket.now)
    try store.addShop(shop)
    if existing.isEmpty { try store.setCurrentShop(shop.id) }
    return shop
  }

  /// Every shop, in the order they were added, and which one is current.
  public func all() throws -> (shops: [Shop], current: UUID?) {
    (try store.shops(), try store.currentShopID())
  }

  /// The shop `reference` names (its name, or a unique beginning of it).
  public func find(_ reference: String) throws -> Shop {
    try ShopRules.find(reference, in: store.shops())
  }

  /// The household's current shop, or nil.
  public func current() throws -> Shop? {
    guard let id = try store.currentShopID() else { return nil }
    return try store.shops().first { $0.id == id }
  }

  /// Makes the shop `reference` names the current one, for every face.
  @discardableResult
  public func use(_ reference: String) throws -> Shop {
    let shop = try find(reference)
    try store.setCurrentShop(shop.id)
    return shop
  }

  /// Leaves every shop: check-offs teach no shop until one is chosen again.
  public func leave() throws {
    try store.setCurrentShop(nil)
  }

  /// Renames the shop `reference` names to `rawName` (tidied); what it learnt stays with it.
  @discardableResult
  public func rename(_ reference: String, to rawName: String) throws -> Shop {
    var shop = try find(reference)
    let name = try ShopRules.name(rawName)
    if let clash = ShopRules.clash(name, in: try store.shops().filter({ $0.id != shop.id })) {
      throw ShopError.nameTaken(clash.name)
    }
    _ = try store.renameShop(shop.id, to: name)
    shop.name = name
    return shop
  }

  /// The aisles `shop` has learnt, in walking order ("dairy", "produce"): the categories of
  /// what was checked off there (and put right), nearest the door first.
  public func aisles(of shop: Shop) throws -> [String] {
    try walkingOrder(for: shop).categories.positions.sorted {
      ($0.value, $0.key) < ($1.value, $1.key)
    }
    .map(\.key)
  }

  /// Moves the aisle `category` of `shop` `offset` places along its learnt aisles (-1: one
  /// nearer the door), teaching the shop that order; returns the aisles as they now stand.
  ///
  /// - Throws: `ShopError.unknownAisle` when the shop hasn't learnt that aisle, or it can't
  ///   move that far.
  @discardableResult
  public func moveAisle(_ category: String, of shop: Shop, by offset: Int) throws -> [String] {
    var aisles = try aisles(of: shop)
    guard let from = aisles.firstIndex(of: category), offset != 0,
      aisles.indices.contains(from + offset)
    else { throw ShopError.unknownAisle(category, shop: shop.name) }
    aisles.insert(aisles.remove(at: from), at: from + offset)
    try store.addCorrection(
      ShopCorrection(shop: shop.id, keys: [], names: [], at: basket.now, categories: aisles))
    return try self.aisles(of: shop)
  }

  /// A category's heading: "dairy" → "Dairy", "cuisines-east-asian" → "Cuisines east asian".
  public static func title(of category: String) -> String {
    Stretch(category: category, items: []).title
  }

  /// Removes the shop `reference` names, with everything it learnt.
  @discardableResult
  public func remove(_ reference: String) throws -> Shop {
    let shop = try find(reference)
    _ = try store.removeShop(shop.id)
    return shop
  }

  /// What `shop` has learnt, with the other shops to fall back on.
  public func walkingOrder(for shop: Shop) throws -> WalkingOrder {
    let classifier = basket.environment.classifier
    let since = basket.now.addingTimeInterval(-ShopRules.memory)
    return ShopRules.walkingOrder(
      for: shop.id, among: try store.shops(), checkOffs: try store.checkOffs(since: since),
      corrections: try store.corrections(since: since),
      category: { classifier.classify($0).category })
  }

  /// Teaches `shop` that `items` (To get, as the user left them after moving one) are found
  /// in this order.
  public func correct(_ shop: Shop, order items: [Item]) throws {
    guard items.count > 1 else { return }
    try store.addCorrection(
      ShopCorrection(
        shop: shop.id, keys: items.map { NameKey.of($0.name) }, names: items.map(\.name),
        at: basket.now))
  }

  /// To get in walking order for `shop`, cut into stretches of one category each.
  public func toGet(in shop: Shop) throws -> [Stretch] {
    try stretches(of: basket.sections().toGet, in: shop)
  }

  /// The walk with the stretch holding `item` moved `offset` stretches on (-1: before the one
  /// in front of it), as ids in their new order; nil when it can't move that way. Left as the
  /// user's correction (`correct`), it teaches the shop where that category is.
  public static func order(
    movingStretchOf item: UUID, by offset: Int, in stretches: [Stretch]
  ) -> [UUID]? {
    guard let from = stretches.firstIndex(where: { $0.items.contains { $0.id == item } })
    else { return nil }
    let to = from + offset
    guard offset != 0, stretches.indices.contains(to) else { return nil }
    var moved = stretches
    moved.insert(moved.remove(at: from), at: to)
    return moved.flatMap { $0.items.map(\.id) }
  }

  /// `items` (To get, as read by the caller) in walking order for `shop`, in stretches.
  public func stretches(of items: [Item], in shop: Shop) throws -> [Stretch] {
    let classifier = basket.environment.classifier
    let categories = Dictionary(
      items.map { ($0.id, classifier.classify($0.name).category) }
    ) { first, _ in first }
    let sorted = try walkingOrder(for: shop).sorted(
      items, key: { NameKey.of($0.name) }, category: { categories[$0.id] ?? nil })
    var stretches: [Stretch] = []
    for item in sorted {
      let itemCategory = categories[item.id] ?? nil
      if let last = stretches.last, last.category == itemCategory {
        stretches[stretches.count - 1].items.append(item)
      } else {
        stretches.append(Stretch(category: itemCategory, items: [item]))
      }
    }
    return stretches
  }
}
