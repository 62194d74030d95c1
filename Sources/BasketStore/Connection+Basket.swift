import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reading and writing Basket's rows.
///
/// Dates are stored as REAL seconds since 1970: exact for dates made from such a count (a parsed
/// timestamp, a test fixture), and within a fraction of a microsecond for any other.
extension Connection {
  /// The item columns every schema version has (salvage reads these from any store).
  static let itemColumns =
    "id, name, emoji, amount, unit, added_at, checked_at, listed_at, cleared_at"
  /// `itemColumns`, the field-change times (schema v3), what recipes asked (v4) and the note
  /// with its change time (v13).
  static let storedItemColumns =
    "\(itemColumns), name_changed_at, quantity_changed_at, checked_changed_at, place_changed_at, "
    + "recipe_needs, note, note_changed_at"
  /// `storedItemColumns` as read: with the household's category for the item's name (v15),
  /// one primary-key look-up a row.
  static let readItemColumns =
    "\(storedItemColumns), "
    + "(SELECT category FROM category_choices WHERE category_choices.name_key = items.name_key)"
  static let memoryColumns = "key, name, times_added, last_added"

  /// Every item, in the order they were first stored. Rows that cannot be decoded are skipped.
  func loadItems() throws -> [Item] {
    var items: [Item] = []
    try run(Self.itemsOfList, [.text(list)]) { row in
      if let item = Self.decodeStoredItem(row, from: 0) { items.append(item) }
    }
    return items
  }

  /// Every memory entry. Rows that cannot be decoded are skipped.
  func loadMemory() throws -> [MemoryEntry] {
    var entries: [MemoryEntry] = []
    try run("SELECT \(Self.memoryColumns) FROM memory ORDER BY rowid") { row in
      if let decoded = Self.decodeMemory(row, from: 0) { entries.append(decoded.1) }
    }
    return entries
  }

  func loadRevision() throws -> Int64 {
    try singleInteger("SELECT value FROM meta WHERE key = 'revision'") ?? 0
  }

  /// The newest revision whose removals the store no longer knows (see `changes(since:)`).
  func loadChangesFloor() throws -> Int64 {
    try singleInteger("SELECT value FROM meta WHERE key = 'changes_floor'") ?? 0
  }

  /// Writes `changes`; if the list or memory changes, bumps the revision first and stamps
  /// every row written with it. Call inside a write transaction.
  /// Writes `changes`; an item that goes from To get to Got it is recorded as checked off in
  /// `shop` (nil: the current shop, if any), and one taken back out of Got it is forgotten.
  func save(_ changes: ListDraft.Changes, shop: UUID? = nil) throws {
    if let before = changes.pruneBefore { try prune(before: before) }
    if changes.touchesList {
      let revision = try bumpRevision()
      for item in changes.inserted { try insert(item, revision: revision) }
      if !changes.updated.isEmpty { try noteCheckOffs(changes.updated, shop: shop) }
      for item in changes.updated { try update(item, revision: revision) }
      for id in changes.removed {
        try run("DELETE FROM items WHERE id = ?1", [.text(id.uuidString)])
      }
      for tombstone in changes.tombstones { try bury(tombstone, revision: revision) }
      for remembered in changes.remembered {
        guard remembered.times > 0 else {
          try forgetOne(key: remembered.key)
          continue
        }
        try remember(remembered.name, key: remembered.key, at: remembered.at)
      }
    }
    for operation in changes.operations { try record(operation) }
    for alias in changes.aliases {
      try run(
        "INSERT OR REPLACE INTO aliases (id, item, at) VALUES (?1, ?2, ?3)",
        [.text(alias.alias.uuidString), .text(alias.item.uuidString), .real(alias.at.seconds)])
    }
  }

