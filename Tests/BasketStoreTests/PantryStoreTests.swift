import BasketKit
import BasketTestSupport
import Testing

@testable import BasketStore

@Suite struct PantryStoreTests: StoreFileSuite {
  let directory = TemporaryDirectory()
  let clock = TestClock(StoreFixtures.now)

  private func book(_ store: SQLiteStore) -> PantryBook {
    PantryBook(store: store, clock: clock.appClock, ids: Fixtures.sequentialIDs())
  }

  /// The v5 schema exactly as v5 wrote it (every migration up to shops), frozen.
  static let v5Schema = """
    CREATE TABLE items (
      id TEXT PRIMARY KEY NOT NULL,
      name TEXT NOT NULL,
      emoji TEXT NOT NULL,
      amount REAL,
      unit TEXT,
      added_at REAL NOT NULL,
      checked_at REAL,
      listed_at REAL NOT NULL,
      cleared_at REAL
    , name_key TEXT NOT NULL DEFAULT '', revision INTEGER NOT NULL DEFAULT 0, name_changed_at REAL NOT NULL DEFAULT 0, quantity_changed_at REAL NOT NULL DEFAULT 0, checked_changed_at REAL NOT NULL DEFAULT 0, place_changed_at REAL NOT NULL DEFAULT 0, recipe_needs TEXT);
    CREATE TABLE memory (
      key TEXT PRIMARY KEY NOT NULL,
      name TEXT NOT NULL,
      times_added INTEGER NOT NULL,
      last_added REAL NOT NULL
    );
    CREATE INDEX memory_by_last_added ON memory(last_added);
    CREATE TABLE meta (
      key TEXT PRIMARY KEY NOT NULL,
      value INTEGER NOT NULL
    );
    CREATE INDEX items_by_name_key ON items(name_key);
    CREATE INDEX items_to_get_by_listed_at ON items(listed_at)
      WHERE checked_at IS NULL AND cleared_at IS NULL;
    CREATE INDEX items_by_checked_at ON items(checked_at) WHERE checked_at IS NOT NULL;
    CREATE INDEX items_by_cleared_at ON items(cleared_at) WHERE cleared_at IS NOT NULL;
    CREATE INDEX items_by_revision ON items(revision);
    CREATE TABLE operations (
      id TEXT PRIMARY KEY NOT NULL,
      kind TEXT NOT NULL,
      at REAL NOT NULL,
      applied_at REAL NOT NULL,
      refusal TEXT,
      item TEXT,
      affected TEXT NOT NULL DEFAULT ''
    ) WITHOUT ROWID;
    CREATE INDEX operations_by_at ON operations(at);
    CREATE TABLE tombstones (
      id TEXT PRIMARY KEY NOT NULL,
      name TEXT NOT NULL,
      reason TEXT NOT NULL,
      at REAL NOT NULL,
      revision INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX tombstones_by_at ON tombstones(at);
    CREATE INDEX tombstones_by_revision ON tombstones(revision);
    CREATE TABLE aliases (
      id TEXT PRIMARY KEY NOT NULL,
      item TEXT NOT NULL,
      at REAL NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX aliases_by_at ON aliases(at);
    CREATE TABLE recipes (
      id TEXT PRIMARY KEY NOT NULL,
      title TEXT NOT NULL,
      source TEXT,
      yields TEXT,
      total_time INTEGER,
      image TEXT,
      ingredient_count INTEGER NOT NULL,
      saved_at REAL NOT NULL,
      last_opened_at REAL NOT NULL,
      body TEXT NOT NULL
    );
    CREATE INDEX recipes_by_last_opened_at ON recipes(last_opened_at);
    CREATE VIRTUAL TABLE recipe_search USING fts5(title, ingredients);
    CREATE TABLE shops (
      id TEXT PRIMARY KEY NOT NULL,
      name TEXT NOT NULL,
      name_key TEXT NOT NULL UNIQUE,
      added_at REAL NOT NULL,
      current INTEGER NOT NULL DEFAULT 0
    ) WITHOUT ROWID;
    CREATE TABLE checkoffs (
      shop TEXT NOT NULL,
      key TEXT NOT NULL,
      name TEXT NOT NULL,
      at REAL NOT NULL
    );
    CREATE INDEX checkoffs_by_at ON checkoffs(at);
    CREATE INDEX checkoffs_by_key ON checkoffs(key, at);
    CREATE TABLE shop_corrections (
      shop TEXT NOT NULL,
      at REAL NOT NULL,
      body TEXT NOT NULL
    );
    CREATE INDEX shop_corrections_by_at ON shop_corrections(at);
    INSERT INTO meta (key, value) VALUES ('revision', 0), ('changes_floor', 0);
    PRAGMA user_version = 5;

    """

