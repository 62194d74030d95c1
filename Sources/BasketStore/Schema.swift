import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The store's tables, as an ordered list of migrations; migration N brings `user_version`
/// from N-1 to N.
enum Schema {
  /// One step of the schema: SQL, then (optionally) Swift over the rows, in one transaction.
  struct Migration: Sendable {
    var sql: String
    var then: (@Sendable (Connection) throws -> Void)?

    init(_ sql: String, then: (@Sendable (Connection) throws -> Void)? = nil) {
      self.sql = sql
      self.then = then
    }
  }

  /// Each entry runs in its own transaction; never edit one that has shipped, append instead.
  ///
  /// NB: `items.name_key` holds `NameKey.of(name)` as this build folds names. A change to
  /// that folding must append `Migration("", then: Schema.recomputeNameKeys)`, or duplicates
  /// stored before it go unnoticed.
  static let migrations: [Migration] = [
    // v1: the list, suggestion memory, and a revision counter for change polling.
    Migration(
      """
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
      );
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
      INSERT INTO meta(key, value) VALUES ('revision', 0);
      """),
    // v2: what a change reads, indexed: items by name key (duplicate-aware add), the top of
    // To get, and checked and cleared items by date (tidying, Clear all, undo).
    Migration(
      """
      ALTER TABLE items ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
      CREATE INDEX items_by_name_key ON items(name_key);
      CREATE INDEX items_to_get_by_listed_at ON items(listed_at)
        WHERE checked_at IS NULL AND cleared_at IS NULL;
      CREATE INDEX items_by_checked_at ON items(checked_at) WHERE checked_at IS NOT NULL;
      CREATE INDEX items_by_cleared_at ON items(cleared_at) WHERE cleared_at IS NOT NULL;
      """,
      then: { connection in
        // v2 also moved to the one folding (every word singular, symbol-only names keyed by
        // their symbols), so the memory keys written by v1 are recomputed too.
        try recomputeNameKeys(connection)
        try recomputeMemoryKeys(connection)
      }),
    // v3: changes made offline, applied exactly once. Per item: the revision that last wrote
    // the row (for /changes) and when each field group last changed (later change wins). The
    // operation log, tombstones of items gone for good, and aliases of merged ids, each
    // pruned by date. `changes_floor`: the newest revision whose removals were pruned (or
    // predate v3), below which /changes can't answer.
    Migration(
      """
      ALTER TABLE items ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE items ADD COLUMN name_changed_at REAL NOT NULL DEFAULT 0;
      ALTER TABLE items ADD COLUMN quantity_changed_at REAL NOT NULL DEFAULT 0;
      ALTER TABLE items ADD COLUMN checked_changed_at REAL NOT NULL DEFAULT 0;
      ALTER TABLE items ADD COLUMN place_changed_at REAL NOT NULL DEFAULT 0;
      UPDATE items SET
        revision = (SELECT value FROM meta WHERE key = 'revision'),
        name_changed_at = added_at,
        quantity_changed_at = added_at,
        checked_changed_at = coalesce(checked_at, listed_at),
        place_changed_at = listed_at;
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
      INSERT INTO meta (key, value)
        SELECT 'changes_floor', value FROM meta WHERE key = 'revision';
      """),
    // v4: saved recipes, searched through FTS5 by their folded title and ingredient words
    // (`RecipeSearch.words`; the search table's rowid is the recipe's), and what recipes asked
    // of list items (`RecipeNeeds` as JSON, NULL for none).
    Migration(
      """
      ALTER TABLE items ADD COLUMN recipe_needs TEXT;
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
      """),
    // v5: the household's shops (at most one `current`), every check-off made in one and
    // every order put right by hand (`ShopCorrection` as JSON), which each shop's walking
    // order is learnt from.
    Migration(
      """
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
      """),
    // v6: what CalDAV clients wrote about items (`CalDAVResource`): the resource name and UID
    // they chose and the properties Basket doesn't use, with the revision that wrote each.
    Migration(
      """
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
      """),
    // v7: the pantry: entries (identity by `name_key`, `NameKey.of(name)`, and by
    // `barcode_key`, the code as a GTIN-14; amounts as amount + kitchen unit id, a NULL unit
    // counting), the names the household gave to barcodes, and check-in offers
    // (`CheckinOffer` as JSON). NB: the core keys entries by their names as it reads them,
    // so `name_key` here only serves SQL and needs no recomputing when folding changes.
    Migration(
      """
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
      """),
    // v8: the household's products (identity by `name_key` and `barcode_key`, the code as a
    // GTIN-14 as in the pantry; everything else as `Product` JSON in `body`), the retailers
    // it added (Walmart and Target are built in, not stored), and Shopping Trips (`Trip` as
    // JSON; at most one not `ended`, the open one, which resumes after any restart).
    Migration(
      """
      CREATE TABLE products (
        id TEXT PRIMARY KEY NOT NULL,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        barcode_key TEXT,
        updated_at REAL NOT NULL,
        body TEXT NOT NULL
      );
      CREATE INDEX products_by_name_key ON products(name_key);
      CREATE INDEX products_by_barcode_key ON products(barcode_key)
        WHERE barcode_key IS NOT NULL;
      CREATE TABLE retailers (
        name_key TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        template TEXT NOT NULL
      );
      CREATE TABLE trips (
        id TEXT PRIMARY KEY NOT NULL,
        phase TEXT NOT NULL,
        started_at REAL NOT NULL,
        updated_at REAL NOT NULL,
        body TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX trips_open ON trips(started_at) WHERE phase != 'ended';
      """),
    // v9: the household's always-have list (`Staples`), in order; no row at all in `meta` for
    // 'staples_chosen' means the list was never changed and is the suggestion.
    Migration(
      """
      CREATE TABLE staples (
        position INTEGER PRIMARY KEY NOT NULL,
        name TEXT NOT NULL
      );
      """),
    // v10: drafts a screen keeps for the household, by name ('mealprep': the Meal Prep
    // screen's chosen recipes, servings and answers, as the JSON it sends).
    Migration(
      """
      CREATE TABLE drafts (
        name TEXT PRIMARY KEY NOT NULL,
        body TEXT NOT NULL
      ) WITHOUT ROWID;
      """),
    // v11: one-time invitations for a phone to join (`Invitation`): the SHA-256 of each code
    // (never the code), when it was made, when it stops working and when it was used.
    Migration(
      """
      CREATE TABLE invitations (
        code_hash TEXT PRIMARY KEY NOT NULL,
        created_at REAL NOT NULL,
        expires_at REAL NOT NULL,
        used_at REAL
      ) WITHOUT ROWID;
      """),
    // v12: the plan of meals (`PlannedMeal`): a saved recipe on a day ("2026-03-02"), for a
    // number of servings (NULL: as written), with the title it had when planned. A step of
    // its own that touches no other table, so it can be renumbered when branches meet.
    Migration(
      """
      CREATE TABLE planned_meals (
        id TEXT PRIMARY KEY NOT NULL,
        day TEXT NOT NULL,
        recipe TEXT NOT NULL,
        title TEXT NOT NULL,
        servings INTEGER,
        added_at REAL NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX planned_meals_by_day ON planned_meals(day);
      """),
    // v13: an item's note ("the big tub"; NULL for none) and when it last changed (NULL: at
    // `name_changed_at`, as `FieldTimes` defaults it). A step of its own that adds two columns
    // and touches no row, so it can be renumbered when branches meet.
    Migration(
      """
      ALTER TABLE items ADD COLUMN note TEXT;
      ALTER TABLE items ADD COLUMN note_changed_at REAL;
      """),
    // v14: several lists. Every item and tombstone belongs to one list (`list`: its id); the
    // store's one list until now becomes the first, "Groceries", whose CalDAV collection keeps
    // the name task apps know ("basket"). A removed list keeps its rows (`removed_at`) until
    // it is restored.
    Migration(
      """
      CREATE TABLE lists (
        id TEXT PRIMARY KEY NOT NULL,
        name TEXT NOT NULL,
        position INTEGER NOT NULL,
        created_at REAL NOT NULL,
        removed_at REAL,
        caldav_name TEXT NOT NULL UNIQUE
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
      """,
      then: { connection in
        let id = UUID().uuidString
        // NB: made when its first item was (or at 0 for an empty store): no clock here.
        try connection.run(
          """
          INSERT INTO lists VALUES
            (?1, ?2, 0, coalesce((SELECT min(added_at) FROM items), 0), NULL, 'basket')
          """, [.text(id), .text(ListsRules.firstListName)])
        try connection.run("UPDATE items SET list = ?1", [.text(id)])
        try connection.run("UPDATE tombstones SET list = ?1", [.text(id)])
      }),
    // v15: the aisle category the household chose for a name (`Item.category`), by
    // `NameKey.of(name)` like suggestion memory, so it outlives the item and holds for the name
    // added again. A step of its own that adds a table and touches no row, so it can be
    // renumbered when branches meet.
    Migration(
      """
      CREATE TABLE category_choices (
        name_key TEXT PRIMARY KEY NOT NULL,
        category TEXT NOT NULL
      ) WITHOUT ROWID;
      """),
    // v16: what a pantry entry's packages count, as the household said it
    // (`PantryEntry.counting`: "thing" for "3 onions", a unit id for "2 cans"). Entries made
    // before said nothing and stay packages: NULL.
    Migration("ALTER TABLE pantry_entries ADD COLUMN counted_as TEXT"),
  ]

