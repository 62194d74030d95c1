import BasketKit
import BasketTestSupport
import Testing

@testable import BasketStore

/// The plan of meals on real SQLite files: kept across reopening, written in one transaction,
/// and added by a migration to a store of every older version, each schema frozen here as it
/// shipped (v1, v2, v5, v6 and v7 are the other suites'; the rest are frozen below).
@Suite struct PlanStoreTests: StoreFileSuite {
  let directory = TemporaryDirectory()
  let clock = TestClock(StoreFixtures.now)  // Monday 30 November 2026

  private func book(_ store: SQLiteStore) -> PlanBook {
    let basket = Fixtures.basket(over: store, clock: clock.appClock)
    return PlanBook(
      store: store, recipes: RecipeBook(store: store, basket: basket), timeZone: .gmt)
  }

  @discardableResult
  private func chili(_ plan: PlanBook) throws -> Recipe {
    try plan.recipes.save(
      Recipe(
        title: "Chili", servings: 4,
        ingredientGroups: [
          IngredientGroup(ingredients: ["2 onions", "500 g beef"].map(IngredientLineParser.parse))
        ]))
  }

  // MARK: - Frozen schemas

  /// v3 as it shipped: v2 and the operation log.
  static let v3Schema =
    MigrationTests.v2Schema + """
      ALTER TABLE items ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE items ADD COLUMN name_changed_at REAL NOT NULL DEFAULT 0;
      ALTER TABLE items ADD COLUMN quantity_changed_at REAL NOT NULL DEFAULT 0;
      ALTER TABLE items ADD COLUMN checked_changed_at REAL NOT NULL DEFAULT 0;
      ALTER TABLE items ADD COLUMN place_changed_at REAL NOT NULL DEFAULT 0;
      CREATE INDEX items_by_revision ON items(revision);
      CREATE TABLE operations (
        id TEXT PRIMARY KEY NOT NULL, kind TEXT NOT NULL, at REAL NOT NULL,
        applied_at REAL NOT NULL, refusal TEXT, item TEXT, affected TEXT NOT NULL DEFAULT ''
      ) WITHOUT ROWID;
      CREATE INDEX operations_by_at ON operations(at);
      CREATE TABLE tombstones (
        id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, reason TEXT NOT NULL,
        at REAL NOT NULL, revision INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX tombstones_by_at ON tombstones(at);
      CREATE INDEX tombstones_by_revision ON tombstones(revision);
      CREATE TABLE aliases (
        id TEXT PRIMARY KEY NOT NULL, item TEXT NOT NULL, at REAL NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX aliases_by_at ON aliases(at);
      INSERT INTO meta (key, value) VALUES ('changes_floor', 0);
      PRAGMA user_version = 3;

      """

  /// Items as v3 and v4 wrote them: every field-change time and the revision set.
  static let v3Rows = """
    INSERT INTO items (id, name, emoji, amount, unit, added_at, checked_at, listed_at,
      cleared_at, name_key, revision, name_changed_at, quantity_changed_at,
      checked_changed_at, place_changed_at) VALUES
      ('00000000-0000-0000-0000-000000000001', 'Milk', '🥛', 2, 'L',
       1796033600, 1796033650, 1796033600, NULL, 'milk', 3, 1796033600, 1796033600,
       1796033650, 1796033600),
      ('00000000-0000-0000-0000-000000000002', 'Flour', '🌾', NULL, NULL,
       1796033610, NULL, 1796033610, NULL, 'flour', 3, 1796033610, 1796033610,
       1796033610, 1796033610);
    UPDATE meta SET value = 3 WHERE key = 'revision';
    """

  /// v4 as it shipped: v3 and the recipe library.
  static let v4Schema =
    v3Schema + """
      ALTER TABLE items ADD COLUMN recipe_needs TEXT;
      CREATE TABLE recipes (
        id TEXT PRIMARY KEY NOT NULL, title TEXT NOT NULL, source TEXT, yields TEXT,
        total_time INTEGER, image TEXT, ingredient_count INTEGER NOT NULL,
        saved_at REAL NOT NULL, last_opened_at REAL NOT NULL, body TEXT NOT NULL
      );
      CREATE INDEX recipes_by_last_opened_at ON recipes(last_opened_at);
      CREATE VIRTUAL TABLE recipe_search USING fts5(title, ingredients);
      PRAGMA user_version = 4;

      """

  /// v8 as it shipped: v7 and products, retailers and trips.
  static let v8Schema =
    TripStoreTests.v7Schema + """
      CREATE TABLE products (
        id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, name_key TEXT NOT NULL,
        barcode_key TEXT, updated_at REAL NOT NULL, body TEXT NOT NULL
      );
      CREATE INDEX products_by_name_key ON products(name_key);
      CREATE INDEX products_by_barcode_key ON products(barcode_key)
        WHERE barcode_key IS NOT NULL;
      CREATE TABLE retailers (
        name_key TEXT NOT NULL UNIQUE, name TEXT NOT NULL, template TEXT NOT NULL
      );
      CREATE TABLE trips (
        id TEXT PRIMARY KEY NOT NULL, phase TEXT NOT NULL, started_at REAL NOT NULL,
        updated_at REAL NOT NULL, body TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX trips_open ON trips(started_at) WHERE phase != 'ended';
      PRAGMA user_version = 8;

      """

