import BasketKit
import BasketTestSupport
import Testing

@testable import BasketStore

@Suite struct MigrationTests: StoreFileSuite {
  let directory = TemporaryDirectory()

  static let v1Rows = """
    INSERT INTO items VALUES
      ('00000000-0000-0000-0000-000000000001', 'Apples', '🍎', NULL, NULL,
       1796033600, NULL, 1796033600, NULL),
      ('00000000-0000-0000-0000-000000000002', 'Crème Fraîche', '🥛', 2, 'units',
       1796033650, 1796033660, 1796033650, NULL),
      ('00000000-0000-0000-0000-000000000003', 'Cherry tomatoes', '🍅', NULL, NULL,
       1796033670, NULL, 1796033670, NULL);
    UPDATE meta SET value = 5 WHERE key = 'revision';
    """

  private func nameKeys(_ store: SQLiteStore) throws -> [String: String] {
    try store.withConnection { connection in
      var keys: [String: String] = [:]
      try connection.runOnce("SELECT name, name_key FROM items") { row in
        keys[row.text(0) ?? ""] = row.text(1)
      }
      return keys
    }
  }

  /// The items as a store of any version holds them, read by the columns every version has
  /// (the field-change times default as `Item.init` says).
  static func itemsAsStored(at path: String) throws -> [Item] {
    let connection = try Connection(path: path, flags: SQLITE_OPEN_READWRITE)
    var items: [Item] = []
    try connection.runOnce("SELECT \(Connection.itemColumns) FROM items ORDER BY rowid") { row in
      if let item = Connection.decodeItem(row, from: 0) { items.append(item) }
    }
    return items
  }