  /// Stores a new item, stamped with `revision`; `orIgnore` skips one whose id is taken
  /// instead of failing.
  func insert(_ item: Item, revision: Int64, orIgnore: Bool = false) throws {
    try run(
      orIgnore ? Self.insertItemOrIgnoreSQL : Self.insertItemSQL,
      named: Self.fields(of: item, revision: revision) + [("list", .text(list))])
  }

  private func update(_ item: Item, revision: Int64) throws {
    try run(Self.updateItemSQL, named: Self.fields(of: item, revision: revision))
  }

  private static let insertItemSQL = insertSQL("items", writtenItemColumns + ["list"])
  private static let insertItemOrIgnoreSQL = insertSQL(
    "items", writtenItemColumns + ["list"], verb: "INSERT OR IGNORE")
  private static let updateItemSQL = updateSQL("items", writtenItemColumns, key: "id")

  /// Records a check-off for each of `items` that is checked now and was not in the store,
  /// and forgets it for each unchecked within `ShopRules.slip` of its check-off (a slip of the
  /// finger; an item brought back later, say added again, was still found there). Reads each
  /// item's stored check time (one indexed read each); does nothing without a shop.
  /// The shop override that means "in no shop" (`SQLiteStore.checkingOff(in: nil)`).
  static let nowhere = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

  private func noteCheckOffs(_ items: [Item], shop: UUID?) throws {
    guard let shop = try shop ?? currentShopID(), shop != Self.nowhere else { return }
    for item in items {
      var stored: Double?
      try run("SELECT checked_at FROM items WHERE id = ?1", [.text(item.id.uuidString)]) {
        stored = $0.double(0)
      }
      let key = NameKey.of(item.name)
      switch (stored, item.checkedAt) {
      case (nil, let checked?):
        try run(
          "INSERT INTO checkoffs (shop, key, name, at) VALUES (?1, ?2, ?3, ?4)",
          [.text(shop.uuidString), .text(key), .text(item.name), .real(checked.seconds)])
      case (let was?, nil) where item.changed.checked.seconds - was <= ShopRules.slip:
        try run("DELETE FROM checkoffs WHERE key = ?1 AND at = ?2", [.text(key), .real(was)])
      default:
        break
      }
    }
  }

  /// The id of the household's current shop, or nil.
  func currentShopID() throws -> UUID? {
    var found: UUID?
    try run("SELECT id FROM shops WHERE current = 1 LIMIT 1") { row in
      found = row.text(0).flatMap(UUID.stored)
    }
    return found
  }

  private func bury(_ tombstone: Tombstone, revision: Int64) throws {
    try run(
      """
      INSERT OR REPLACE INTO tombstones (id, name, reason, at, revision, list)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6)
      """,
      [
        .text(tombstone.id.uuidString), .text(tombstone.name), .text(tombstone.reason.rawValue),
        .real(tombstone.at.seconds), .integer(revision), .text(list),
      ])
  }

  /// The `kind` stored for an operation that was no list change (`OperationRecord.kind` nil).
  static let routeKind = "route"

  /// Records an operation and its result. Call inside a write transaction.
  func record(_ operation: OperationRecord) throws {
    try run(
      """
      INSERT OR REPLACE INTO operations (id, kind, at, applied_at, refusal, item, affected)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
      """,
      [
        .text(operation.id.uuidString), .text(operation.kind?.rawValue ?? Self.routeKind),
        .real(operation.at.seconds),
        .real(operation.appliedAt.seconds), operation.refusal.map(SQLValue.text) ?? .null,
        operation.item.map { .text($0.uuidString) } ?? .null,
        .text(operation.affected.map(\.uuidString).joined(separator: " ")),
      ])
  }

  /// Forgets operations, tombstones and aliases from before `date`, raising the changes floor
  /// to the newest revision whose tombstones go.
  ///
  /// Cost: three indexed range deletes (and an indexed read of the tombstones that go), which
  /// find nothing on almost every call.
  private func prune(before date: Date) throws {
    let bound: [SQLValue] = [.real(date.seconds)]
    if let newest = try singleInteger(Self.newestTombstoneBefore, bound) {
      try run(
        "UPDATE meta SET value = max(value, ?1) WHERE key = 'changes_floor'", [.integer(newest)])
      try run(Self.pruneTombstones, bound)
    }
    try run(Self.pruneOperations, bound)
    try run(Self.pruneAliases, bound)
  }

