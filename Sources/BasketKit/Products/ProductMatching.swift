/// What the household wants from the products it is offered: filters (organic only, dietary
/// needs) and ranking (cheapest per unit, the shop's own brand first).
public struct ShoppingPreferences: Equatable, Hashable, Sendable, Codable {
  public var organicOnly: Bool
  /// Every one of these must be met.
  public var diets: Set<Diet>
  public var cheapestFirst: Bool
  public var storeBrandFirst: Bool

  public init(
    organicOnly: Bool = false, diets: Set<Diet> = [], cheapestFirst: Bool = false,
    storeBrandFirst: Bool = false
  ) {
    self.organicOnly = organicOnly
    self.diets = diets
    self.cheapestFirst = cheapestFirst
    self.storeBrandFirst = storeBrandFirst
  }

  /// Why `product` is filtered out, or nil when it may be offered.
  public func refusal(of product: Product) -> String? {
    if organicOnly && !product.organic { return "\(product.name) isn't organic" }
    let missing = Diet.allCases.filter { diets.contains($0) && !product.diets.contains($0) }
    guard missing.isEmpty else {
      return "\(product.name) isn't marked \(missing.map(\.rawValue).joined(separator: " or "))"
    }
    return nil
  }

  /// "organic only, vegan; cheapest per unit first", or "none".
  public var text: String {
    let filters =
      (organicOnly ? ["organic only"] : []) + Diet.allCases.filter(diets.contains).map(\.rawValue)
    let ranks =
      (storeBrandFirst ? ["store brand first"] : []) + (cheapestFirst ? ["cheapest per unit"] : [])
    let parts = [filters.joined(separator: ", "), ranks.joined(separator: ", ")].filter {
      !$0.isEmpty
    }
    return parts.isEmpty ? "none" : parts.joined(separator: "; ")
  }
}

/// A list item matched to the catalogue: a sure product (no review), or an exception to
/// accept, replace or skip, with the products it could be, best first.
public struct ProductMatch: Equatable, Sendable {
  public enum Sureness: Equatable, Sendable {
    /// The item's name is the product's name or one of its aliases.
    case alias(String)
    /// The pantry knows the item by a barcode, and the product has that code.
    case barcode(String)
    /// The only product for that food at this shop.
    case onlyOne
  }

  /// The sure product, or the one suggested for an exception (nil: none to suggest).
  public var product: Product?
  /// Why it is sure; nil for an exception.
  public var sure: Sureness?
  /// Every eligible product it could be, best first (the suggestion first).
  public var candidates: [Product]
  /// A line for the user: "oat milk is an alias of Oat drink", "2 products could be flour at
  /// Walmart", "no product for saffron at Lidl".
  public var reason: String

  /// Why the household's preferences turned down the products of this name ("Oat drink is
  /// not organic"); empty when none was turned down.
  public var refusals: [String]

  public var isException: Bool { sure == nil }

  public init(
    product: Product?, sure: Sureness?, candidates: [Product], reason: String,
    refusals: [String] = []
  ) {
    self.product = product
    self.sure = sure
    self.candidates = candidates
    self.reason = reason
    self.refusals = refusals
  }
}

/// Matching list items to products.
public enum ProductMatching {
  /// Matches the item called `name` to `products` bought at `place` (a shop's or retailer's
  /// name; nil: anywhere). `pantryCode` is the barcode the pantry knows the item's name by.
  ///
  /// Sure (no review): an eligible product whose name or alias folds to the item's name; else
  /// one with the pantry's barcode for it; else the only eligible product for that food (its
  /// name or an alias holds every word of the item's name). Anything less, or a sure product
  /// the preferences filter out, is an exception.
  public static func match(
    _ name: String, pantryCode: Barcode? = nil, products: [Product], at place: String?,
    preferences: ShoppingPreferences
  ) -> ProductMatch {
    let key = NameKey.of(name)
    let here = products.filter { $0.isSold(at: place) }
    let eligible = here.filter { preferences.refusal(of: $0) == nil }
    let named = here.filter { $0.keys.contains(key) }
    let coded = pantryCode.map { code in here.filter { $0.barcode?.key == code.key } } ?? []
    let words = Set(key.split(separator: " "))
    let food = here.filter { product in
      !words.isEmpty
        && product.keys.contains { words.isSubset(of: Set($0.split(separator: " "))) }
    }
    let candidates = rank(
      eligible.filter { product in
        named.contains(product) || coded.contains(product) || food.contains(product)
      }, preferences: preferences)
    let at = place.map { " at \($0)" } ?? ""

    let namedEligible = named.filter { preferences.refusal(of: $0) == nil }
    if namedEligible.count == 1 {
      let product = namedEligible[0]
      let alias =
        product.key == key ? product.name : product.aliases.first { NameKey.of($0) == key }
      return ProductMatch(
        product: product, sure: .alias(alias ?? name), candidates: candidates,
        reason: product.key == key
          ? "\(product.name) by name" : "\(name) is an alias of \(product.name)")
    }
    let codedEligible = coded.filter { preferences.refusal(of: $0) == nil }
    if namedEligible.isEmpty, codedEligible.count == 1, let code = pantryCode {
      return ProductMatch(
        product: codedEligible[0], sure: .barcode(code.digits), candidates: candidates,
        reason: "\(codedEligible[0].name) by its barcode \(code.digits)")
    }
    let refused = (named + coded).compactMap(preferences.refusal)
    if namedEligible.isEmpty, codedEligible.isEmpty, refused.isEmpty, candidates.count == 1 {
      let filtered = food.count > 1 ? " that meets your preferences" : ""
      return ProductMatch(
        product: candidates[0], sure: .onlyOne, candidates: candidates,
        reason: "the only product for \(name)\(at)\(filtered)")
    }
    let reason: String
    if let first = refused.first, candidates.isEmpty {
      reason = "\(first) (your preferences)"
    } else if let first = refused.first {
      reason = "\(first) (your preferences): \(candidates[0].name) could do instead"
    } else if candidates.isEmpty {
      reason =
        food.isEmpty
        ? "no product for \(name)\(at) in your catalogue"
        : "no product for \(name)\(at) meets your preferences"
    } else {
      reason = "\(candidates.count) products could be \(name)\(at)"
    }
    return ProductMatch(
      product: candidates.first, sure: nil, candidates: candidates, reason: reason,
      refusals: refused)
  }

  /// `products` best first by `preferences`: the shop's own brand first (when asked), then
  /// the cheapest per unit (when asked: priced ones first, prices compared within one unit
  /// family), then by name.
  public static func rank(_ products: [Product], preferences: ShoppingPreferences) -> [Product] {
    func family(_ product: Product) -> Int {
      switch product.packFamily {
      case .mass: 0
      case .volume: 1
      case .count: 2
      case .length: 3
      case nil: 4
      }
    }
    return products.sorted { a, b in
      if preferences.storeBrandFirst, a.storeBrand != b.storeBrand { return a.storeBrand }
      if preferences.cheapestFirst {
        let (x, y) = (a.pricePerBaseUnit, b.pricePerBaseUnit)
        if (x == nil) != (y == nil) { return x != nil }
        if let x, let y {
          if family(a) != family(b) { return family(a) < family(b) }
          if x != y { return x < y }
        }
      }
      let (x, y) = (a.name.lowercased(), b.name.lowercased())
      return x != y ? x < y : a.id.uuidString < b.id.uuidString
    }
  }
}