  /// v9: v8 and the staples.
  static let v9Schema =
    v8Schema + """
      CREATE TABLE staples (position INTEGER PRIMARY KEY NOT NULL, name TEXT NOT NULL);
      PRAGMA user_version = 9;

      """

  /// v10: v9 and the screens' drafts.
  static let v10Schema =
    v9Schema + """
      CREATE TABLE drafts (name TEXT PRIMARY KEY NOT NULL, body TEXT NOT NULL) WITHOUT ROWID;
      PRAGMA user_version = 10;

      """

  /// v11, the schema just before the plan's: v10 and the invitations.
  static let v11Schema =
    v10Schema + """
      CREATE TABLE invitations (
        code_hash TEXT PRIMARY KEY NOT NULL, created_at REAL NOT NULL, expires_at REAL NOT NULL,
        used_at REAL
      ) WITHOUT ROWID;
      PRAGMA user_version = 11;

      """

  /// v12, the schema just before notes on items: v11 and the plan of meals.
  static let v12Schema =
    v11Schema + """
      CREATE TABLE planned_meals (
        id TEXT PRIMARY KEY NOT NULL, day TEXT NOT NULL, recipe TEXT NOT NULL,
        title TEXT NOT NULL, servings INTEGER, added_at REAL NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX planned_meals_by_day ON planned_meals(day);
      PRAGMA user_version = 12;

      """

  /// v13, the schema just before several lists: v12 and notes on items.
  static let v13Schema =
    v12Schema + """
      ALTER TABLE items ADD COLUMN note TEXT;
      ALTER TABLE items ADD COLUMN note_changed_at REAL;
      PRAGMA user_version = 13;

      """

  /// v14, the schema just before aisle categories: v13 and several lists.
  static let v14Schema =
    v13Schema + """
      CREATE TABLE lists (
        id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, position INTEGER NOT NULL,
        created_at REAL NOT NULL, removed_at REAL, caldav_name TEXT NOT NULL UNIQUE
      ) WITHOUT ROWID;
      ALTER TABLE items ADD COLUMN list TEXT NOT NULL DEFAULT '';
      ALTER TABLE tombstones ADD COLUMN list TEXT NOT NULL DEFAULT '';
      DROP INDEX items_by_name_key;
      DROP INDEX items_to_get_by_listed_at;
      DROP INDEX items_by_revision;
      CREATE INDEX items_by_list_and_name_key ON items(list, name_key);
      CREATE INDEX items_to_get_by_list ON items(list, listed_at)
        WHERE checked_at IS NULL AND cleared_at IS NULL;
      CREATE INDEX items_by_list_and_revision ON items(list, revision);
      DROP INDEX tombstones_by_revision;
      CREATE INDEX tombstones_by_list_and_revision ON tombstones(list, revision);
      PRAGMA user_version = 14;

      """

  /// v15, the schema just before pantry counting words: v14 and aisle categories.
  static let v15Schema =
    v14Schema + """
      CREATE TABLE category_choices (
        name_key TEXT PRIMARY KEY NOT NULL, category TEXT NOT NULL
      ) WITHOUT ROWID;
      PRAGMA user_version = 15;

      """

  /// Rows a v14 store can hold: v7's, on the first list, with a note and a planned meal.
  static let v14Rows =
    TripStoreTests.v7Rows + """
      INSERT INTO lists VALUES
        ('00000000-0000-0000-0000-0000000000a1', 'Groceries', 0, 1796033000, NULL, 'basket');
      UPDATE items SET list = '00000000-0000-0000-0000-0000000000a1';
      UPDATE tombstones SET list = '00000000-0000-0000-0000-0000000000a1';
      UPDATE items SET note = 'the big tub', note_changed_at = 1796033800
      WHERE rowid = (SELECT min(rowid) FROM items);
      INSERT INTO planned_meals VALUES ('00000000-0000-0000-0000-000000000001', '2026-12-01',
        '00000000-0000-0000-0000-000000000009', 'Chili', 4, 1796033700);
      """

