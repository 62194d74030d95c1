import BasketKit
import BasketTUI
import BasketTestSupport
import Testing

/// Grouping To get by aisle category in the terminal app (^A, F10) and moving an item to
/// another aisle (Alt-← →), remembered for its name.
@Suite struct AisleKeyTests {
  /// Classifies by the last word: a few foods with their walk categories.
  struct AisleClassifier: ItemClassifier {
    func classify(_ name: String) -> Classification {
      let table = ["milk": "dairy", "apple": "produce", "pea": "frozen", "bread": "bakery"]
      let word = NameKey.of(name).split(separator: " ").last.map(String.init) ?? ""
      guard let category = table[word] else { return .fallback }
      return Classification(emoji: "🛒", stage: .curated, category: category)
    }
  }

  @Test func controlAGroupsToGetUnderAisleHeadingsInTheWalksOrderAndBack() throws {
    let app = Harness(size: Size(width: 60, height: 24), classifier: AisleClassifier())
    app.add("Frozen peas", "Milk", "Zorblax", "Apples", "Oat milk")
    app.press(.control("a"))
    #expect(app.screen.contains("To get · by aisle"))
    let order = [
      "Produce", "Apples", "Dairy", "Oat milk", "Milk", "Frozen", "Frozen peas",
      "Elsewhere", "Zorblax",
    ].map { app.row(of: $0) }
    #expect(order.allSatisfy { $0 != nil }, "\(app.screen)")
    #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted(), "\(app.screen)")
    // The selection skips the headings: ↓ from the bar goes item to item.
    app.select("Apples")
    app.press(.down)
    #expect(app.state.selectedItem?.name == "Oat milk")

    app.press(.function(10))
    #expect(!app.screen.contains("Dairy"))
    #expect(app.row(of: "Oat milk")! < app.row(of: "Apples")!)  // list order: newest first
  }

  @Test func altArrowsMoveAnItemToAnotherAisleRememberedForItsName() throws {
    let app = Harness(size: Size(width: 60, height: 24), classifier: AisleClassifier())
    app.add("Zorblax", "Milk")
    app.press(.control("a"))
    app.select("Zorblax")
    app.press(.moveRight)  // from Elsewhere: the walk's first aisle
    #expect(try app.store.items().first { $0.name == "Zorblax" }?.category == "produce")
    #expect(app.screen.contains("Zorblax is in Produce now"))
    app.press(.moveLeft, .moveLeft)  // round the walk: Produce → Frozen → Household
    #expect(try app.store.items().first { $0.name == "Zorblax" }?.category == "household")
    #expect(app.row(of: "Household")! < app.row(of: "Zorblax")!)
    #expect(app.row(of: "Dairy")! < app.row(of: "Household")!)

    // Removed and added again, it goes back to the aisle chosen for the name.
    app.select("Zorblax")
    app.press(.delete)
    app.add("zorblaxes")
    #expect(app.row(of: "Household")! < app.row(of: "zorblaxes")!)
  }

  @Test func movingWithoutGroupingSaysHow() {
    let app = Harness(classifier: AisleClassifier())
    app.add("Milk")
    app.select("Milk")
    app.press(.moveRight)
    #expect(app.screen.contains("Group by aisle with ^A first"))
    #expect((try? app.store.items().first?.category) == .some(nil))
  }
}
