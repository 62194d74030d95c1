import BasketKit
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Checks `address` as `check` does, for a product's page or a retailer's search: with no
/// `problem`, accepted as a trimmed http(s) address; else refused with an error that says it.
func expectAddress(
  _ address: String, checkedBy check: (String) throws(ProductError) -> String,
  problem: String?, sourceLocation: SourceLocation = #_sourceLocation
) {
  do {
    let checked = try check(address)
    #expect(problem == nil, "accepted \(address)", sourceLocation: sourceLocation)
    #expect(checked.hasPrefix("http") && !checked.hasSuffix(" "), sourceLocation: sourceLocation)
  } catch {
    guard let problem else {
      Issue.record("refused \(address): \(error)", sourceLocation: sourceLocation)
      return
    }
    #expect(
      error.description.contains(problem), "\(error.description)", sourceLocation: sourceLocation)
  }
}

@Suite struct ProductRulesTests {
  let now = Fixtures.monday

  @Test(
    arguments: [
      ("https://www.lidl.de/p/oat-drink/p100", nil),
      ("  http://shop.example/item?id=4&x=%20  ", nil),
      ("https://[2001:db8::1]/p", nil),
      ("", "is empty"),
      ("www.lidl.de/p", "isn't a web address"),
      ("javascript:alert(1)", "isn't a web address"),
      ("ftp://shop.example/p", "http or https"),
      ("https:///p", "no host"),
      ("https://shop example/p", "space"),
      ("https://shop.example/p\u{0007}", "control"),
      ("https://" + String(repeating: "a", count: 2000), "longer than"),
    ] as [(String, String?)])
  func productPagesAreChecked(page: String, problem: String?) {
    expectAddress(page, checkedBy: ProductRules.page, problem: problem)
  }

  @Test(arguments: [
    ("1.95", 195), ("2,49", 249), ("3", 300), ("0.5", 50), (" 12.00 ", 1200),
    ("1000000", 100_000_000),
  ])
  func pricesAreReadInHundredths(text: String, cents: Int) throws {
    #expect(try ProductRules.price(text) == cents)
  }

  @Test(arguments: ["", "€1.95", "1.955", "1.2.3", "-1", "abc", "1,", "10000000", "1 95"])
  func aPriceThatIsntOneIsRefused(text: String) {
    #expect(throws: ProductError.self) { try ProductRules.price(text) }
  }

  @Test func aPriceIsShownWithTheDayItWasNoted() {
    #expect(ProductPrice(cents: 195, notedAt: now).text == "1.95")
    #expect(ProductPrice(cents: 5, notedAt: now).text == "0.05")
    #expect(ProductPrice(cents: 1200, notedAt: now).text == "12.00")
  }

  @Test(arguments: [
    ("vegan", Diet.vegan), ("Gluten-Free", .glutenFree), ("gluten free", .glutenFree),
    ("LACTOSE-FREE", .lactoseFree), ("nutfree", .nutFree),
  ])
  func dietsAreReadHoweverTheyAreWritten(word: String, diet: Diet) {
    #expect(Diet(word: word) == diet)
  }

  @Test func addingFindingAndEditingAProduct() throws {
    var catalogue = ProductCatalogue()
    let oat = try ProductRules.add(
      " Oat   drink ",
      ProductChange(
        addAliases: ["oat milk", "Oat drink"], barcode: .set(try Barcode("036000291452")),
        packSize: .set(IngredientQuantity(amount: 1, unit: .liter)), shop: .set("Lidl"),
        page: .set("https://lidl.example/oat"), price: .set(195), organic: true,
        addDiets: [.vegan]),
      id: Fixtures.id(1), now: now, to: &catalogue)
    #expect(oat.name == "Oat drink")
    #expect(oat.aliases == ["oat milk"])
    #expect(oat.price == ProductPrice(cents: 195, notedAt: now))
    #expect(oat.tagWords == ["organic", "vegan"])
    #expect(throws: ProductError.nameTaken("Oat drink")) {
      try ProductRules.add(
        "OAT DRINKS", ProductChange(), id: Fixtures.id(2), now: now, to: &catalogue)
    }
    // The same code written as an EAN-13 is the same product.
    #expect(throws: ProductError.barcodeTaken(code: "0036000291452", by: "Oat drink")) {
      try ProductRules.add(
        "Other", ProductChange(barcode: .set(try Barcode("0036000291452"))), id: Fixtures.id(2),
        now: now, to: &catalogue)
    }
    #expect(try ProductRules.find("oat milk", in: catalogue.products) == oat)
    #expect(try ProductRules.find("0036000291452", in: catalogue.products) == oat)
    #expect(try ProductRules.find("oa", in: catalogue.products) == oat)
    #expect(throws: ProductError.self) { try ProductRules.find("rice", in: catalogue.products) }

    let later = now.addingTimeInterval(86400)
    let edited = try ProductRules.edit(
      oat.id,
      ProductChange(
        removeAliases: ["OAT MILK"], page: .clear, price: .set(205), organic: false,
        removeDiets: [.vegan], storeBrand: true),
      now: later, in: &catalogue)
    #expect(edited.aliases.isEmpty)
    #expect(edited.page == nil)
    #expect(edited.price == ProductPrice(cents: 205, notedAt: later))
    #expect(edited.tagWords == ["store brand"])
    #expect(edited.updatedAt == later)
    #expect(throws: ProductError.badPage("is empty")) {
      try ProductRules.edit(oat.id, ProductChange(page: .set(" ")), now: later, in: &catalogue)
    }
    #expect(catalogue.products == [edited])
    #expect(ProductRules.remove(oat.id, in: &catalogue))
    #expect(catalogue.products.isEmpty)
  }

  @Test func rememberingAnItemsNameMakesItAnAlias() throws {
    var catalogue = ProductCatalogue()
    let flour = try ProductRules.add(
      "Wholemeal flour", ProductChange(), id: Fixtures.id(1), now: now, to: &catalogue)
    #expect(ProductRules.remember("flour", for: flour.id, now: now, in: &catalogue))
    #expect(!ProductRules.remember("Flours", for: flour.id, now: now, in: &catalogue))
    #expect(!ProductRules.remember("wholemeal flour", for: flour.id, now: now, in: &catalogue))
    #expect(catalogue.products[0].aliases == ["flour"])
  }

  @Test func aPlaceIsAShopOrARetailer() throws {
    let shops = [Shop(id: Fixtures.id(9), name: "Lidl", addedAt: now)]
    #expect(
      try ProductRules.place("lidl", shops: shops, retailers: RetailerRules.builtIn) == "Lidl")
    #expect(
      try ProductRules.place("WALMART", shops: shops, retailers: RetailerRules.builtIn)
        == "Walmart")
    #expect(
      throws: ProductError.unknownPlace("Aldi", known: ["Lidl", "Walmart", "Target"])
    ) { try ProductRules.place("Aldi", shops: shops, retailers: RetailerRules.builtIn) }
  }
}
