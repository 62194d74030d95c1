#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The household's products and retailers, as the faces use them. Time and ids are passed in.
public final class ProductBook: Sendable {
  public let store: any ProductStore
  public let shops: any ShopStore
  public let clock: AppClock
  public let ids: IDGenerator

  public init(store: any ProductStore, shops: any ShopStore, clock: AppClock, ids: IDGenerator) {
    self.store = store
    self.shops = shops
    self.clock = clock
    self.ids = ids
  }

  /// Every product, by name.
  public func list() throws -> [Product] {
    ProductRules.sorted(try store.catalogue().products)
  }

  /// The product `reference` names (its name, an alias, a unique start of its name, or its
  /// barcode).
  public func find(_ reference: String) throws -> Product {
    try ProductRules.find(reference, in: store.catalogue().products)
  }

  /// Adds a product; `shop` names a shop or retailer (checked).
  @discardableResult
  public func add(_ name: String, _ change: ProductChange) throws -> Product {
    let change = try placed(change)
    let (id, now) = (ids(), clock.now)
    return try store.modifyCatalogue {
      try ProductRules.add(name, change, id: id, now: now, to: &$0)
    }
  }

  /// Changes the product `reference` names.
  @discardableResult
  public func edit(_ reference: String, _ change: ProductChange) throws -> Product {
    let change = try placed(change)
    let now = clock.now
    return try store.modifyCatalogue { catalogue in
      let product = try ProductRules.find(reference, in: catalogue.products)
      return try ProductRules.edit(product.id, change, now: now, in: &catalogue)
    }
  }

  /// Removes the product `reference` names.
  @discardableResult
  public func remove(_ reference: String) throws -> Product {
    try store.modifyCatalogue { catalogue in
      let product = try ProductRules.find(reference, in: catalogue.products)
      ProductRules.remove(product.id, in: &catalogue)
      return product
    }
  }

  /// Remembers `name` as an alias of the product with `id`, so it is a sure match next time.
  @discardableResult
  public func remember(_ name: String, for id: UUID) throws -> Bool {
    let now = clock.now
    return try store.modifyCatalogue { ProductRules.remember(name, for: id, now: now, in: &$0) }
  }

  // MARK: - Retailers

  /// Every retailer: Walmart and Target, then the household's.
  public func retailers() throws -> [Retailer] {
    try store.catalogue().allRetailers
  }

  /// The retailer `reference` names.
  public func retailer(_ reference: String) throws -> Retailer {
    try RetailerRules.find(reference, in: retailers())
  }

  /// Adds a retailer with its search address template (`{query}` where the name goes).
  @discardableResult
  public func addRetailer(_ name: String, template: String) throws -> Retailer {
    if let clash = try? ShopRules.find(name, in: shops.shops()),
      NameKey.of(clash.name) == NameKey.of(name)
    {
      throw ProductError.retailerTaken(clash.name + " (a shop)")
    }
    return try store.modifyCatalogue {
      try RetailerRules.add(name, template: template, to: &$0)
    }
  }

  /// Removes the household's retailer `reference` names.
  @discardableResult
  public func removeRetailer(_ reference: String) throws -> Retailer {
    try store.modifyCatalogue { try RetailerRules.remove(reference, from: &$0) }
  }

  /// `change` with its shop, if any, spelt as the shop or retailer it names.
  private func placed(_ change: ProductChange) throws -> ProductChange {
    guard case .set(let reference) = change.shop else { return change }
    var placed = change
    placed.shop = .set(
      try ProductRules.place(reference, shops: shops.shops(), retailers: retailers()))
    return placed
  }
}
