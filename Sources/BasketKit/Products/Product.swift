#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Something the household buys, as it buys it: "Oat drink barista, 1 l, at Lidl, 1.95".
///
/// A list item is matched to products by name: a product's own name and its aliases ("oat
/// milk"), each folded as list names are, and by barcode (the pantry's `Barcode`, keyed as a
/// GTIN-14, so the same code is the same product in the pantry and here).
public struct Product: Identifiable, Equatable, Hashable, Sendable, Codable {
  public var id: UUID
  public var name: String
  /// Other names the product is asked for by ("oat milk", "milk").
  public var aliases: [String]
  public var barcode: Barcode?
  /// One pack: "500 g", "1 l", "6" (a box of six); nil when not known.
  public var packSize: IngredientQuantity?
  /// The shop or retailer it is bought at (its name as the household wrote it); nil: anywhere.
  public var shop: String?
  /// The product's own page (http or https), checked by `ProductRules.page`.
  public var page: String?
  public var price: ProductPrice?
  public var organic: Bool
  public var diets: Set<Diet>
  /// The shop's own brand.
  public var storeBrand: Bool
  public var updatedAt: Date

  public init(
    id: UUID, name: String, aliases: [String] = [], barcode: Barcode? = nil,
    packSize: IngredientQuantity? = nil, shop: String? = nil, page: String? = nil,
    price: ProductPrice? = nil, organic: Bool = false, diets: Set<Diet> = [],
    storeBrand: Bool = false, updatedAt: Date
  ) {
    self.id = id
    self.name = name
    self.aliases = aliases
    self.barcode = barcode
    self.packSize = packSize
    self.shop = shop
    self.page = page
    self.price = price
    self.organic = organic
    self.diets = diets
    self.storeBrand = storeBrand
    self.updatedAt = updatedAt
  }

  /// `NameKey.of(name)`.
  public var key: String { NameKey.of(name) }

  /// The folded name and every folded alias: what an item's name is matched against.
  public var keys: [String] { [key] + aliases.map(NameKey.of) }

  /// Whether the product is bought at `place` (a shop's or retailer's name), or anywhere.
  public func isSold(at place: String?) -> Bool {
    guard let shop, let place else { return true }
    return NameKey.of(shop) == NameKey.of(place)
  }

  /// The price of one base unit of the pack (a gram, a millilitre, a centimetre, one of a
  /// count), in hundredths; nil without a price or pack size.
  public var pricePerBaseUnit: Double? {
    guard let price, let size = packSize, size.amount > 0 else { return nil }
    return Double(price.cents) / (size.amount * (size.unit?.baseFactor ?? 1))
  }

  /// The family the pack is measured in (nil unit: a plain count).
  public var packFamily: KitchenUnit.Family? {
    guard let size = packSize else { return nil }
    return size.unit?.family ?? .count
  }

  /// "organic, vegan, gluten-free, store brand": the tags as words.
  public var tagWords: [String] {
    (organic ? ["organic"] : []) + Diet.allCases.filter(diets.contains).map(\.rawValue)
      + (storeBrand ? ["store brand"] : [])
  }
}

/// A price as noted, in hundredths of the household's currency (no currency is assumed),
/// with the day it was noted: Basket never claims it is today's price.
public struct ProductPrice: Equatable, Hashable, Sendable, Codable {
  public var cents: Int
  public var notedAt: Date

  public init(cents: Int, notedAt: Date) {
    self.cents = cents
    self.notedAt = notedAt
  }

  /// "1.95".
  public var text: String {
    let whole = cents / 100
    let rest = cents % 100
    return "\(whole).\(rest < 10 ? "0" : "")\(rest)"
  }

  /// The most a price may be: 1,000,000.00.
  public static let maximumCents = 100_000_000
}

/// A dietary need a product meets.
public enum Diet: String, CaseIterable, Hashable, Sendable, Codable, Comparable {
  case vegetarian
  case vegan
  case glutenFree = "gluten-free"
  case lactoseFree = "lactose-free"
  case dairyFree = "dairy-free"
  case nutFree = "nut-free"
  case halal
  case kosher

