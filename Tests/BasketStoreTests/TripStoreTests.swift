import BasketKit
import BasketTestSupport
import Testing

@testable import BasketStore

@Suite struct TripStoreTests: StoreFileSuite {
  let directory = TemporaryDirectory()
  let clock = TestClock(StoreFixtures.now)

  /// The trips over `store`, as a face builds them.
  private func book(_ store: SQLiteStore) -> TripBook {
    let basket = Fixtures.basket(over: store, clock: clock.appClock)
    return TripBook(
      trips: store,
      products: ProductBook(store: store, shops: store, clock: clock.appClock, ids: .random),
      shops: ShopBook(store: store, basket: basket),
      pantry: PantryBook(store: store, clock: clock.appClock, ids: .random),
      checkingOff: { shop, body in try store.checkingOff(in: shop, body) })
  }

  /// The pantry's v7, the schema just before products, frozen: v6 and the pantry's tables.
  static let v7Schema =
    PantryStoreTests.v6Schema + """
      CREATE TABLE pantry_entries (
        id TEXT PRIMARY KEY NOT NULL,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        barcode TEXT,
        barcode_key TEXT,
        packages INTEGER NOT NULL DEFAULT 0,
        size_amount REAL,
        size_unit TEXT,
        left_amount REAL,
        left_unit TEXT,
        note TEXT,
        updated_at REAL NOT NULL
      );
      CREATE INDEX pantry_entries_by_name_key ON pantry_entries(name_key);
      CREATE INDEX pantry_entries_by_barcode_key ON pantry_entries(barcode_key)
        WHERE barcode_key IS NOT NULL;
      CREATE TABLE barcode_names (
        barcode_key TEXT PRIMARY KEY NOT NULL,
        name TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE checkin_offers (
        item TEXT PRIMARY KEY NOT NULL,
        state TEXT NOT NULL,
        checked_at REAL NOT NULL,
        at REAL NOT NULL,
        body TEXT NOT NULL
      ) WITHOUT ROWID;
      PRAGMA user_version = 7;

      """

  static let v7Rows =
    PantryStoreTests.v5Rows + """
      INSERT INTO pantry_entries (id, name, name_key, barcode, barcode_key, packages,
        size_amount, size_unit, left_amount, left_unit, note, updated_at) VALUES
        ('00000000-0000-0000-0000-000000000031', 'Oat drink', 'oat drink', '036000291452',
         '00036000291452', 2, 1, 'l', NULL, NULL, NULL, 1796033000);
      """

  @Test(arguments: [6, 7])
  func anOlderStoreGainsProductsAndTripsWithItsRowsIntact(version: Int) throws {
    try runSQL(
      (version == 7
        ? Self.v7Schema + Self.v7Rows
        : PantryStoreTests.v6Schema
          + PantryStoreTests.v5Rows), on: path)
    let before = try MigrationTests.itemsAsStored(at: path)

    let store = try openStore(path)

    #expect(try store.pragma("user_version") == String(Schema.latestVersion))
    #expect(try store.items() == before)
    #expect(try store.shops().map(\.name) == ["Lidl"])
    #expect(try store.revision() == 3)
    #expect(try store.pantry().entries.map(\.name) == (version == 7 ? ["Oat drink"] : []))
    #expect(try store.catalogue() == ProductCatalogue())
    #expect(try store.openTrip() == nil)

    // The pantry's barcode is the product's: the same code, the same product.
    let trips = book(store)
    try trips.products.add(
      "Oatly", ProductChange(barcode: .set(try Barcode("0036000291452")), shop: .set("lidl")))
    #expect(try store.revision() == 4)
    try store.modify { draft in
      draft.insert(
        Item(id: StoreFixtures.id(40), name: "Oat drink", emoji: "🥛", addedAt: clock.now))
    }
    let trip = try trips.start(.currentShop, preferences: ShoppingPreferences())
    let oat = try #require(trip.stops.first { $0.name == "Oat drink" })
    if version == 7 {
      #expect(oat.product?.name == "Oatly")
      #expect(oat.review == .sure)
    } else {
      // No barcode in a v6 pantry: no sure product, so at a shop it is walked by its name.
      #expect(oat.product == nil)
      #expect(oat.reason.hasPrefix("by name: "))
    }
  }

  @Test func productsAndRetailersKeepEverythingAcrossReopening() throws {
    let store = try openStore(path)
    let products = book(store).products
    try book(store).shops.add("Lidl")
    let oat = try products.add(
      "Oat drink",
      ProductChange(
        addAliases: ["oat milk", "oatmilk"], barcode: .set(try Barcode("036000291452")),
        packSize: .set(IngredientQuantity(amount: 1, unit: .liter)), shop: .set("LIDL"),
        page: .set("https://lidl.example/p/oat?ref=a&b=c"), price: .set(195), organic: true,
        addDiets: [.vegan, .glutenFree], storeBrand: true))
    try products.add("Sea salt", ProductChange())
    try products.addRetailer("Kroger", template: "https://www.kroger.com/search?query={query}")
    clock.advance(by: 3600)
    try products.edit("oat", ProductChange(removeAliases: ["oatmilk"], price: .set(205)))
    try products.remove("sea salt")
    let saved = try store.catalogue()

    let reopened = try openStore(path)
    #expect(try reopened.catalogue() == saved)
    let read = try #require(try reopened.catalogue().products.first)
    #expect(read.id == oat.id)
    #expect(read.shop == "Lidl")
    #expect(read.aliases == ["oat milk"])
    #expect(read.price == ProductPrice(cents: 205, notedAt: clock.now))
    #expect(read.diets == [.vegan, .glutenFree])
    #expect(read.page == "https://lidl.example/p/oat?ref=a&b=c")
    #expect(try reopened.catalogue().allRetailers.map(\.name) == ["Walmart", "Target", "Kroger"])
    #expect(try book(reopened).products.removeRetailer("kroger").name == "Kroger")
    #expect(try openStore(path).catalogue().retailers.isEmpty)
  }