  /// Re-keys suggestion memory by `NameKey.of(name)`, merging entries that now share a key:
  /// their add counts sum, and the latest add keeps its time and spelling. Call inside a write
  /// transaction.
  ///
  /// Cost: one read of the memory table; rewrites it only when a key changed.
  static func recomputeMemoryKeys(_ connection: Connection) throws {
    var merged: [String: MemoryEntry] = [:]
    var order: [String] = []
    var changed = false
    try connection.run("SELECT key, name, times_added, last_added FROM memory ORDER BY rowid") {
      row in
      guard let name = row.text(1), let times = row.int64(2), let last = row.double(3) else {
        return
      }
      let key = NameKey.of(name)
      if row.text(0) != key { changed = true }
      let entry = MemoryEntry(
        name: name, timesAdded: Int(clamping: times),
        lastAdded: Date(timeIntervalSince1970: last))
      guard let earlier = merged[key] else {
        merged[key] = entry
        order.append(key)
        return
      }
      changed = true
      let latest = entry.lastAdded >= earlier.lastAdded ? entry : earlier
      merged[key] = MemoryEntry(
        name: latest.name, timesAdded: earlier.timesAdded &+ entry.timesAdded,
        lastAdded: latest.lastAdded)
    }
    guard changed else { return }
    try connection.run("DELETE FROM memory")
    for key in order where !key.isEmpty {
      try connection.insertMemory(merged[key]!, key: key)
    }
  }