  // MARK: - Reading what makes operations exactly-once

  static let operationByID =
    "SELECT kind, at, applied_at, refusal, item, affected FROM operations WHERE id = ?1"
  static let tombstoneByID = "SELECT name, reason, at FROM tombstones WHERE id = ?1"
  static let aliasByID = "SELECT item, at FROM aliases WHERE id = ?1"
  static let itemsOfList = "SELECT \(readItemColumns) FROM items WHERE list = ?1 ORDER BY rowid"
  static let itemsWrittenAfter =
    "SELECT \(readItemColumns) FROM items WHERE revision > ?1 AND list = ?2 ORDER BY revision, rowid"
  static let itemsRemovedAfter =
    "SELECT id FROM tombstones WHERE revision > ?1 AND list = ?2 ORDER BY revision"
  static let newestTombstoneBefore = "SELECT max(revision) FROM tombstones WHERE at < ?1"
  static let pruneTombstones = "DELETE FROM tombstones WHERE at < ?1"
  static let pruneOperations = "DELETE FROM operations WHERE at < ?1"
  static let pruneAliases = "DELETE FROM aliases WHERE at < ?1"

  /// Every query that applying operations, pruning and `/changes` run, for tests that check
  /// each one reads through an index.
  static let syncQueries = [
    operationByID, tombstoneByID, aliasByID, itemsWrittenAfter, itemsRemovedAfter,
    newestTombstoneBefore, pruneTombstones, pruneOperations, pruneAliases,
  ]

  func loadOperation(_ id: UUID) throws -> OperationRecord? {
    var found: OperationRecord?
    try run(Self.operationByID, [.text(id.uuidString)]) { row in
      // NB: a kind this build doesn't know (a route's, or a newer build's) is still an
      // operation seen: it must never apply twice.
      guard let at = Self.date(row, 1), let appliedAt = Self.date(row, 2) else { return }
      found = OperationRecord(
        id: id, kind: row.text(0).flatMap(ListOperation.Kind.init(rawValue:)), at: at,
        appliedAt: appliedAt, refusal: row.text(3),
        item: row.text(4).flatMap(UUID.stored),
        affected: (row.text(5) ?? "").split(separator: " ").compactMap {
          UUID.stored(String($0))
        })
    }
    return found
  }

  func loadTombstone(_ id: UUID) throws -> Tombstone? {
    var found: Tombstone?
    try run(Self.tombstoneByID, [.text(id.uuidString)]) { row in
      guard let name = row.text(0), let at = Self.date(row, 2) else { return }
      let reason = row.text(1).flatMap(Tombstone.Reason.init(rawValue:)) ?? .removed
      found = Tombstone(id: id, name: name, reason: reason, at: at)
    }
    return found
  }

  func loadAlias(_ id: UUID) throws -> ItemAlias? {
    var found: ItemAlias?
    try run(Self.aliasByID, [.text(id.uuidString)]) { row in
      guard let item = row.text(0).flatMap(UUID.stored), let at = Self.date(row, 1)
      else { return }
      found = ItemAlias(alias: id, item: item, at: at)
    }
    return found
  }

  /// The items written and the ids removed after `revision`; call inside a transaction.
  func loadChanges(since revision: Int64) throws -> (items: [Item], removed: [UUID]) {
    var items: [Item] = []
    try run(Self.itemsWrittenAfter, [.integer(revision), .text(list)]) { row in
      if let item = Self.decodeStoredItem(row, from: 0) { items.append(item) }
    }
    var removed: [UUID] = []
    try run(Self.itemsRemovedAfter, [.integer(revision), .text(list)]) { row in
      if let id = row.text(0).flatMap(UUID.stored) { removed.append(id) }
    }
    return (items, removed)
  }