  static let v5Rows = """
    INSERT INTO items (id, name, emoji, amount, unit, added_at, checked_at, listed_at,
      cleared_at, name_key, revision, name_changed_at, quantity_changed_at,
      checked_changed_at, place_changed_at, recipe_needs) VALUES
      ('00000000-0000-0000-0000-000000000001', 'Milk', '🥛', 2, 'L',
       1796033600, 1796033650, 1796033600, NULL, 'milk', 3, 1796033600, 1796033600,
       1796033650, 1796033600, NULL),
      ('00000000-0000-0000-0000-000000000002', 'Flour', '🌾', NULL, NULL,
       1796033610, NULL, 1796033610, NULL, 'flour', 3, 1796033610, 1796033610,
       1796033610, 1796033610, NULL);
    INSERT INTO shops VALUES ('00000000-0000-0000-0000-000000000009', 'Lidl', 'lidl',
      1796033000, 1);
    UPDATE meta SET value = 3 WHERE key = 'revision';
    """

  /// CalDAV's v6, the schema just before the pantry's, frozen: v5 and its table.
  static let v6Schema =
    v5Schema + """
      CREATE TABLE caldav_resources (
        name TEXT PRIMARY KEY NOT NULL,
        item TEXT NOT NULL,
        uid TEXT NOT NULL,
        kept TEXT NOT NULL,
        absorbed INTEGER NOT NULL DEFAULT 0,
        revision INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX caldav_resources_by_item ON caldav_resources(item);
      CREATE INDEX caldav_resources_by_revision ON caldav_resources(revision);
      PRAGMA user_version = 6;

      """

  /// A store from before the pantry, v6 or v5 (which goes through CalDAV's v6 first).
  @Test(arguments: [5, 6])
  func anOlderStoreGainsThePantryWithItsRowsIntact(version: Int) throws {
    try runSQL((version == 5 ? Self.v5Schema : Self.v6Schema) + Self.v5Rows, on: path)
    let before = try MigrationTests.itemsAsStored(at: path)

    let store = try openStore(path)

    #expect(try store.pragma("user_version") == String(Schema.latestVersion))
    #expect(Schema.latestVersion >= 7)
    #expect(try store.items() == before)
    #expect(try store.shops().map(\.name) == ["Lidl"])
    #expect(try store.revision() == 3)
    #expect(try store.pantry() == PantryState())
    let pantry = book(store)
    try pantry.add(PantryAddition(name: "Flour", amount: try PantryAmount.read("1 kg")))
    #expect(try book(try openStore(path)).list().map(\.name) == ["Flour"])
    #expect(try store.revision() == 4)
  }

  @Test func thePantryKeepsEverythingAcrossReopening() throws {
    let store = try openStore(path)
    let pantry = book(store)
    let code = try Barcode("036000291452")
    try pantry.add(
      PantryAddition(
        name: "Oat drink", barcode: code, packages: 2, packageSize: try PantryAmount.read("1 l"),
        note: "the barista one"))
    try pantry.add(PantryAddition(name: "Eggs", amount: try PantryAmount.read("6")))
    try pantry.add(PantryAddition(name: "Saffron"))
    try pantry.use("oat", amount: try PantryAmount.read("250 ml"))
    try pantry.remove("saffron")
    let checked = Item(
      id: StoreFixtures.id(7), name: "Rice", emoji: "🍚", addedAt: StoreFixtures.now,
      checkedAt: StoreFixtures.at(60),
      recipeNeeds: RecipeNeeds(
        amounts: [ItemAmount(amount: 2, unit: .cup)],
        recipes: [RecipeReference(id: StoreFixtures.id(8), title: "Pilaf")]))
    let offers = try pantry.checkin([checked])
    #expect(offers.count == 1)
    let saved = try store.pantry()

    let reopened = try openStore(path)
    let state = try reopened.pantry()
    #expect(state == saved)
    #expect(state.entries.map(\.name) == ["Oat drink", "Eggs"])
    #expect(state.entries[0].barcode?.digits == "036000291452")
    #expect(state.entries[0].left == IngredientQuantity(amount: 1.75, unit: .liter))
    #expect(state.entries[0].note == "the barista one")
    #expect(state.entries[1].left == IngredientQuantity(amount: 6))
    #expect(state.barcodeNames == [code.key: "Oat drink"])
    #expect(state.offers == offers)
    #expect(try book(reopened).pendingOffers().map(\.amountText) == ["2 cups"])
  }

