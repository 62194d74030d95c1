import BasketKit
import BasketTestSupport
import Testing

@Suite struct TripBookTests {
  let stores = InMemoryTripStores()
  var clock: TestClock { stores.clock }

  /// A trip book over the test's stores, as a face would build it (again after a restart).
  func book() -> TripBook { stores.book() }

  func toGet() throws -> [String] {
    try Fixtures.basket(clock: clock, store: stores.list).sections().toGet.map(\.name)
  }

  @Test func aWholeTripInAShopFromStartToCheckIn() throws {
    let book = book()
    try book.shops.add("Lidl")
    try book.basket.add(text: "2 l milk")
    clock.advance(by: 1)
    try book.basket.add(text: "flour")
    clock.advance(by: 1)
    try book.basket.add(text: "eggs")
    try book.products.add(
      "Whole milk",
      ProductChange(
        addAliases: ["milk"], packSize: .set(IngredientQuantity(amount: 1, unit: .liter)),
        shop: .set("lidl")))
    try book.products.add("Plain flour", ProductChange(shop: .set("Lidl")))
    try book.products.add("Spelt flour", ProductChange(shop: .set("Lidl"), organic: true))

    var trip = try book.start(.currentShop, preferences: ShoppingPreferences())
    #expect(trip.place.name == "Lidl")
    // At a shop the walk starts at once: eggs (no product) and flour (two could do) are walked
    // by their names, nothing to settle first.
    #expect(trip.phase == .walking)
    #expect(trip.pendingExceptions.isEmpty)
    #expect(throws: TripError.alreadyUnderWay("Lidl")) {
      try book.start(.retailer("Walmart"), preferences: ShoppingPreferences())
    }
    #expect(throws: TripError.nothingToSettle) { try book.step(.accept) }

    let first = try #require(trip.currentStop)
    #expect(first.name == "eggs")
    #expect(first.reason == "by name: no product for eggs at Lidl in your catalogue")
    #expect(first.product == nil && first.link(at: trip.place) == nil)
    trip = try book.got()
    #expect(try toGet().contains(first.name) == false)
    trip = try book.step(.pause)

    // A restart: a new book over the same stores resumes at the same item.
    let again = self.book()
    let resumed = try #require(try again.current())
    #expect(resumed.phase == .paused)
    #expect(resumed.currentStop == trip.currentStop)
    trip = try again.step(.resume)
    #expect(trip.currentStop?.name == "flour")
    #expect(trip.currentStop?.product == nil)
    #expect(trip.currentStop?.candidates.map(\.name) == ["Plain flour", "Spelt flour"])
    trip = try again.replace(with: "spelt")
    #expect(trip.stops.first { $0.name == "flour" }?.product?.name == "Spelt flour")
    // The choice is remembered: next time flour is a sure match.
    #expect(try again.products.find("Spelt flour").aliases == ["flour"])
    trip = try again.step(.next)
    #expect(trip.currentStop?.name == "milk")
    #expect(trip.currentStop?.packs == .packs(2, arithmetic: "need 2 l; 2 l ÷ 1 l = 2"))
    trip = try again.got()
    #expect(trip.isAtEnd)

