import BasketKit
import BasketTestSupport
import Dispatch
import Testing

@testable import BasketStore

/// A classifier that knows a few categories, as the curated emoji table does.
private struct AisleClassifier: ItemClassifier {
  static let categories = [
    "bread": "bakery", "roll": "bakery", "milk": "dairy", "cheese": "dairy", "yoghurt": "dairy",
    "apple": "produce", "pear": "produce",
  ]

  func classify(_ name: String) -> Classification {
    Classification(emoji: "🧺", stage: .curated, category: Self.categories[NameKey.of(name)])
  }
}

@Suite struct ShopStoreTests: StoreFileSuite {
  let directory = TemporaryDirectory()
  let clock = TestClock(StoreFixtures.now)

  private func book(_ store: SQLiteStore) -> ShopBook {
    let basket = Fixtures.basket(
      over: store, clock: clock.appClock, ids: Fixtures.sequentialIDs(),
      classifier: AisleClassifier())
    return ShopBook(store: store, basket: basket)
  }

  /// Adds `names` and checks them off in that order, a minute apart.
  private func shop(_ names: [String], with book: ShopBook) throws {
    let added = try names.map { try book.basket.add(name: $0).item.id }
    for id in added {
      clock.advance(by: 60)
      _ = try book.basket.check(id)
    }
  }

  @Test func shopsKeepTheirNamesAcrossReopeningAndAFoldedTwinIsRefused() throws {
    let shops = book(try openStore(path))
    let lidl = try shops.add("  Lidl ")
    try shops.add("Saturday market")
    #expect(throws: ShopError.nameTaken("Lidl")) { try shops.add("LIDL") }
    let reopened = book(try openStore(path))
    #expect(try reopened.all().shops.map(\.name) == ["Lidl", "Saturday market"])
    #expect(try reopened.current() == lidl)  // the first shop added is current
    #expect(try reopened.use("sat").name == "Saturday market")
    #expect(try book(try openStore(path)).current()?.name == "Saturday market")
  }

  @Test func checkingOffRecordsTheCurrentShopInOrderAndUncheckingForgetsIt() throws {
    let store = try openStore(path)
    let shops = book(store)
    let lidl = try shops.add("Lidl")
    try shop(["Bread", "Milk", "Apples"], with: shops)
    #expect(try store.checkOffs(since: .distantPast).map(\.key) == ["bread", "milk", "apple"])
    #expect(try store.checkOffs(since: .distantPast).allSatisfy { $0.shop == lidl.id })

    // Unchecked at once: a slip, forgotten. Brought back later: it was still found there.
    let apples = try #require(try shops.basket.sections().gotIt.first { $0.name == "Apples" })
    clock.advance(by: 30)
    try shops.basket.uncheck(apples.id)
    #expect(try store.checkOffs(since: .distantPast).map(\.key) == ["bread", "milk"])
    clock.advance(by: 10 * 60)
    _ = try shops.basket.add(name: "Bread")
    #expect(try shops.basket.sections().toGet.contains { $0.name == "Bread" })
    #expect(try store.checkOffs(since: .distantPast).map(\.key) == ["bread", "milk"])
  }

  @Test func aTripsShopHoldsOnlyWhereItsCheckIsMadeNotForTheWholeServer() throws {
    let store = try openStore(path)
    let shops = book(store)
    let lidl = try shops.add("Lidl")  // current
    let market = try shops.add("Market")
    let milk = try shops.basket.add(name: "Milk").item.id
    let bread = try shops.basket.add(name: "Bread").item.id
    clock.advance(by: 60)
    let inside = DispatchSemaphore(value: 0)
    let carryOn = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    // A trip at the market checks milk off on one thread, holding its scope open while another
    // request checks bread off meanwhile: bread is still noted in the current shop.
    DispatchQueue.global().async {
      store.checkingOff(in: market.id) {
        inside.signal()
        carryOn.wait()
        _ = try? shops.basket.check(milk)
      }
      finished.signal()
    }
    inside.wait()
    _ = try shops.basket.check(bread)
    carryOn.signal()
    finished.wait()
    let noted = try store.checkOffs(since: .distantPast).map { "\($0.key)@\($0.shop)" }
    #expect(noted.sorted() == ["bread@\(lidl.id)", "milk@\(market.id)"].sorted())
  }

