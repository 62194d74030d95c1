#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A change to a product: each field set, cleared or left (`PantryField`); for a new product,
/// `.keep` means "none". Aliases are added and removed by name.
public struct ProductChange: Equatable, Sendable {
  public var name: String?
  public var addAliases: [String]
  public var removeAliases: [String]
  public var barcode: PantryField<Barcode>
  public var packSize: PantryField<IngredientQuantity>
  public var shop: PantryField<String>
  public var page: PantryField<String>
  /// A price in hundredths, noted now.
  public var price: PantryField<Int>
  public var organic: Bool?
  public var addDiets: Set<Diet>
  public var removeDiets: Set<Diet>
  public var storeBrand: Bool?

  public init(
    name: String? = nil, addAliases: [String] = [], removeAliases: [String] = [],
    barcode: PantryField<Barcode> = .keep, packSize: PantryField<IngredientQuantity> = .keep,
    shop: PantryField<String> = .keep, page: PantryField<String> = .keep,
    price: PantryField<Int> = .keep, organic: Bool? = nil, addDiets: Set<Diet> = [],
    removeDiets: Set<Diet> = [], storeBrand: Bool? = nil
  ) {
    self.name = name
    self.addAliases = addAliases
    self.removeAliases = removeAliases
    self.barcode = barcode
    self.packSize = packSize
    self.shop = shop
    self.page = page
    self.price = price
    self.organic = organic
    self.addDiets = addDiets
    self.removeDiets = removeDiets
    self.storeBrand = storeBrand
  }

  public var isEmpty: Bool { self == ProductChange() }
}

/// The catalogue's rules, as pure functions over a `ProductCatalogue`.
public enum ProductRules {
  public static let maxNameLength = 120
  public static let maxAliases = 20
  public static let maxPageLength = 2000

  /// `raw` tidied into a name (`NameText.cleaned`).
  public static func name(_ raw: String) throws(ProductError) -> String {
    let name = NameText.cleaned(raw)
    guard !name.isEmpty, !NameKey.of(name).isEmpty else { throw .emptyName }
    guard name.count <= maxNameLength else { throw .nameTooLong(maxNameLength) }
    return name
  }

  /// A product page address as the user gave it, checked: http or https, a host, no spaces or
  /// control characters, at most `maxPageLength` characters.
  public static func page(_ raw: String) throws(ProductError) -> String {
    let text = String(raw.trimmingCharacters())
    guard !text.isEmpty else { throw .badPage("is empty") }
    guard text.count <= maxPageLength else {
      throw .badPage("is longer than \(maxPageLength) characters")
    }
    guard
      !text.unicodeScalars.contains(where: {
        $0.properties.isWhitespace || $0.properties.generalCategory == .control
      })
    else { throw .badPage("has a space or control character in it") }
    guard let schemeEnd = text.firstRange(of: "://") else {
      throw .badPage("\"\(text.prefix(60))\" isn't a web address (one starts with https://)")
    }
    let scheme = text[..<schemeEnd.lowerBound].lowercased()
    guard scheme == "https" || scheme == "http" else {
      throw .badPage("must be an http or https address, not \(scheme.prefix(20))")
    }
    var authority = text[schemeEnd.upperBound...].prefix { !"/?#".contains($0) }
    if let at = authority.lastIndex(of: "@") {
      authority = authority[authority.index(after: at)...]
    }
    let host =
      authority.first == "["
      ? authority.dropFirst().prefix { $0 != "]" } : authority.prefix { $0 != ":" }
    guard !host.isEmpty, !host.hasPrefix("."), !host.hasSuffix("..") else {
      throw .badPage("\"\(text.prefix(60))\" has no host")
    }
    return text
  }

  /// A price as typed ("1.95", "2,49", "3"), in hundredths.
  /// A pack size as typed ("400 g", "1 l", "6"), read as the pantry reads amounts.
  public static func packSize(_ text: String) throws(ProductError) -> IngredientQuantity {
    do {
      return try PantryAmount.read(text)
    } catch {
      throw .badPackSize(String(text.prefix(40)))
    }
  }