  /// The schema version this build writes.
  static var latestVersion: Int { migrations.count }

  /// Tables every version of a Basket store has.
  static let requiredTables: Set<String> = ["items", "memory", "meta"]

  /// Sets every item's `name_key` to `NameKey.of(name)`. Call inside a write transaction.
  ///
  /// Cost: one read of every name and one write per key that changed.
  static func recomputeNameKeys(_ connection: Connection) throws {
    var keys: [(rowid: Int64, key: String)] = []
    try connection.run("SELECT rowid, name, name_key FROM items") { row in
      guard let rowid = row.int64(0), let name = row.text(1) else { return }
      let key = NameKey.of(name)
      if row.text(2) != key { keys.append((rowid, key)) }
    }
    for (rowid, key) in keys {
      try connection.run(
        "UPDATE items SET name_key = ?2 WHERE rowid = ?1", [.integer(rowid), .text(key)])
    }
  }

  /// Basket's mark in the SQLite header (`PRAGMA application_id`, bytes 68–71): "BSKT". A
  /// store made before the mark is recognised by its tables and marked when next opened.
  static let applicationID: Int32 = 0x4253_4B54

  /// Writes the mark into a store that lacks it, in a transaction of its own.
  static func mark(_ connection: Connection) throws {
    guard try connection.singleInteger("PRAGMA application_id") != Int64(applicationID) else {
      return
    }
    try connection.transaction(immediate: true) {
      try connection.execute("PRAGMA application_id = \(applicationID)")
    }
  }

  /// Brings the store to `latestVersion`, one transaction per migration.
  ///
  /// Each step re-reads `user_version` under the write lock, so processes opening a new store at
  /// the same time migrate it once.
  static func migrate(_ connection: Connection, path: String) throws {
    try mark(connection)
    if try connection.singleInteger("PRAGMA user_version") == Int64(latestVersion) { return }
    while true {
      let done = try connection.transaction(immediate: true) { () throws -> Bool in
        let version = Int(try connection.singleInteger("PRAGMA user_version") ?? 0)
        if version > latestVersion {
          throw StoreError.newerSchema(found: version, supported: latestVersion, path: path)
        }
        guard version < latestVersion else { return true }
        let migration = migrations[version]
        try connection.execute(migration.sql)
        try migration.then?(connection)
        try connection.execute("PRAGMA user_version = \(version + 1)")
        return false
      }
      if done { return }
    }
  }
}