  public static func < (a: Diet, b: Diet) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }

  /// The diet `word` names ("gluten free", "Gluten-Free", "glutenfree", "GF" aside).
  public init?(word: String) {
    let folded = word.lowercased().filter { $0.isLetter }
    guard let diet = Diet.allCases.first(where: { $0.rawValue.filter(\.isLetter) == folded })
    else { return nil }
    self = diet
  }
}

/// A retailer with a search page: Walmart and Target are built in; others the household adds
/// as a search address with `{query}` where the item's name goes.
public struct Retailer: Equatable, Hashable, Sendable, Codable {
  public var name: String
  /// The search address, with `RetailerRules.placeholder` once.
  public var template: String
  public var builtIn: Bool

  public init(name: String, template: String, builtIn: Bool = false) {
    self.name = name
    self.template = template
    self.builtIn = builtIn
  }
}

/// The household's products and the retailers it added: small enough to read and write in one
/// transaction.
public struct ProductCatalogue: Equatable, Sendable {
  public var products: [Product]
  /// The retailers the household added (the built-in ones are not stored).
  public var retailers: [Retailer]

  public init(products: [Product] = [], retailers: [Retailer] = []) {
    self.products = products
    self.retailers = retailers
  }

  /// Every retailer: the built-in ones, then the household's.
  public var allRetailers: [Retailer] { RetailerRules.builtIn + retailers }
}

/// What products need from a store. The SQLite store implements it; tests use
/// `InMemoryProductStore` from `BasketTestSupport`.
public protocol ProductStore: Sendable {
  /// The catalogue as it is now.
  func catalogue() throws -> ProductCatalogue
  /// Runs `body` over the catalogue inside one write transaction and stores what it left;
  /// nothing is written when it throws.
  func modifyCatalogue<T: Sendable>(_ body: @Sendable (inout ProductCatalogue) throws -> T) throws
    -> T
}

/// Why a product or retailer change was refused, as one line the user can act on.
public enum ProductError: Error, Equatable, Sendable, CustomStringConvertible {
  case emptyName
  case nameTooLong(Int)
  case nameTaken(String)
  case unknownProduct(String, known: [String])
  case ambiguous(String, candidates: [String])
  case barcodeTaken(code: String, by: String)
  case badPage(String)
  case badPrice(String)
  case badDiet(String)
  case badPackSize(String)
  case tooManyAliases(Int)
  case unknownPlace(String, known: [String])
  case badTemplate(String)
  case retailerTaken(String)
  case unknownRetailer(String, known: [String])
  case builtInRetailer(String)

  public var description: String {
    switch self {
    case .emptyName: "a product needs a name"
    case .nameTooLong(let limit): "a name is at most \(limit) characters"
    case .nameTaken(let name): "there is already a product called \(name)"
    case .unknownProduct(let reference, let known):
      known.isEmpty
        ? "there is no product called \"\(reference)\"; add one with `basket product add NAME`"
        : "there is no product called \"\(reference)\" (see `basket product list`)"
    case .ambiguous(let reference, let candidates):
      "\"\(reference)\" could be \(candidates.joined(separator: " or ")); say which"
    case .barcodeTaken(let code, let name): "the code \(code) is already \(name)'s"
    case .badPage(let why): "the product page \(why)"
    case .badPrice(let text):
      "\"\(text)\" isn't a price: a number such as 1.95 or 2,49 (no currency sign)"
    case .badDiet(let text):
      "\"\(text)\" isn't a dietary tag (\(Diet.allCases.map(\.rawValue).joined(separator: ", ")))"
    case .badPackSize(let text):
      "\"\(text)\" isn't a pack size: a number and a unit, such as 500 g, 1 l or 6"
    case .tooManyAliases(let limit): "a product has at most \(limit) aliases"
    case .unknownPlace(let reference, let known):
      "there is no shop or retailer called \(reference) (\(known.joined(separator: ", ")))"
    case .badTemplate(let why): "the search address \(why)"
    case .retailerTaken(let name): "there is already a retailer called \(name)"
    case .unknownRetailer(let reference, let known):
      "there is no retailer called \(reference) (retailers: \(known.joined(separator: ", ")))"
    case .builtInRetailer(let name): "\(name) is built in and can't be removed"
    }
  }
}
