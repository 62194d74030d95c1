import BasketKit
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct ProductMatchingTests {
  static let now = Fixtures.monday

  static func product(
    _ n: Int, _ name: String, aliases: [String] = [], code: String? = nil, size: String? = nil,
    at shop: String? = "Lidl", cents: Int? = nil, organic: Bool = false, diets: Set<Diet> = [],
    storeBrand: Bool = false
  ) -> Product {
    Product(
      id: Fixtures.id(n), name: name, aliases: aliases, barcode: code.map { try! Barcode($0) },
      packSize: size.map { try! PantryAmount.read($0) }, shop: shop,
      price: cents.map { ProductPrice(cents: $0, notedAt: now) }, organic: organic, diets: diets,
      storeBrand: storeBrand, updatedAt: now)
  }

  static let catalogue: [Product] = [
    product(1, "Whole milk", aliases: ["milk"], size: "1 l", cents: 99, storeBrand: true),
    product(2, "Organic whole milk", size: "1 l", cents: 149, organic: true),
    product(3, "Plain flour", size: "1 kg", cents: 89, storeBrand: true),
    product(4, "Spelt flour", size: "500 g", cents: 119, organic: true, diets: [.vegan]),
    product(5, "Oat drink", code: "036000291452", size: "1 l", cents: 195, diets: [.vegan]),
    product(6, "Free range eggs", size: "6", cents: 250, diets: [.vegetarian]),
    product(7, "Basmati rice", size: "1 kg", at: "Walmart"),
    product(8, "Sea salt", size: "500 g", at: nil),
  ]

  /// (item, pantry code, place, preferences, sure?, product, reason)
  @Test(
    arguments: [
      ("milk", nil, "Lidl", ShoppingPreferences(), "alias", 1, "milk is an alias of Whole milk"),
      ("Whole Milk", nil, "Lidl", ShoppingPreferences(), "alias", 1, "Whole milk by name"),
      (
        "oat milk", "0036000291452", "Lidl", ShoppingPreferences(), "barcode", 5,
        "Oat drink by its barcode 0036000291452"
      ),
      ("eggs", nil, "Lidl", ShoppingPreferences(), "only", 6, "the only product for eggs at Lidl"),
      (
        "salt", nil, "Walmart", ShoppingPreferences(), "only", 8,
        "the only product for salt at Walmart"
      ),
      (
        "rice", nil, "Walmart", ShoppingPreferences(), "only", 7,
        "the only product for rice at Walmart"
      ),
      ("flour", nil, "Lidl", ShoppingPreferences(), nil, 3, "2 products could be flour at Lidl"),
      (
        "rice", nil, "Lidl", ShoppingPreferences(), nil, nil,
        "no product for rice at Lidl in your catalogue"
      ),
      (
        "milk", nil, "Lidl", ShoppingPreferences(organicOnly: true), nil, 2,
        "Whole milk isn't organic (your preferences): Organic whole milk could do instead"
      ),
      (
        "flour", nil, "Lidl", ShoppingPreferences(organicOnly: true), "only", 4,
        "the only product for flour at Lidl that meets your preferences"
      ),
      (
        "flour", nil, "Lidl", ShoppingPreferences(diets: [.glutenFree]), nil, nil,
        "no product for flour at Lidl meets your preferences"
      ),
      (
        "eggs", nil, "Lidl", ShoppingPreferences(diets: [.vegan]), nil, nil,
        "no product for eggs at Lidl meets your preferences"
      ),
      (
        "oat milk", "036000291452", "Lidl", ShoppingPreferences(organicOnly: true), nil, nil,
        "Oat drink isn't organic (your preferences)"
      ),
    ] as [(String, String?, String, ShoppingPreferences, String?, Int?, String)])
  func itemsAreMatchedSurelyOrAsExceptions(
    item: String, code: String?, place: String, preferences: ShoppingPreferences, sure: String?,
    product: Int?, reason: String
  ) throws {
    let match = ProductMatching.match(
      item, pantryCode: try code.map { try Barcode($0) }, products: Self.catalogue, at: place,
      preferences: preferences)
    let kind: String? =
      switch match.sure {
      case .alias: "alias"
      case .barcode: "barcode"
      case .onlyOne: "only"
      case nil: nil
      }
    #expect(kind == sure)
    #expect(match.product?.id == product.map(Fixtures.id))
    #expect(match.reason == reason)
    #expect(match.isException == (sure == nil))
  }

  @Test func anotherShopsProductIsNeverOffered() {
    let match = ProductMatching.match(
      "rice", products: Self.catalogue, at: "Target", preferences: ShoppingPreferences())
    #expect(match.isException && match.candidates.isEmpty)
  }

  @Test func twoProductsWithTheSameAliasAtOneShopAreAnException() {
    let products = [
      Self.product(1, "Semi-skimmed milk", aliases: ["milk"]),
      Self.product(2, "Whole milk", aliases: ["milk"]),
    ]
    let match = ProductMatching.match(
      "milk", products: products, at: "Lidl", preferences: ShoppingPreferences())
    #expect(match.isException)
    #expect(match.candidates.map(\.name) == ["Semi-skimmed milk", "Whole milk"])
  }

  @Test(arguments: [
    (ShoppingPreferences(), ["Big flour", "Cheap flour", "House flour", "Unpriced flour"]),
    (
      ShoppingPreferences(cheapestFirst: true),
      ["Big flour", "Cheap flour", "House flour", "Unpriced flour"]
    ),
    (
      ShoppingPreferences(storeBrandFirst: true),
      ["House flour", "Big flour", "Cheap flour", "Unpriced flour"]
    ),
    (
      ShoppingPreferences(cheapestFirst: true, storeBrandFirst: true),
      ["House flour", "Big flour", "Cheap flour", "Unpriced flour"]
    ),
  ])
  func preferencesRankTheCandidates(preferences: ShoppingPreferences, order: [String]) {
    // Per gram: Big 0.06, Cheap 0.08, House 0.10.
    let products = [
      Self.product(1, "Unpriced flour", size: "1 kg"),
      Self.product(2, "House flour", size: "1 kg", cents: 100, storeBrand: true),
      Self.product(3, "Cheap flour", size: "500 g", cents: 40),
      Self.product(4, "Big flour", size: "5 kg", cents: 300),
    ]
    #expect(ProductMatching.rank(products, preferences: preferences).map(\.name) == order)
    let match = ProductMatching.match(
      "flour", products: products, at: "Lidl", preferences: preferences)
    #expect(match.isException)
    #expect(match.product?.name == order[0])
  }

  @Test func cheapestPerUnitIsNotJustTheLowestPrice() {
    let products = [
      Self.product(1, "Small rice", size: "500 g", cents: 100),
      Self.product(2, "Big rice", size: "2 kg", cents: 300),
    ]
    #expect(
      ProductMatching.rank(products, preferences: ShoppingPreferences(cheapestFirst: true)).map(
        \.name) == ["Big rice", "Small rice"])
  }

  @Test func preferencesReadAsWords() {
    #expect(ShoppingPreferences().text == "none")
    #expect(
      ShoppingPreferences(
        organicOnly: true, diets: [.vegan, .glutenFree], cheapestFirst: true,
        storeBrandFirst: true
      ).text == "organic only, vegan, gluten-free; store brand first, cheapest per unit")
  }
}
