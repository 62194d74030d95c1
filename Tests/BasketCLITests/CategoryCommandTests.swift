import Foundation
import Testing

/// `basket list --by-category` and `basket category ITEM CATEGORY` on the built binary.
@Suite struct CategoryCommandTests {
  let basket = BasketBinary()

  @Test func toGetIsListedUnderAisleHeadingsInTheWalksOrderKeepingItsNumbers() throws {
    try basket.run(["add", "frozen peas", "milk", "zorblax", "apples", "oat milk"])
    let listed = try basket.run(["list", "--by-category"])
    #expect(listed.status == 0)
    #expect(
      listed.stdout
        == """
        To get
          Produce
            2. apples
          Dairy
            1. oat milk
            4. milk
          Frozen
            5. frozen peas
          Elsewhere
            3. zorblax

        """, "\(listed.stdout)")
    // The numbers are the plain list's: 3 is zorblax.
    #expect(try basket.run(["check", "3"]).stdout.contains("zorblax"))
  }

  @Test func anItemMovedIsRememberedForItsNameOnEveryListing() throws {
    try basket.run(["add", "zorblax", "milk"])
    #expect(try basket.run(["category", "zorblax"]).stdout == "zorblax: Elsewhere\n")
    let moved = try basket.run(["category", "zorblax", "Household"])
    #expect(moved.status == 0)
    #expect(moved.stdout == "Moved zorblax to Household\n")
    #expect(try basket.run(["category", "zorblax"]).stdout == "zorblax: Household\n")
    let toGet = try basket.listJSON()["toGet"] as! [[String: Any]]
    #expect(toGet.map { $0["category"] as? String } == ["dairy", "household"])

    try basket.run(["remove", "zorblax"])
    try basket.run(["add", "Zorblaxes"])
    let data = try basket.run(["list", "--by-category", "--json"]).stdout
    let grouped = try JSONSerialization.jsonObject(with: Data(data.utf8)) as! [String: Any]
    let groups = grouped["groups"] as! [[String: Any]]
    #expect(groups.map { $0["title"] as? String } == ["Dairy", "Household"])
    let household = groups[1]["items"] as! [[String: Any]]
    #expect(household.map { $0["name"] as? String } == ["Zorblaxes"])
    #expect(household.first?["category"] as? String == "household")
    #expect(grouped["gotIt"] as? [Any] != nil)
  }

  @Test func anUnknownCategoryIsRefusedWithTheKnownOnesAndNothingChanges() throws {
    try basket.run(["add", "milk"])
    let before = try basket.run(["list", "--json"]).stdout
    let refused = try basket.run(["category", "milk", "aisle\u{1B}[2J9"])
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "basket: there is no category \"aisle[2J9\"; the categories are: produce, bakery, "
        + "proteins, seafood, prepared, dairy, grains, pantry, spices, condiments, snacks, "
        + "sweets, drinks, baby, pet, pharmacy, toiletries, cleaning, household, frozen\n")
    #expect(try basket.run(["list", "--json"]).stdout == before)
    #expect(try basket.run(["category", "bread", "dairy"]).status == 1)
    #expect(try basket.run(["category"]).status == 2)
    #expect(try basket.run(["category", "milk", "dairy", "extra"]).status == 2)
    #expect(try basket.run(["list", "--by-category", "--walking-order"]).status == 2)
    #expect(try basket.run(["category", "--help"]).stdout.contains("produce, bakery"))
  }
}