  @Test func withNoCurrentShopCheckOffsTeachNothing() throws {
    let store = try openStore(path)
    let shops = book(store)
    try shops.add("Lidl")
    try shops.leave()
    try shop(["Bread"], with: shops)
    #expect(try store.checkOffs(since: .distantPast).isEmpty)
  }

  @Test func aProcessCanCheckOffInAnotherShopThanTheCurrentOne() throws {
    let store = try openStore(path)
    let shops = book(store)
    try shops.add("Lidl")
    let market = try shops.add("Market")
    store.checkOffIn(market.id)
    try shop(["Pears"], with: shops)
    #expect(try store.checkOffs(since: .distantPast).map(\.shop) == [market.id])
    #expect(try shops.current()?.name == "Lidl")
  }

  @Test func toGetComesInTheLearntWalkingOrderInStretchesByCategory() throws {
    let store = try openStore(path)
    let shops = book(store)
    let lidl = try shops.add("Lidl")
    try shop(["Bread", "Milk", "Apples"], with: shops)  // bakery, dairy, produce
    clock.advance(by: 24 * 60 * 60)
    try shop(["Rolls", "Cheese", "Pears"], with: shops)
    clock.advance(by: 24 * 60 * 60)
    _ = try ["Pears", "Toothpaste", "Yoghurt", "Bread", "Cheese"].map {
      try shops.basket.add(name: $0)
    }
    let stretches = try shops.toGet(in: lidl)
    #expect(stretches.map(\.category) == ["bakery", "dairy", "produce", nil])
    #expect(
      stretches.map { $0.items.map(\.name) } == [
        ["Bread"], ["Cheese", "Yoghurt"], ["Pears"], ["Toothpaste"],
      ])
  }

  @Test func anOrderPutRightByHandOutweighsATripAndIsKept() throws {
    let store = try openStore(path)
    let shops = book(store)
    let lidl = try shops.add("Lidl")
    try shop(["Milk", "Bread"], with: shops)
    clock.advance(by: 24 * 60 * 60)
    _ = try ["Milk", "Bread"].map { try shops.basket.add(name: $0) }
    #expect(try shops.toGet(in: lidl).flatMap(\.items).map(\.name) == ["Milk", "Bread"])
    let toGet = try shops.basket.sections().toGet
    try shops.correct(
      lidl, order: toGet.filter { $0.name == "Bread" } + toGet.filter { $0.name == "Milk" })
    let reopened = book(try openStore(path))
    #expect(try reopened.toGet(in: lidl).flatMap(\.items).map(\.name) == ["Bread", "Milk"])
    #expect(try store.corrections(since: .distantPast).map(\.keys) == [["bread", "milk"]])
  }

  @Test func removingAShopForgetsWhatItLearnt() throws {
    let store = try openStore(path)
    let shops = book(store)
    let lidl = try shops.add("Lidl")
    try shop(["Bread"], with: shops)
    try shops.correct(lidl, order: try shops.basket.store.items())
    try shops.basket.add(name: "Milk")
    try shops.correct(lidl, order: try shops.basket.store.items())
    #expect(try store.corrections(since: .distantPast).count == 1)
    #expect(try shops.remove("lidl").name == "Lidl")
    #expect(try shops.all().shops.isEmpty)
    #expect(try store.checkOffs(since: .distantPast).isEmpty)
    #expect(try store.corrections(since: .distantPast).isEmpty)
    #expect(throws: ShopError.unknown("Lidl", known: [])) { try shops.use("Lidl") }
  }

  @Test func anOlderStoreGainsEmptyShopsWithItsListIntact() throws {
    try runSQL(MigrationTests.v2Schema + MigrationTests.v2Rows, on: path)
    let store = try openStore(path)
    #expect(try store.pragma("user_version") == String(Schema.latestVersion))
    #expect(try store.items().count == 3)
    #expect(try store.shops().isEmpty)
    #expect(try store.currentShopID() == nil)
  }
}