  private func remember(_ name: String, key: String, at date: Date) throws {
    try run(
      """
      INSERT INTO memory (key, name, times_added, last_added) VALUES (?1, ?2, 1, ?3)
      ON CONFLICT (key) DO UPDATE SET
        name = excluded.name,
        times_added = times_added + 1,
        last_added = max(last_added, excluded.last_added)
      """, [.text(key), .text(name), .real(date.timeIntervalSince1970)])
  }

  /// Takes one add of `key` back; an entry with none left goes.
  private func forgetOne(key: String) throws {
    try run("UPDATE memory SET times_added = times_added - 1 WHERE key = ?1", [.text(key)])
    try run("DELETE FROM memory WHERE key = ?1 AND times_added <= 0", [.text(key)])
  }

  /// Stores a salvaged memory entry unless one with `key` exists.
  func insertMemory(_ entry: MemoryEntry, key: String) throws {
    try run(
      "INSERT OR IGNORE INTO memory (key, name, times_added, last_added) VALUES (?1, ?2, ?3, ?4)",
      [
        .text(key), .text(entry.name), .integer(Int64(entry.timesAdded)),
        .real(entry.lastAdded.timeIntervalSince1970),
      ])
  }

  /// Moves the revision on by one and returns the new value.
  @discardableResult
  func bumpRevision() throws -> Int64 {
    var revision: Int64 = 0
    try run(
      """
      INSERT INTO meta (key, value) VALUES ('revision', 1)
      ON CONFLICT (key) DO UPDATE SET value = value + 1
      RETURNING value
      """
    ) { row in revision = row.int64(0) ?? 0 }
    return revision
  }

  /// The columns `fields(of:revision:)` writes, read off it: the stored ones, the name's key and
  /// the revision.
  static let writtenItemColumns = fields(
    of: Item(id: UUID(), name: "", emoji: "", addedAt: Date(timeIntervalSince1970: 0)),
    revision: 0
  ).map(\.0)

  /// Each column an item is written to, named, with its value: the one place a column meets
  /// the field it holds.
  static func fields(of item: Item, revision: Int64) -> [(String, SQLValue)] {
    [
      ("id", .text(item.id.uuidString)),
      ("name", .text(item.name)),
      ("emoji", .text(item.emoji)),
      ("amount", item.quantity.map { .real($0.amount) } ?? .null),
      ("unit", item.quantity.map { .text($0.unit.rawValue) } ?? .null),
      ("added_at", .real(item.addedAt.seconds)),
      ("checked_at", item.checkedAt.map { .real($0.seconds) } ?? .null),
      ("listed_at", .real(item.listedAt.seconds)),
      ("cleared_at", item.clearedAt.map { .real($0.seconds) } ?? .null),
      ("name_changed_at", .real(item.changed.name.seconds)),
      ("quantity_changed_at", .real(item.changed.quantity.seconds)),
      ("checked_changed_at", .real(item.changed.checked.seconds)),
      ("place_changed_at", .real(item.changed.place.seconds)),
      ("recipe_needs", recipeNeedsText(item.recipeNeeds).map(SQLValue.text) ?? .null),
      ("note", item.note.map(SQLValue.text) ?? .null),
      ("note_changed_at", .real(item.changed.note.seconds)),
      ("name_key", .text(NameKey.of(item.name))),
      ("revision", .integer(revision)),
    ]
  }

  /// Decodes `readItemColumns` starting at column `first` (see `decodeItem`); a field time
  /// that can't be read defaults as `Item.init` says.
  static func decodeStoredItem(_ row: Statement, from first: Int32) -> Item? {
    guard var item = decodeItem(row, from: first) else { return nil }
    if let name = date(row, first + 9), let quantity = date(row, first + 10),
      let checked = date(row, first + 11), let place = date(row, first + 12)
    {
      item.changed = FieldTimes(
        name: name, quantity: quantity, checked: checked, place: place,
        note: date(row, first + 15))
    }
    item.recipeNeeds = decodeRecipeNeeds(row, first + 13)
    item.note = decodeNote(row, first + 14)
    item.category = decodeCategory(row, first + 16)
    return item
  }