    clock.advance(by: 20 * 60)
    let (ended, summary, offers) = try again.end()
    #expect(ended.phase == .ended)
    #expect(try again.current() == nil)
    #expect(summary.got == 2 && summary.visited == 1 && summary.minutes == 20)
    // What the trip got is offered to the pantry.
    #expect(Set(offers.map(\.name)).count == 2)
    #expect(try stores.trips.recentTrips(limit: 5).first?.id == ended.id)
  }

  @Test func atAShopOnlyAProductThePreferencesTurnDownWaitsToBeSettled() throws {
    let book = book()
    try book.shops.add("Lidl")
    try book.basket.add(text: "milk")
    clock.advance(by: 1)
    try book.basket.add(text: "rice")
    try book.products.add("Whole milk", ProductChange(addAliases: ["milk"], shop: .set("Lidl")))
    let trip = try book.start(.currentShop, preferences: ShoppingPreferences(organicOnly: true))
    #expect(trip.phase == .review)
    #expect(trip.pendingExceptions.map(\.name) == ["milk"], "rice is walked by name")
    #expect(trip.currentException?.reason.contains("organic") == true)
  }

  @Test func atARetailerEverySearchIsAcceptedInOneStep() throws {
    let book = book()
    for name in ["milk", "rice", "oats"] {
      try book.basket.add(text: name)
      clock.advance(by: 1)
    }
    try book.products.add("Oat flakes", ProductChange(addAliases: ["oat"]))
    try book.products.add("Jasmine rice", ProductChange())
    try book.products.add("Basmati rice", ProductChange())
    var trip = try book.start(.retailer("Walmart"), preferences: ShoppingPreferences())
    // Rice could be two products: a real choice. Milk has none: a search.
    #expect(trip.pendingExceptions.map(\.name) == ["rice", "milk"])
    #expect(trip.searchFallbacks == 1)
    trip = try book.step(.acceptSearches)
    #expect(trip.pendingExceptions.map(\.name) == ["rice"], "the choice stays")
    #expect(throws: TripError.nothingToSettle) { try book.step(.acceptSearches) }
    trip = try book.step(.accept)
    #expect(trip.phase == .walking)
  }

  @Test func aShopTripFollowsTheWalkingOrderAndARetailerTripTheList() throws {
    let book = book()
    let lidl = try book.shops.add("Lidl")
    for name in ["bread", "milk", "apples"] {
      try book.basket.add(text: name)
      clock.advance(by: 1)
    }
    // The shop learnt: apples, then bread, then milk.
    for (minute, name) in ["apple", "bread", "milk"].enumerated() {
      stores.shops.record(
        CheckOff(
          shop: lidl.id, key: name, name: name,
          at: clock.now.addingTimeInterval(Double(minute * 60) - 86400 * 3)))
    }
    let inShop = try book.start(.shop("lid"), preferences: ShoppingPreferences())
    #expect(inShop.stops.map(\.name) == ["apples", "bread", "milk"])
    _ = try book.end()
    let online = try book.start(.retailer("walmart"), preferences: ShoppingPreferences())
    #expect(online.stops.map(\.name) == ["apples", "milk", "bread"])
    #expect(online.place.isRetailer)
    let link = try #require(online.stops[0].link(at: online.place))
    #expect(link.kind == .search)
    #expect(link.address == "https://www.walmart.com/search?q=apples")
  }

  @Test func anItemCheckedOffElsewhereLeavesTheWalk() throws {
    let book = book()
    try book.shops.add("Lidl")
    try book.basket.add(text: "milk")
    clock.advance(by: 1)
    try book.basket.add(text: "bread")
    try book.products.add("Milk", ProductChange())
    try book.products.add("Bread", ProductChange())
    let trip = try book.start(.currentShop, preferences: ShoppingPreferences())
    let shown = try #require(trip.currentStop)
    // Another phone checks the shown item off.
    try book.basket.check(shown.item)
    let now = try #require(try book.current())
    #expect(now.stops.first { $0.item == shown.item }?.status == .gone)
    #expect(now.currentStop?.item != shown.item)
  }

  @Test func aTripNeedsAPlaceAndSomethingToGet() throws {
    let book = book()
    #expect(throws: TripError.noPlace(shops: [])) {
      try book.start(.currentShop, preferences: ShoppingPreferences())
    }
    #expect(throws: TripError.nothingToGet) {
      try book.start(.retailer("Target"), preferences: ShoppingPreferences())
    }
    #expect(throws: ProductError.self) {
      try book.start(.retailer("Kroger"), preferences: ShoppingPreferences())
    }
    #expect(throws: TripError.noTrip) { try book.step(.next) }
    #expect(throws: TripError.noTrip) { try book.end() }
  }
}
