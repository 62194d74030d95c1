import BasketKit
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Aisles on the list: an item's category (the household's choice for its name, else the
/// classifier's), To get grouped in the walk's order, and a move remembered for the name.
@Suite struct ItemCategoryTests {
  /// Classifies by the last word: a few foods with their walk categories.
  struct AisleClassifier: ItemClassifier {
    func classify(_ name: String) -> Classification {
      let table = [
        "milk": "dairy", "apple": "produce", "bread": "bakery", "pea": "frozen",
        "soap": "toiletries",
      ]
      let word = NameKey.of(name).split(separator: " ").last.map(String.init) ?? ""
      guard let category = table[word] else { return .fallback }
      return Classification(emoji: "🛒", stage: .curated, category: category)
    }
  }

  let clock = TestClock(Date(timeIntervalSince1970: 1_796_000_000))
  let store = InMemoryStore()

  func basket() -> Basket {
    Basket(
      store: store,
      environment: BasketEnvironment(
        clock: clock.appClock, ids: Fixtures.sequentialIDs(), classifier: AisleClassifier(),
        suggestions: { SuggestionEngine(dictionary: [String]()) }))
  }

  @Test(arguments: [
    ("dairy", "dairy"), ("Dairy", "dairy"), ("  FROZEN ", "frozen"), ("toiletries", "toiletries"),
  ])
  func aCategoryIsNamedInAnyCase(typed: String, category: String) throws {
    #expect(try ItemCategory.named(typed) == category)
  }

  @Test(arguments: ["", "dairy products", "Elsewhere", "bakery\u{1B}[2J"])
  func anUnknownCategoryIsRefusedWithTheKnownOnesListed(typed: String) {
    #expect(throws: CategoryError.self) { try ItemCategory.named(typed) }
    let message = CategoryError.unknown(typed).description
    for category in SupermarketWalk.categories { #expect(message.contains(category)) }
  }

  @Test func toGetIsGroupedInTheWalksOrderWithElsewhereLast() throws {
    let basket = basket()
    for name in ["Frozen peas", "Milk", "Candles", "Apples", "Bread", "Oat milk"] {
      try basket.add(name: name)
    }
    let groups = basket.toGetByCategory(try basket.sections())
    #expect(groups.map(\.title) == ["Produce", "Bakery", "Dairy", "Frozen", "Elsewhere"])
    // Each group keeps To get's order: newest first.
    #expect(groups[2].items.map(\.name) == ["Oat milk", "Milk"])
    #expect(groups.last?.items.map(\.name) == ["Candles"])
  }

  @Test func aMoveIsRememberedForTheNameAndOutlivesTheItem() throws {
    let basket = basket()
    let candles = try basket.add(name: "Candles").item
    let revision = try store.revision()
    let moved = try basket.setCategory(candles.id, "Household")
    #expect(moved.category == "household")
    #expect(try store.revision() > revision)
    #expect(try store.changes(since: revision)?.items.map(\.category) == ["household"])
    #expect(basket.toGetByCategory(try basket.sections()).map(\.title) == ["Household"])

    try basket.remove(candles.id)
    let again = try basket.add(name: "candle").item
    #expect(basket.category(of: again) == "household")
  }

  @Test func movingBackToTheClassifiersCategoryForgetsTheChoice() throws {
    let basket = basket()
    let milk = try basket.add(name: "Milk").item
    #expect(try basket.setCategory(milk.id, "drinks").category == "drinks")
    #expect(try basket.setCategory(milk.id, "dairy").category == nil)
    let item = try #require(try basket.sections().toGet.first)
    #expect(item.category == nil)
    #expect(basket.category(of: item) == "dairy")
  }

  @Test func aRefusedMoveChangesNothing() throws {
    let basket = basket()
    let milk = try basket.add(name: "Milk").item
    let revision = try store.revision()
    #expect(throws: CategoryError.unknown("Aisle 9")) { try basket.setCategory(milk.id, "Aisle 9") }
    #expect(throws: ListError.self) { try basket.setCategory(Fixtures.id(99), "dairy") }
    #expect(try store.revision() == revision)
    #expect(basket.category(of: try basket.sections().toGet[0]) == "dairy")
  }
}