  /// A category choice read back: nil for none, or for one the walk doesn't know (written by
  /// hand, or by a newer build), so the classifier decides.
  static func decodeCategory(_ row: Statement, _ column: Int32) -> String? {
    guard let text = row.text(column) else { return nil }
    return try? ItemCategory.named(text)
  }

  /// The `note` column read back: nil for none, or for text the note rule would not keep
  /// (written by hand, say); a note too long is kept whole, never cut (nothing is lost).
  static func decodeNote(_ row: Statement, _ column: Int32) -> String? {
    guard let text = row.text(column) else { return nil }
    let note = NameText.cleaned(text)
    return note.isEmpty ? nil : note
  }

  /// `needs` as the `recipe_needs` column holds it: JSON, or nil for none.
  static func recipeNeedsText(_ needs: RecipeNeeds) -> String? {
    guard !needs.isEmpty, let data = try? JSONEncoder().encode(needs) else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// The `recipe_needs` column read back; none when it is empty or can't be read (an item is
  /// never lost over it).
  static func decodeRecipeNeeds(_ row: Statement, _ column: Int32) -> RecipeNeeds {
    guard let text = row.text(column),
      let needs = try? JSONDecoder().decode(RecipeNeeds.self, from: Data(text.utf8))
    else { return .none }
    return needs
  }

  /// Decodes `itemColumns` starting at column `first`; nil when a required value is missing or
  /// malformed. A quantity Basket can't use (an unknown unit, an amount out of range) drops
  /// the quantity rather than the item: see `decodeQuantity`.
  static func decodeItem(_ row: Statement, from first: Int32) -> Item? {
    guard let idText = row.text(first), let id = UUID.stored(idText),
      let name = row.text(first + 1),
      let emoji = row.text(first + 2),
      let addedAt = date(row, first + 5),
      let listedAt = date(row, first + 7)
    else { return nil }
    return Item(
      id: id, name: name, emoji: emoji, quantity: decodeQuantity(row, from: first + 3),
      addedAt: addedAt,
      checkedAt: date(row, first + 6), listedAt: listedAt, clearedAt: date(row, first + 8))
  }

  /// Decodes an amount column and the unit column after it; nil unless both hold a quantity
  /// that passes `QuantityRules.isStorable` (written by an older build or by hand, a row may
  /// hold anything).
  static func decodeQuantity(_ row: Statement, from first: Int32) -> Quantity? {
    guard let amount = row.double(first), let unitText = row.text(first + 1),
      let unit = MeasureUnit(rawValue: unitText)
    else { return nil }
    let quantity = Quantity(amount: amount, unit: unit)
    return QuantityRules.isStorable(quantity) ? quantity : nil
  }

  /// Decodes `memoryColumns` starting at column `first` into the entry and its key.
  static func decodeMemory(_ row: Statement, from first: Int32) -> (String, MemoryEntry)? {
    guard let key = row.text(first), !key.isEmpty,
      let name = row.text(first + 1),
      let times = row.int64(first + 2), let timesAdded = Int(exactly: times),
      let lastAdded = date(row, first + 3)
    else { return nil }
    return (key, MemoryEntry(name: name, timesAdded: timesAdded, lastAdded: lastAdded))
  }

  static func date(_ row: Statement, _ column: Int32) -> Date? {
    guard let seconds = row.double(column), seconds.isFinite else { return nil }
    return Date(timeIntervalSince1970: seconds)
  }
}

extension Date {
  /// Seconds since 1970, as the store keeps dates.
  var seconds: Double { timeIntervalSince1970 }
}