  /// Every older version's schema, frozen, with rows it can hold.
  static func older(_ version: Int) -> String {
    switch version {
    case 1: OpeningTests.v1Schema + MigrationTests.v1Rows
    case 2: MigrationTests.v2Schema + MigrationTests.v2MoreRows
    case 3: v3Schema + v3Rows
    case 4: v4Schema + v3Rows
    case 5: PantryStoreTests.v5Schema + PantryStoreTests.v5Rows
    case 6: PantryStoreTests.v6Schema + PantryStoreTests.v5Rows
    case 7: TripStoreTests.v7Schema + TripStoreTests.v7Rows
    case 8: v8Schema + TripStoreTests.v7Rows
    case 9: v9Schema + TripStoreTests.v7Rows + "INSERT INTO staples VALUES (0, 'Salt');"
    case 10:
      v10Schema + TripStoreTests.v7Rows
        + "INSERT INTO drafts VALUES ('mealprep', '{\"recipes\":[]}');"
    case 11:
      v11Schema + TripStoreTests.v7Rows
        + "INSERT INTO invitations VALUES ('abc', 1796033000, 1796033900, NULL);"
    case 12:
      v12Schema + TripStoreTests.v7Rows
        + """
        INSERT INTO planned_meals VALUES ('00000000-0000-0000-0000-000000000001', '2026-12-01',
          '00000000-0000-0000-0000-000000000009', 'Chili', 4, 1796033700);
        """
    case 13: v13Schema + TripStoreTests.v7Rows
    case 14: v14Schema + v14Rows
    default:
      v15Schema + v14Rows + "INSERT INTO category_choices VALUES ('rice', 'pantry');"
    }
  }

  @Test func everyOlderVersionIsFrozenHere() {
    #expect(Schema.latestVersion == 16, "a new version: freeze v16 here and add it below")
  }

  @Test(arguments: 1...11)
  func anOlderStoreGainsThePlanWithItsRowsIntact(version: Int) throws {
    try runSQL(Self.older(version), on: path)
    #expect(
      try Connection(path: path, flags: SQLITE_OPEN_READWRITE).singleInteger("PRAGMA user_version")
        == Int64(version))
    let before = try MigrationTests.itemsAsStored(at: path)
    #expect(!before.isEmpty)

    let store = try openStore(path)

    #expect(try store.pragma("user_version") == String(Schema.latestVersion))
    #expect(try store.items() == before)
    #expect(try store.plannedMeals().isEmpty)
    let plan = book(store)
    try chili(plan)
    let meal = try plan.add("chili", on: try plan.date("2026-12-02"), servings: 6)
    #expect(try book(try openStore(path)).all() == [meal])
    #expect(try store.items() == before)
  }

  @Test func thePlanKeepsEverythingAcrossReopening() throws {
    let store = try openStore(path)
    let plan = book(store)
    try chili(plan)
    let revision = try store.revision()
    let first = try plan.add("chili", on: try plan.date("today"), servings: 6)
    #expect(try store.revision() == revision + 1)
    clock.advance(by: 0.5)
    let second = try plan.add("chili", on: try plan.date("2026-12-06"), servings: nil)

    let reopened = book(try openStore(path))
    #expect(try reopened.all() == [first, second])
    #expect(try reopened.all()[0].date.description == "2026-11-30")
    #expect(try reopened.all()[0].addedAt == StoreFixtures.now)
    try reopened.remove(id: first.id)
    #expect(try book(try openStore(path)).all() == [second])
  }

  @Test func aRefusedChangeWritesNothing() throws {
    let store = try openStore(path)
    let plan = book(store)
    try chili(plan)
    try plan.add("chili", on: try plan.date("2026-12-02"), servings: nil)
    let revision = try store.revision()
    let before = bytes(of: path)
    #expect(throws: PlanError.alreadyPlanned("Chili", PlanDate("2026-12-02")!)) {
      try plan.add("chili", on: try plan.date("2026-12-02"), servings: 4)
    }
    #expect(throws: PlanError.badServings("10000")) {
      try plan.add("chili", on: try plan.date("2026-12-03"), servings: 10_000)
    }
    #expect(throws: PlanError.self) { try plan.date("2026-02-30") }
    #expect(try store.revision() == revision)
    #expect(bytes(of: path) == before)
    #expect(try store.plannedMeals().count == 1)
  }

  @Test func rowsThatCantBeReadAreSkippedNotFatal() throws {
    let store = try openStore(path)
    try runSQL(
      """
      INSERT INTO planned_meals VALUES
        ('00000000-0000-0000-0000-000000000001', '2026-02-30',
         '00000000-0000-0000-0000-000000000009', 'Chili', NULL, 1796033700),
        ('00000000-0000-0000-0000-000000000002', '2026-12-01',
         '00000000-0000-0000-0000-000000000009', 'Chili', 0, 1796033700),
        ('00000000-0000-0000-0000-000000000003', '2026-12-01',
         '00000000-0000-0000-0000-000000000009', 'Chili', 4, 1796033700);
      """, on: path)
    #expect(try store.plannedMeals().map(\.id) == [StoreFixtures.id(3)])
  }

  @Test func aNewerStoreWithAPlanIsRefusedAndLeftByteForByte() throws {
    let store = try openStore(path)
    let plan = book(store)
    try chili(plan)
    try plan.add("chili", on: try plan.date("2026-12-02"), servings: 6)
    try expectNewerStoreRefusedUntouched(at: path)
  }
}