  @Test func aVersionOneStoreGainsNameKeysAndIndexesWithItsRowsIntact() throws {
    try runSQL(OpeningTests.v1Schema + Self.v1Rows, on: path)
    let before = try Self.itemsAsStored(at: path)

    let store = try openStore(path)

    #expect(try store.pragma("user_version") == String(Schema.latestVersion))
    #expect(try store.items() == before)
    #expect(try store.revision() == 5)
    #expect(
      try nameKeys(store) == [
        "Apples": "apple", "Crème Fraîche": "creme fraich", "Cherry tomatoes": "cherri tomato",
      ])
    let indexes = try store.withConnection { connection in
      var names: Set<String> = []
      try connection.runOnce(
        "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'items'"
      ) { row in
        if let name = row.text(0) { names.insert(name) }
      }
      return names
    }
    #expect(
      indexes.isSuperset(of: [
        "items_by_list_and_name_key", "items_to_get_by_list", "items_by_checked_at",
        "items_by_cleared_at",
      ]))
  }

  /// The v2 schema exactly as v2 wrote it (v1 plus its migration), frozen.
  static let v2Schema = """
    CREATE TABLE items (
      id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, emoji TEXT NOT NULL, amount REAL,
      unit TEXT, added_at REAL NOT NULL, checked_at REAL, listed_at REAL NOT NULL,
      cleared_at REAL);
    CREATE TABLE memory (
      key TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, times_added INTEGER NOT NULL,
      last_added REAL NOT NULL);
    CREATE INDEX memory_by_last_added ON memory(last_added);
    CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value INTEGER NOT NULL);
    INSERT INTO meta(key, value) VALUES ('revision', 0);
    ALTER TABLE items ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
    CREATE INDEX items_by_name_key ON items(name_key);
    CREATE INDEX items_to_get_by_listed_at ON items(listed_at)
      WHERE checked_at IS NULL AND cleared_at IS NULL;
    CREATE INDEX items_by_checked_at ON items(checked_at) WHERE checked_at IS NOT NULL;
    CREATE INDEX items_by_cleared_at ON items(cleared_at) WHERE cleared_at IS NOT NULL;
    PRAGMA user_version = 2;
    """

  static let v2Rows = """
    INSERT INTO items VALUES
      ('00000000-0000-0000-0000-000000000001', 'Apples', '🍎', NULL, NULL,
       1796033600, NULL, 1796033600, NULL, 'apple'),
      ('00000000-0000-0000-0000-000000000002', 'Milk', '🥛', 2, 'L',
       1796033650, 1796033660, 1796033655, NULL, 'milk'),
      ('00000000-0000-0000-0000-000000000003', 'Eggs', '🥚', NULL, NULL,
       1796033670, 1796033680, 1796033670, 1796033690, 'egg');
    INSERT INTO memory VALUES ('milk', 'Milk', 3, 1796033650);
    UPDATE meta SET value = 12 WHERE key = 'revision';
    """

  @Test func aVersionTwoStoreGainsTheOpLogAndFieldTimesWithItsRowsIntact() throws {
    try runSQL(Self.v2Schema + Self.v2Rows, on: path)
    let before = try Self.itemsAsStored(at: path)

    let store = try openStore(path)

    #expect(try store.pragma("user_version") == String(Schema.latestVersion))
    #expect(try store.items() == before)
    let milk = try #require(try store.items().first { $0.name == "Milk" })
    #expect(
      milk.changed
        == FieldTimes(
          name: StoreFixtures.at(-50), quantity: StoreFixtures.at(-50),
          checked: StoreFixtures.at(-40), place: StoreFixtures.at(-45)))
    #expect(try store.revision() == 12)
    #expect(try store.memory().first?.timesAdded == 3)
    // What changed before the migration is unknown: a page at revision 12 is up to date, one
    // from before refetches.
    #expect(
      try store.changes(since: 12) == ListChanges(from: 12, revision: 12, items: [], removed: []))
    #expect(try store.changes(since: 11) == nil)
    let tables = try store.withConnection { connection in
      var names: Set<String> = []
      try connection.runOnce("SELECT name FROM sqlite_schema WHERE type = 'table'") { row in
        if let name = row.text(0) { names.insert(name) }
      }
      return names
    }
    #expect(tables.isSuperset(of: ["operations", "tombstones", "aliases"]))
  }

  @Test(arguments: [1, 2])
  func operationsApplyToAMigratedStore(version: Int) throws {
    try runSQL(
      version == 1 ? OpeningTests.v1Schema + Self.v1Rows : Self.v2Schema + Self.v2Rows, on: path)
    let store = try openStore(path)
    let basket = Fixtures.basket(
      over: store, clock: .frozen(at: StoreFixtures.now), classifier: EmojiClassifier.shared)
    let revision = try store.revision()
    let op = ListOperation(
      id: UUID(), at: StoreFixtures.now, change: .rename(StoreFixtures.id(1), name: "Green apples"))

    #expect(try basket.apply([op]).map(\.status) == [.applied])
    #expect(try basket.apply([op]).map(\.status) == [.duplicate])
    #expect(try store.changes(since: revision)?.items.map(\.name) == ["Green apples"])
  }

  @Test func addingANameStoredBeforeTheMigrationFindsIt() throws {
    try runSQL(OpeningTests.v1Schema + Self.v1Rows, on: path)
    let basket = Fixtures.basket(
      over: try openStore(path), clock: .frozen(at: StoreFixtures.now),
      classifier: EmojiClassifier.shared)
    #expect(try basket.add(name: "apple").outcome == .bumped(StoreFixtures.id(1)))
    #expect(try basket.add(name: "creme fraiche").outcome == .restored(StoreFixtures.id(2)))
  }

  @Test func recomputingNameKeysIsOneCall() throws {
    let store = try openStore(path)
    try store.modify {
      $0.items = [StoreFixtures.item(1, "Apples"), StoreFixtures.item(2, "Eggs")]
    }
    try runSQL("UPDATE items SET name_key = 'stale'", on: path)

    try store.withConnection { connection in
      try connection.transaction(immediate: true) { try Schema.recomputeNameKeys(connection) }
    }

    #expect(try nameKeys(store) == ["Apples": "apple", "Eggs": "egg"])
  }

  @Test func versionOneMemoryIsReKeyedAndEntriesThatNowShareAKeyMerge() throws {
    try runSQL(
      OpeningTests.v1Schema + """
        INSERT INTO memory VALUES
          ('cherry tomato', 'Cherry tomatoes', 3, 1796033600),
          ('cherries tomato', 'cherries tomato', 2, 1796033700),
          ('loave', 'Loaves', 1, 1796033500),
          ('', '🍕', 4, 1796033400);
        """, on: path)

    let store = try openStore(path)

    let memory = Dictionary(
      uniqueKeysWithValues: try store.memory().map { (NameKey.of($0.name), $0) })
    #expect(memory.count == 3)
    let tomatoes = try #require(memory["cherri tomato"])
    #expect(tomatoes.timesAdded == 5)
    #expect(tomatoes.name == "cherries tomato")
    #expect(tomatoes.lastAdded == Date(timeIntervalSince1970: 1_796_033_700))
    #expect(memory["loaf"]?.timesAdded == 1)
    #expect(memory["🍕"]?.timesAdded == 4)
  }

  /// More v2 rows: names that fold, a unit-count quantity, memory left to the test.
  static let v2MoreRows = """
    INSERT INTO items (id, name, emoji, amount, unit, added_at, checked_at, listed_at,
      cleared_at, name_key) VALUES
      ('00000000-0000-0000-0000-000000000001', 'Apples', '🍎', NULL, NULL,
       1796033600, NULL, 1796033600, NULL, 'apple'),
      ('00000000-0000-0000-0000-000000000002', 'Crème Fraîche', '🥛', 2, 'units',
       1796033650, 1796033660, 1796033650, NULL, 'creme fraich'),
      ('00000000-0000-0000-0000-000000000003', 'Cherry tomatoes', '🍅', NULL, NULL,
       1796033670, NULL, 1796033670, NULL, 'cherri tomato');
    UPDATE meta SET value = 5 WHERE key = 'revision';
    """

  @Test func aVersionTwoStoreGainsTheRecipeLibraryWithItsRowsIntact() throws {
    try runSQL(
      Self.v2Schema + Self.v2MoreRows + """
        INSERT INTO memory VALUES ('apple', 'Apples', 3, 1796033600);
        """, on: path)
    let before = try Self.itemsAsStored(at: path)

    let store = try openStore(path)

    #expect(try store.pragma("user_version") == String(Schema.latestVersion))
    #expect(try store.items() == before)
    #expect(try store.items().allSatisfy { $0.recipeNeeds == .none })
    #expect(try store.memory().map(\.name) == ["Apples"])
    #expect(try store.revision() == 5)
    let recipe = Recipe(
      id: StoreFixtures.id(9), title: "Apple pie",
      ingredientGroups: [
        IngredientGroup(ingredients: [IngredientLineParser.parse("6 apples")])
      ], savedAt: StoreFixtures.now, lastOpenedAt: StoreFixtures.now)
    try store.saveRecipe(recipe)
    #expect(try store.recipes(.matching(["apple"])).map(\.title) == ["Apple pie"])
  }

  @Test func aDamagedVersionTwoStoreIsSalvagedWithoutTheNewColumn() throws {
    let broken = directory.file("old.sqlite")
    try runSQL(Self.v2Schema + Self.v2MoreRows, on: broken)
    let store = try openStore(path)
    #expect(store.salvage(from: broken).items == 3)
    #expect(
      try store.items().map(\.name).sorted() == ["Apples", "Cherry tomatoes", "Crème Fraîche"])
  }

  /// Keys as schema version 2 stores them. If this fails, `NameKey.of` folds names differently
  /// now: stored keys are stale, so append `Migration("", then: Schema.recomputeNameKeys)` to
  /// `Schema.migrations`, then update this table.
  @Test(arguments: [
    ("Apples", "apple"), ("Tomatoes", "tomato"), ("Berries", "berri"), ("Hummus", "hummus"),
    ("Jalapeños", "jalapeno"), ("Crème  Fraîche", "creme fraich"), ("Hellmann's", "hellmann"),
    ("Oat-milk", "oat milk"), ("2 L milk", "2 l milk"), ("Æbleskiver", "aebleskiver"),
    ("🍕", "🍕"), ("!!!", "!!!"), ("Loaves", "loaf"), ("Brussels Sprouts", "brussel sprout"),
  ])
  func theStoredNameKeysStillMatchNameKey(name: String, storedKey: String) {
    #expect(NameKey.of(name) == storedKey)
  }
}
