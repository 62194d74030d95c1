import BasketKit
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

private let start = Date(timeIntervalSince1970: 1_783_332_000)
private let lidl = Shop(
  id: UUID(uuidString: "00000000-0000-0000-0000-0000000000a1")!, name: "Lidl", addedAt: start)
private let market = Shop(
  id: UUID(uuidString: "00000000-0000-0000-0000-0000000000a2")!, name: "Saturday market",
  addedAt: start)

/// Check-offs of `keys` in `shop`, a minute apart, from `minutes` after the start.
private func trip(_ keys: [String], in shop: Shop = lidl, at minutes: Double) -> [CheckOff] {
  keys.enumerated().map { index, key in
    CheckOff(
      shop: shop.id, key: key, name: key,
      at: start.addingTimeInterval((minutes + Double(index)) * 60))
  }
}

private let categories: [String: String] = [
  "bread": "bakery", "rolls": "bakery", "milk": "dairy", "cheese": "dairy", "apple": "produce",
]

@Suite struct ShopRulesTests {
  @Test(arguments: [
    ("  Lidl  ", "Lidl"), ("Saturday\t market", "Saturday market"), ("Aldi Süd", "Aldi Süd"),
  ])
  func namesAreTidied(raw: String, tidy: String) throws {
    #expect(try ShopRules.name(raw) == tidy)
  }

  @Test func emptyAndOverlongNamesAreRefusedWithAReason() {
    #expect(throws: ShopError.emptyName) { try ShopRules.name("   ") }
    #expect(throws: ShopError.nameTooLong(limit: 60)) {
      try ShopRules.name(String(repeating: "a", count: 61))
    }
  }

  @Test func aShopIsFoundByItsFoldedNameOrAUniqueBeginning() throws {
    let shops = [lidl, market]
    #expect(try ShopRules.find("LIDL", in: shops) == lidl)
    #expect(try ShopRules.find("sat", in: shops) == market)
    #expect(ShopRules.clash("lidl", in: shops) == lidl)
    #expect(ShopRules.clash("Aldi", in: shops) == nil)
  }

  @Test func anUnknownOrAmbiguousShopSaysWhichShopsThereAre() {
    let shops = [lidl, market, Shop(id: UUID(), name: "Lidl Express", addedAt: start)]
    #expect(throws: ShopError.unknown("Tesco", known: ["Lidl", "Saturday market", "Lidl Express"]))
    {
      try ShopRules.find("Tesco", in: shops)
    }
    #expect(throws: ShopError.ambiguous("li", candidates: ["Lidl", "Lidl Express"])) {
      try ShopRules.find("li", in: shops)
    }
    #expect(ShopError.unknown("Tesco", known: []).description.contains("basket shop add"))
  }

  @Test func checkOffsMoreThanTwoHoursApartAreSeparateTrips() {
    let offs =
      trip(["bread", "milk"], at: 0) + trip(["apple"], at: 100)  // 99 minutes later: same trip
      + trip(["cheese"], at: 100 + 121) + trip(["rolls"], in: market, at: 5)
    let trips = ShopRules.trips(offs.shuffled(), in: lidl.id)
    #expect(trips.map { $0.map(\.key) } == [["bread", "milk", "apple"], ["cheese"]])
    #expect(ShopRules.trips(offs, in: market.id).map { $0.map(\.key) } == [["rolls"]])
  }

  @Test func theWalkingOrderFollowsTheTripsAndFallsBackOnCategoryThenOtherShops() {
    // Lidl: bakery first, then dairy, then produce. The market knows where eggs are.
    let offs =
      trip(["bread", "milk", "apple"], at: 0) + trip(["rolls", "cheese", "apple"], at: 24 * 60)
      + trip(["bread", "egg"], in: market, at: 3 * 24 * 60)
    let order = ShopRules.walkingOrder(
      for: lidl.id, among: [lidl, market], checkOffs: offs, category: { categories[$0] })
    // "butter" was never seen anywhere and has no category: last. "yoghurt" takes dairy's
    // place (0.5); "egg" is known only at the market, where it came last (1), so it goes
    // with apple (1), after it in list order.
    let list = ["butter", "apple", "yoghurt", "egg", "bread"]
    let yoghurtCategory = ["yoghurt": "dairy"]
    let sorted = order.sorted(
      list, key: { $0 }, category: { yoghurtCategory[$0] ?? categories[$0] })
    #expect(sorted == ["bread", "yoghurt", "apple", "egg", "butter"])
  }

  @Test func aRearrangedShopIsRelearntAsTheLatestTripsCountMost() {
    var offs: [CheckOff] = []
    for day in 0..<5 { offs += trip(["milk", "bread"], at: Double(day) * 24 * 60) }
    for day in 5..<12 { offs += trip(["bread", "milk"], at: Double(day) * 24 * 60) }
    let order = ShopRules.walkingOrder(
      for: lidl.id, among: [lidl], checkOffs: offs, category: { _ in nil })
    #expect(
      order.sorted(["milk", "bread"], key: { $0 }, category: { _ in nil }) == ["bread", "milk"])
  }
}

@Suite struct StretchMoveTests {
  private func stretch(_ category: String?, _ ids: [Int]) -> ShopBook.Stretch {
    ShopBook.Stretch(
      category: category,
      items: ids.map {
        Item(
          id: Fixtures.id($0), name: "item \($0)", emoji: "🧺", quantity: nil,
          addedAt: Fixtures.monday, checkedAt: nil, listedAt: Fixtures.monday)
      })
  }

  @Test func aStretchMovesPastItsNeighbourAsAWhole() {
    let walk = [stretch("dairy", [1, 2]), stretch("produce", [3]), stretch(nil, [4, 5])]
    #expect(
      ShopBook.order(movingStretchOf: Fixtures.id(3), by: -1, in: walk)
        == [3, 1, 2, 4, 5].map(Fixtures.id))
    #expect(
      ShopBook.order(movingStretchOf: Fixtures.id(2), by: 1, in: walk)
        == [3, 1, 2, 4, 5].map(Fixtures.id))
    #expect(
      ShopBook.order(movingStretchOf: Fixtures.id(1), by: 2, in: walk)
        == [3, 4, 5, 1, 2].map(Fixtures.id))
    #expect(ShopBook.order(movingStretchOf: Fixtures.id(1), by: -1, in: walk) == nil)
    #expect(ShopBook.order(movingStretchOf: Fixtures.id(5), by: 1, in: walk) == nil)
    #expect(ShopBook.order(movingStretchOf: Fixtures.id(9), by: 1, in: walk) == nil)
  }
}