  @Test func aPausedTripResumesExactlyThereAfterReopening() throws {
    let store = try openStore(path)
    let trips = book(store)
    try trips.shops.add("Lidl")
    for name in ["Milk", "Bread", "Eggs", "Flour"] {
      try trips.basket.add(text: name)
      clock.advance(by: 1)
    }
    try trips.products.add("Bread", ProductChange())
    try trips.products.add("Eggs", ProductChange(packSize: .set(IngredientQuantity(amount: 6))))
    try trips.products.add("Milk", ProductChange())
    var trip = try trips.start(.currentShop, preferences: ShoppingPreferences(organicOnly: true))
    // Three products fail "organic only": exceptions even at a shop. Flour has none: by name.
    #expect(trip.pendingExceptions.map(\.name).sorted() == ["Bread", "Eggs", "Milk"])
    for _ in 0..<3 { trip = try trips.step(.accept) }
    trip = try trips.got()
    trip = try trips.step(.next)
    trip = try trips.step(.pause)
    let shown = try #require(trip.currentStop)

    // Two processes: another one reads the same trip, paused at the same item.
    let other = book(try openStore(path))
    let resumed = try #require(try other.current())
    #expect(resumed == trip)
    #expect(resumed.preferences.organicOnly)
    #expect(try other.step(.resume).currentStop == shown)
    trip = try other.got()
    // The first check went through the list's own check, and the shop learnt it.
    #expect(try trips.basket.sections().gotIt.count == 2)
    #expect(try store.checkOffs(since: .distantPast).count == 2)
    let (ended, summary, _) = try other.end()
    #expect(summary.got == 2 && summary.visited == 1 && summary.notReached == 1)
    #expect(try openStore(path).openTrip() == nil)
    #expect(try store.recentTrips(limit: 3).map(\.id) == [ended.id])
  }

  @Test func gotItAtARetailerTeachesNoShopAndInAShopTeachesThatOne() throws {
    let store = try openStore(path)
    let trips = book(store)
    try trips.shops.add("Lidl")
    try trips.basket.add(text: "Milk")
    try trips.products.add("Milk", ProductChange())
    try trips.start(.retailer("Walmart"), preferences: ShoppingPreferences())
    try trips.got()
    #expect(try trips.basket.sections().gotIt.map(\.name) == ["Milk"])
    #expect(try store.checkOffs(since: .distantPast).isEmpty)
    // After the trip's Got it, checking off teaches the current shop again.
    try trips.basket.add(text: "Bread")
    try trips.basket.check(try trips.basket.sections().toGet[0].id)
    #expect(try store.checkOffs(since: .distantPast).map(\.name) == ["Bread"])
    _ = try trips.end()
    // A trip at a shop that isn't the current one teaches that shop.
    let market = try trips.shops.add("Market")
    try trips.basket.add(text: "Pears")
    try trips.products.add("Pears", ProductChange())
    try trips.start(.shop("market"), preferences: ShoppingPreferences())
    try trips.got()
    #expect(try store.checkOffs(since: .distantPast).last?.shop == market.id)
    #expect(try store.currentShopID() != market.id)
  }

  @Test func aFailedStepWritesNothing() throws {
    let store = try openStore(path)
    let trips = book(store)
    try trips.basket.add(text: "Milk")
    try trips.start(.retailer("Target"), preferences: ShoppingPreferences())
    let revision = try store.revision()
    #expect(throws: TripError.settleFirst(1)) { try trips.step(.next) }
    #expect(throws: ProductError.self) { try trips.replace(with: "nothing such") }
    #expect(try store.revision() == revision)
  }

  @Test func rowsThisBuildCantReadAreSkipped() throws {
    _ = try openStore(path)
    try runSQL(
      """
      INSERT INTO products (id, name, name_key, barcode_key, updated_at, body) VALUES
        ('x', 'Ghost', 'ghost', NULL, 0, '{not json');
      INSERT INTO retailers (name_key, name, template) VALUES ('bad', 'Bad', 'ftp://x/{query}');
      INSERT INTO trips (id, phase, started_at, updated_at, body) VALUES
        ('t', 'walking', 0, 0, '{"id": 3}');
      """, on: path)
    let store = try openStore(path)
    #expect(try store.catalogue() == ProductCatalogue())
    #expect(try store.openTrip() == nil)
    try book(store).basket.add(text: "Milk")
    #expect(
      try book(store).start(.retailer("Walmart"), preferences: ShoppingPreferences()).stops.count
        == 1)
  }

  @Test func aStoreFromANewerBasketWithTripsIsRefusedAndLeftByteForByte() throws {
    let store = try openStore(path)
    try book(store).products.add("Rice", ProductChange())
    try expectNewerStoreRefusedUntouched(at: path)
  }
}