  @Test(arguments: 7...15)
  func anOlderPantryKeepsItsPackagesAndLearnsCountingWords(version: Int) throws {
    try runSQL(PlanStoreTests.older(version), on: path)
    let store = try openStore(path)

    #expect(try store.pragma("user_version") == String(Schema.latestVersion))
    let entries = try store.pantry().entries
    #expect(entries.map(\.name) == ["Oat drink"])
    #expect(entries.map(\.counting) == [nil])
    #expect(entries.map(\.stockText) == ["2 × 1 l"])
    let pantry = book(store)
    try pantry.add(PantryAddition(typed: "3 onions"))
    try pantry.add(PantryAddition(typed: "2 tins chopped tomatoes"))
    try pantry.add(PantryAddition(typed: "rice"))

    let reopened = try book(try openStore(path)).list()
    #expect(reopened.map(\.stockText) == ["2 tins", "2 × 1 l", "3", "1 package"])
    #expect(reopened.map(\.counting) == [.packs(KitchenUnit(id: "tin")!), nil, .things, nil])
  }

  @Test func aCountingWordThisBuildDoesNotKnowReadsAsPackages() throws {
    _ = try openStore(path)
    try runSQL(
      """
      INSERT INTO pantry_entries (id, name, name_key, packages, updated_at, counted_as) VALUES
        ('00000000-0000-0000-0000-000000000001', 'Tea', 'tea', 3, 0, 'lorry'),
        ('00000000-0000-0000-0000-000000000002', 'Figs', 'fig', 2, 0, 'thing');
      """, on: path)
    let entries = try openStore(path).pantry().entries
    #expect(entries.map(\.stockText) == ["3 packages", "2"])
  }

  @Test func twoConnectionsAddingToTheSameEntryLoseNoPackage() throws {
    let first = book(try openStore(path))
    let second = book(try openStore(path))
    for round in 0..<10 {
      try (round.isMultiple(of: 2) ? first : second).add(PantryAddition(name: "Eggs"))
    }
    #expect(try first.list().map(\.packages) == [10])
    #expect(try second.list().map(\.packages) == [10])
  }

  @Test func aFailedChangeWritesNothing() throws {
    let store = try openStore(path)
    let pantry = book(store)
    try pantry.add(PantryAddition(name: "Flour", amount: try PantryAmount.read("500 g")))
    let revision = try store.revision()
    #expect(throws: PantryError.self) {
      try pantry.add(PantryAddition(name: "flour", amount: try PantryAmount.read("2")))
    }
    #expect(try store.revision() == revision)
    #expect(try store.pantry().entries[0].left == IngredientQuantity(amount: 500, unit: .gram))
  }

  @Test func rowsThisBuildCantReadAreSkippedOrReadAsUnknown() throws {
    _ = try openStore(path)
    try runSQL(
      """
      INSERT INTO pantry_entries (id, name, name_key, barcode, barcode_key, packages,
        size_amount, size_unit, left_amount, left_unit, note, updated_at) VALUES
        ('not-a-uuid', 'Ghost', 'ghost', NULL, NULL, 1, NULL, NULL, NULL, NULL, NULL, 0),
        ('00000000-0000-0000-0000-000000000001', 'Tea', 'tea', '12345', '12345', 3,
         1, 'parsec', -4, 'g', NULL, 0);
      INSERT INTO checkin_offers VALUES ('x', 'pending', 0, 0, '{not json');
      """, on: path)
    let state = try openStore(path).pantry()
    #expect(state.entries.map(\.name) == ["Tea"])
    #expect(state.entries[0].barcode == nil)
    #expect(state.entries[0].packageSize == nil && state.entries[0].left == nil)
    #expect(state.offers.isEmpty)
  }

  @Test func aStoreFromANewerBasketWithAPantryIsRefusedAndLeftByteForByte() throws {
    let store = try openStore(path)
    try book(store).add(PantryAddition(name: "Rice"))
    try expectNewerStoreRefusedUntouched(at: path)
  }
}
