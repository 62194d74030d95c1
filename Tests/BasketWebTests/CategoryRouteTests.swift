import BasketKit
import BasketTestSupport
import Testing

@testable import BasketWeb

/// Aisles on the list through the API: `category` in the item's JSON, the categories in the
/// walk's order, and a move remembered for the name (docs/api.md).
@Suite struct CategoryRouteTests {
  @Test func theCategoriesComeInTheWalksOrderWithTheirHeadings() {
    let harness = Harness()
    let body = harness.body(harness.send("GET", "/api/v2/categories"))
    let categories = body["categories"]?.elements ?? []
    #expect(categories.compactMap { $0["category"]?.string } == SupermarketWalk.categories)
    #expect(categories.first?["title"]?.string == "Produce")
    #expect(body["elsewhere"]?.string == "Elsewhere")
  }

  @Test func aMovedItemCarriesItsCategoryInBothVersionsAndKeepsItWhenAddedAgain() throws {
    let harness = Harness()
    let socks = harness.add("Socks")
    // Unknown to the classifier: no category, left out of v2 and null in v1.
    #expect(harness.list()["toGet"]?[0]?["category"] == nil)
    #expect(harness.list(version: "v1")["toGet"]?[0]?["category"] == .null)

    let moved = harness.send(
      "PUT", "/api/v2/items/\(socks)/category", json: #"{"category":"Household"}"#)
    #expect(moved.status == 200, "\(moved.text)")
    #expect(harness.body(moved)["item"]?["category"]?.string == "household")
    #expect(harness.list()["toGet"]?[0]?["category"]?.string == "household")
    #expect(harness.list(version: "v1")["toGet"]?[0]?["category"]?.string == "household")

    #expect(harness.send("DELETE", "/api/v2/items/\(socks)", json: "{}").status == 204)
    let again = harness.body(harness.send("POST", "/api/v2/items", json: #"{"name":"sock"}"#))
    #expect(again["item"]?["category"]?.string == "household")
  }

  @Test func anUnknownCategoryIsRefusedWithTheKnownOnesAndNothingChanges() throws {
    let harness = Harness()
    let milk = harness.add("Milk")
    let revision = try harness.store.revision()
    let refused = harness.send(
      "PUT", "/api/v2/items/\(milk)/category", json: #"{"category":"<b>Aisle 9</b>"}"#)
    #expect(refused.status == 422)
    #expect(refused.text.contains("produce, bakery"))
    #expect(try harness.store.revision() == revision)
    #expect(
      harness.send("PUT", "/api/v2/items/\(milk)/category", json: #"{"category":7}"#).status
        == 400)
    #expect(harness.send("PUT", "/api/v2/items/\(milk)/category", json: "{}").status == 400)
    let unknown = "6f1c0000-0000-4000-8000-000000000099"
    #expect(
      harness.send("PUT", "/api/v2/items/\(unknown)/category", json: #"{"category":"dairy"}"#)
        .status == 404)
    #expect(try harness.store.revision() == revision)
  }
}