  public static func price(_ raw: String) throws(ProductError) -> Int {
    let text = String(raw.trimmingCharacters())
    let parts = text.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "." || $0 == "," })
    guard (1...2).contains(parts.count), !parts[0].isEmpty, parts[0].count <= 7,
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      parts.count == 1 || (1...2).contains(parts[1].count),
      let whole = Int(parts[0])
    else { throw .badPrice(String(text.prefix(40))) }
    var cents = whole * 100
    if parts.count == 2, let fraction = Int(parts[1]) {
      cents += parts[1].count == 1 ? fraction * 10 : fraction
    }
    guard cents <= ProductPrice.maximumCents else { throw .badPrice(String(text.prefix(40))) }
    return cents
  }

  /// The product `reference` names: the one with that id, else the one whose name (or,
  /// failing that, alias) folds to it, else the one with that barcode, else the only one
  /// whose name begins with it.
  public static func find(_ reference: String, in products: [Product]) throws(ProductError)
    -> Product
  {
    if let id = UUID(uuidString: reference), let product = products.first(where: { $0.id == id }) {
      return product
    }
    let key = NameKey.of(reference)
    if !key.isEmpty {
      if let exact = products.first(where: { $0.key == key }) { return exact }
      let aliased = products.filter { $0.keys.dropFirst().contains(key) }
      if aliased.count == 1 { return aliased[0] }
      if aliased.count > 1 { throw .ambiguous(reference, candidates: aliased.map(\.name)) }
    }
    if let code = try? Barcode(reference),
      let coded = products.first(where: { $0.barcode?.key == code.key })
    {
      return coded
    }
    let folded = reference.lowercased()
    let starting = products.filter { !folded.isEmpty && $0.name.lowercased().hasPrefix(folded) }
    guard let only = starting.first else {
      throw .unknownProduct(reference, known: products.map(\.name))
    }
    guard starting.count == 1 else { throw .ambiguous(reference, candidates: starting.map(\.name)) }
    return only
  }

  /// The shop or retailer `reference` names, as it is spelt there (shops first).
  public static func place(_ reference: String, shops: [Shop], retailers: [Retailer])
    throws(ProductError) -> String
  {
    if let shop = try? ShopRules.find(reference, in: shops) { return shop.name }
    if let retailer = try? RetailerRules.find(reference, in: retailers) { return retailer.name }
    throw .unknownPlace(reference, known: shops.map(\.name) + retailers.map(\.name))
  }

  /// Adds a product called `rawName` with `change`'s fields. `shop` must already be a
  /// place's name (`place(_:shops:retailers:)`).
  public static func add(
    _ rawName: String, _ change: ProductChange, id: UUID, now: Date,
    to catalogue: inout ProductCatalogue
  ) throws(ProductError) -> Product {
    let name = try name(rawName)
    if let clash = catalogue.products.first(where: { $0.key == NameKey.of(name) }) {
      throw .nameTaken(clash.name)
    }
    var product = Product(id: id, name: name, updatedAt: now)
    try apply(change, to: &product, now: now, among: catalogue.products)
    catalogue.products.append(product)
    return product
  }

  /// Changes the product with `id`.
  public static func edit(
    _ id: UUID, _ change: ProductChange, now: Date, in catalogue: inout ProductCatalogue
  ) throws(ProductError) -> Product {
    guard let index = catalogue.products.firstIndex(where: { $0.id == id }) else {
      throw .unknownProduct(id.uuidString.lowercased(), known: [])
    }
    var product = catalogue.products[index]
    if let raw = change.name {
      let name = try name(raw)
      if let clash = catalogue.products.first(where: { $0.id != id && $0.key == NameKey.of(name) })
      {
        throw .nameTaken(clash.name)
      }
      product.name = name
    }
    let others = catalogue.products.filter { $0.id != id }
    try apply(change, to: &product, now: now, among: others)
    product.updatedAt = now
    catalogue.products[index] = product
    return product
  }

  /// Removes the product with `id`; false when there was none.
  @discardableResult
  public static func remove(_ id: UUID, in catalogue: inout ProductCatalogue) -> Bool {
    let before = catalogue.products.count
    catalogue.products.removeAll { $0.id == id }
    return catalogue.products.count != before
  }

  /// Gives the product with `id` the alias `name` (an item's name it was chosen for), unless
  /// one of its names already folds to it.
  @discardableResult
  public static func remember(
    _ name: String, for id: UUID, now: Date, in catalogue: inout ProductCatalogue
  ) -> Bool {
    guard let index = catalogue.products.firstIndex(where: { $0.id == id }),
      let tidy = try? Self.name(name), !catalogue.products[index].keys.contains(NameKey.of(tidy)),
      catalogue.products[index].aliases.count < maxAliases
    else { return false }
    catalogue.products[index].aliases.append(tidy)
    catalogue.products[index].updatedAt = now
    return true
  }

  /// Every product, by name.
  public static func sorted(_ products: [Product]) -> [Product] {
    products.sorted {
      $0.name.lowercased() != $1.name.lowercased()
        ? $0.name.lowercased() < $1.name.lowercased() : $0.id.uuidString < $1.id.uuidString
    }
  }

  private static func apply(
    _ change: ProductChange, to product: inout Product, now: Date, among others: [Product]
  ) throws(ProductError) {
    for raw in change.removeAliases {
      let key = NameKey.of(raw)
      product.aliases.removeAll { NameKey.of($0) == key }
    }
    for raw in change.addAliases {
      let alias = try name(raw)
      guard !product.keys.contains(NameKey.of(alias)) else { continue }
      product.aliases.append(alias)
    }
    guard product.aliases.count <= maxAliases else { throw .tooManyAliases(maxAliases) }
    switch change.barcode {
    case .keep: break
    case .clear: product.barcode = nil
    case .set(let code):
      if let other = others.first(where: { $0.barcode?.key == code.key }) {
        throw .barcodeTaken(code: code.digits, by: other.name)
      }
      product.barcode = code
    }
    switch change.packSize {
    case .keep: break
    case .clear: product.packSize = nil
    case .set(let size):
      guard size.amount.isFinite, size.amount > 0, size.maxAmount == nil else {
        throw .badPackSize(KitchenAmountFormat.text(size))
      }
      product.packSize = size
    }
    switch change.shop {
    case .keep: break
    case .clear: product.shop = nil
    case .set(let place): product.shop = place
    }
    switch change.page {
    case .keep: break
    case .clear: product.page = nil
    case .set(let raw): product.page = try page(raw)
    }
    switch change.price {
    case .keep: break
    case .clear: product.price = nil
    case .set(let cents):
      guard (0...ProductPrice.maximumCents).contains(cents) else { throw .badPrice(String(cents)) }
      product.price = ProductPrice(cents: cents, notedAt: now)
    }
    if let organic = change.organic { product.organic = organic }
    product.diets.formUnion(change.addDiets)
    product.diets.subtract(change.removeDiets)
    if let storeBrand = change.storeBrand { product.storeBrand = storeBrand }
  }
}
